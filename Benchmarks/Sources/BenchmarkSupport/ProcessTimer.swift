// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Runs a whole program and measures its wall time, from spawn to reaped exit.
public enum ProcessTimer {
    /// A program that could not start, or did not succeed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String

        /// Makes a failure.
        public init(description: String) {
            self.description = description
        }
    }

    /// Spawns `path` with `arguments` and `environment`, output to /dev/null, and waits for it.
    /// Throws when it cannot start or exits non-zero: a failing command is not a measurement.
    public static func wallTime(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Duration {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw Failure(description: "cannot start \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let elapsed = clock.now - start
        // WIFEXITED && WEXITSTATUS == 0, spelled out: Glibc's macros are not imported.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Failure(description: "\(path) \(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
        return elapsed
    }

    /// The median of `samples`.
    public static func median(_ samples: [Duration]) -> Duration {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
