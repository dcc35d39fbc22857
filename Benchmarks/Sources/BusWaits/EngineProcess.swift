// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation

/// remote-playerd's engine (`remotebridge-engine`, the child that plays), found and frozen from
/// outside through /proc and signals.
enum EngineProcess {
    /// The kernel's name of the engine process: its program's name cut to 15 characters.
    static let processName = String("remotebridge-engine".prefix(15))

    /// The engine of the daemon `daemon`: its child named `processName`, if one runs.
    static func pid(of daemon: Int32) -> Int32? {
        ProcessStats.children(of: daemon).first { isEngine($0, of: daemon) }
    }

    /// Whether `pid` is still an engine of `daemon` (and not a process that took its number since).
    static func isEngine(_ pid: Int32, of daemon: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        let lines = status.split(separator: "\n")
        return lines.contains("PPid:\t\(daemon)") && lines.contains("Name:\t\(processName)")
    }

    /// Whether `pid` is stopped (state T in /proc/PID/stat).
    static func isStopped(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.range(of: ") ", options: .backwards)
        else { return false }
        return stat[end.upperBound...].first == "T"
    }

    /// Freezes `pid` with SIGSTOP and returns once the kernel shows it stopped (microseconds), so
    /// that nothing sent afterwards is handled by it; throws if it is not stopped within a second.
    @MainActor
    static func freeze(_ pid: Int32) async throws {
        kill(pid, SIGSTOP)
        let deadline = ContinuousClock.now + .seconds(1)
        while !isStopped(pid) {
            guard ContinuousClock.now < deadline else { throw ProcessTimer.Failure(description: "the engine (\(pid)) did not stop on SIGSTOP") }
            await Task.yield()
        }
    }

    /// Lets `pid` go on with SIGCONT, if it is still `daemon`'s engine (the daemon may have
    /// killed it as hung, and reaped it); whether it was.
    @discardableResult
    static func thaw(_ pid: Int32, of daemon: Int32) -> Bool {
        guard isEngine(pid, of: daemon) else { return false }
        kill(pid, SIGCONT)
        return true
    }
}
