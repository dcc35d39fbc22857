// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import RemoteBridgeProcess

/// What `/proc` says about a process that owns a bus name: its binary, the systemd unit that
/// started it (if one did), and whether it is stopped (SIGSTOP, a debugger).
public struct RunningProcess: Sendable, Equatable {
    /// Its process id.
    public var pid: Int64
    /// The binary it runs (`/proc/PID/exe`); nil when that cannot be read (another user's process).
    public var executable: String?
    /// The systemd unit it runs in (`remote-playerd.service`), from `/proc/PID/cgroup`; nil when
    /// it was started another way (by hand, by the bus itself).
    public var unit: String?
    /// Whether it is stopped (state T or t in `/proc/PID/stat`), so it answers nothing.
    public var isStopped: Bool

    /// Reads process `pid` under `proc` (`/proc`).
    public init(pid: Int64, proc: String = "/proc") {
        self.pid = pid
        let base = "\(proc)/\(pid)"
        executable = ProcessFiles.program(base + "/exe")
        let cgroup = (try? String(contentsOfFile: base + "/cgroup", encoding: .utf8)) ?? ""
        unit = Self.unit(inCgroup: cgroup)
        let state = ProcessFiles.state(base + "/stat")
        isStopped = state == "T" || state == "t"
    }

    /// Whether the file it was started from has been replaced or removed since (the kernel then
    /// names it with " (deleted)"): a package upgrade it has not taken up.
    public var runsReplacedProgram: Bool { executable?.hasSuffix(ProcessFiles.replacedMarker) == true }

    /// The `.service` unit a cgroup path ends in (`0::/user.slice/…/app.slice/headsetd.service`),
    /// or nil for one that is not a service's (a session scope: started by hand).
    static func unit(inCgroup text: String) -> String? {
        for line in text.split(separator: "\n") {
            guard let path = line.split(separator: ":", maxSplits: 2).last else { continue }
            if let last = path.split(separator: "/").last, last.hasSuffix(".service"), !last.hasPrefix("user@") { return String(last) }
        }
        return nil
    }

    /// "pid 412, /usr/local/bin/headsetd, started by systemd (headsetd.service)", for a finding.
    public var description: String {
        "pid \(pid), \(executable ?? "binary unknown"), " + (unit.map { "started by systemd (\($0))" } ?? "started by hand or by D-Bus activation")
    }
}
