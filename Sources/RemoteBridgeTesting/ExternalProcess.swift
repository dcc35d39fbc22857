import PrivateBusLauncher
import RemoteBridgeDBus
import Foundation

/// Runs an outside program (such as `playerctl`) without blocking the main actor.
public enum ExternalProcess {
    /// What a finished program left behind.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything written to stdout.
        public var standardOutput: String
        /// Everything written to stderr.
        public var standardError: String
        /// stdout without the trailing newline.
        public var output: String { standardOutput.trimmingCharacters(in: .newlines) }
    }

    /// Runs `name` (found on PATH) with `arguments`, and `environment` added to ours.
    public static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        guard let executable = PrivateBus.findExecutable(name) else {
            throw PrivateBus.StartError(description: "\(name) is not installed; run `make deps`")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in
                let out = stdout.fileHandleForReading.readDataToEndOfFile()
                let err = stderr.fileHandleForReading.readDataToEndOfFile()
                continuation.resume(
                    returning: Result(
                        status: finished.terminationStatus, standardOutput: String(decoding: out, as: UTF8.self),
                        standardError: String(decoding: err, as: UTF8.self)))
            }
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
}
