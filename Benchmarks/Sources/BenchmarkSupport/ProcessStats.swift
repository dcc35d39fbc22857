// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Reads a process's threads and memory from /proc.
public enum ProcessStats {
    /// One thread's context switches: each is a wakeup (voluntary) or a preemption.
    public struct ThreadSwitches: Sendable {
        public var name: String
        public var switches: Int
    }

    /// Every thread of `pid`, with its name and context-switch count so far.
    public static func threads(of pid: Int32) -> [Int: ThreadSwitches] {
        let base = "/proc/\(pid)/task"
        var result: [Int: ThreadSwitches] = [:]
        for tid in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] {
            guard let id = Int(tid), let status = try? String(contentsOfFile: "\(base)/\(tid)/status", encoding: .utf8) else { continue }
            var name = "?"
            var switches = 0
            for line in status.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2 else { continue }
                if parts[0] == "Name" { name = parts[1] }
                if parts[0] == "voluntary_ctxt_switches" || parts[0] == "nonvoluntary_ctxt_switches" { switches += Int(parts[1]) ?? 0 }
            }
            result[id] = ThreadSwitches(name: name, switches: switches)
        }
        return result
    }

    /// Wakeups per second over `seconds`, split into the threads `isOurs` accepts and the rest.
    public static func wakeupsPerSecond(of pid: Int32, over seconds: Int, isOurs: (String) -> Bool) async throws -> (ours: Double, others: Double) {
        let before = threads(of: pid)
        try await Task.sleep(for: .seconds(seconds))
        let after = threads(of: pid)
        var ours = 0
        var others = 0
        for (id, thread) in after {
            let delta = thread.switches - (before[id]?.switches ?? 0)
            if isOurs(thread.name) { ours += delta } else { others += delta }
        }
        return (Double(ours) / Double(seconds), Double(others) / Double(seconds))
    }

    /// The resident set size in kilobytes.
    public static func residentKilobytes(of pid: Int32) -> Int {
        statusNumber("VmRSS", of: pid)
    }

    /// The number of threads (`Threads:` in /proc/PID/status).
    public static func threadCount(of pid: Int32) -> Int {
        statusNumber("Threads", of: pid)
    }

    /// The number after `field:` in /proc/PID/status (its unit, such as kB, left off); 0 when
    /// the process or the field is not there.
    private static func statusNumber(_ field: String, of pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.dropFirst(field.count + 1).split(whereSeparator: \.isWhitespace).first ?? "") ?? 0
        }
        return 0
    }

    /// The processes `pid` started that are still running (or not yet reaped): the
    /// `children` of each of its threads (/proc/PID/task/TID/children), such as the engine
    /// remote-playerd starts to play.
    public static func children(of pid: Int32) -> [Int32] {
        let base = "/proc/\(pid)/task"
        var result: [Int32] = []
        for tid in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] {
            guard let list = try? String(contentsOfFile: "\(base)/\(tid)/children", encoding: .utf8) else { continue }
            result += list.split(whereSeparator: \.isWhitespace).compactMap { Int32($0) }
        }
        return result.sorted()
    }

    /// Whether a file whose name contains `library` (such as "libmpv.so") is mapped into the
    /// process (/proc/PID/maps); nil when its maps cannot be read.
    public static func maps(_ library: String, in pid: Int32) -> Bool? {
        guard let maps = try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8), !maps.isEmpty else { return nil }
        return maps.split(separator: "\n").contains { $0.split(separator: "/").last?.contains(library) == true }
    }

    /// Resident kilobytes of the process's own executable file (its code, constants and data),
    /// apart from the libraries it loads and its heap: what a statically linked runtime costs.
    public static func executableResidentKilobytes(of pid: Int32) -> Int {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"),
            let smaps = try? String(contentsOfFile: "/proc/\(pid)/smaps", encoding: .utf8)
        else { return 0 }
        var total = 0
        var inExecutable = false
        for line in smaps.split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains("-") {
                inExecutable = line.hasSuffix(" " + executable)
            } else if inExecutable, line.hasPrefix("Rss:") {
                total += Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
            }
        }
        return total
    }

    /// The bytes the process has passed to write(2) and its kin so far (`wchar` in
    /// /proc/PID/io): files and pipes, not sockets written with send(2), as libdbus does.
    public static func writtenBytes(of pid: Int32) -> Int {
        guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return 0 }
        for line in io.split(separator: "\n") where line.hasPrefix("wchar:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
