import Foundation
import PrivateBusLauncher
import Subprocess
import SystemPackage

/// Runs an outside program (such as `playerctl`) to its end, with swift-subprocess, which
/// reads stdout and stderr while the program runs: output of any size never blocks it.
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

    /// The most output kept from each stream.
    public static let outputLimit = 64 << 20

    /// Runs `name` (found on PATH, or a path) with `arguments`, and `environment` added to ours.
    public static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        guard let executable = PrivateBus.findExecutable(name) else {
            throw PrivateBus.StartError(description: "\(name) is not installed; run `make deps`")
        }
        var added: [Environment.Key: String?] = [:]
        for (key, value) in environment { added[Environment.Key(stringLiteral: key)] = value }
        let result = try await Subprocess.run(
            .path(FilePath(executable)), arguments: Arguments(arguments), environment: .inherit.updating(added),
            input: .none, output: .string(limit: outputLimit), error: .string(limit: outputLimit))
        let status: Int32 =
            switch result.terminationStatus {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        return Result(status: status, standardOutput: result.standardOutput, standardError: result.standardError)
    }
}
