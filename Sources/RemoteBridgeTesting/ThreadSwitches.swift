// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How often a process's threads have been switched off the CPU (voluntarily or not), from
/// `/proc/PID/task/*/status`: a thread that never runs adds nothing, so the difference between
/// two readings counts wakeups.
public enum ThreadSwitches {
    /// Context switches of each of `pid`'s threads, by thread id.
    public static func byThread(of pid: pid_t) -> [Int: Int] {
        var result: [Int: Int] = [:]
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            guard let tid = Int(task), let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { continue }
            result[tid] = status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
                .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }.reduce(0, +)
        }
        return result
    }
}
