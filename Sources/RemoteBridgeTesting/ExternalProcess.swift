// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgePrivateBus

/// Runs an outside program (such as `playerctl`) to its end, as an `ObservedProcess` (so with
/// `ChildProcess`, the package's one way to start a program), which reads stdout and stderr
/// while the program runs: output of any size never blocks it.
public enum ExternalProcess {
    /// What a finished program left behind.
    public struct Result: Sendable {
        /// The exit status; 128 + the signal for a program killed by one, as a shell says.
        public var status: Int32
        /// Everything written to stdout.
        public var standardOutput: String
        /// Everything written to stderr.
        public var standardError: String
        /// stdout without the trailing newline.
        public var output: String { standardOutput.trimmingCharacters(in: .newlines) }
    }

    /// How long a program may run before it is killed: a guard against a hung test, which then
    /// fails on status 137 instead of hanging.
    public static let runLimit = Duration.seconds(300)

    /// Runs `name` (found on PATH, or a path) with `arguments`, and `environment` added to ours.
    @MainActor
    public static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        guard let executable = ChildProcess.findExecutable(name) else {
            throw PrivateBus.StartError(description: "\(name) is not installed; run `make deps`")
        }
        let process = try await ObservedProcess(
            executable: executable, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        let status = await process.waitForExit(limit: runLimit)
        return Result(status: status, standardOutput: process.standardOutput, standardError: process.standardError)
    }
}
