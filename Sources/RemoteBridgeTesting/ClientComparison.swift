// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Runs `/usr/bin/playerctl` and the built `remotectl` with the same arguments and the same
/// environment, side by side, so a test can ask that remotectl answers exactly as playerctl
/// does: the same stdout, stderr and exit status.
///
/// The environment is ours, with the session bus and the system bus pointed at private buses,
/// `LC_ALL=C.UTF-8`, and nothing of D-Bus activation or GLib debugging left over from the
/// test runner's own.
public enum ClientComparison {
    /// The reference: Debian's playerctl 2.4.1.
    public static let playerctl = "/usr/bin/playerctl"
    /// The program compared with it.
    public static var remotectl: String { BuiltProduct.debug("remotectl") }
    /// How long a program that should end at once may run before it is killed as hung.
    public static let runLimit = Duration.seconds(20)

    /// What one program did: its exit status, stdout and stderr.
    public struct Outcome: Sendable, Equatable, CustomStringConvertible {
        /// The exit status (128 + the signal for a killed program).
        public var status: Int32
        /// Everything it wrote to stdout.
        public var standardOutput: String
        /// Everything it wrote to stderr.
        public var standardError: String

        /// Makes an outcome.
        public init(status: Int32, standardOutput: String, standardError: String) {
            self.status = status
            self.standardOutput = standardOutput
            self.standardError = standardError
        }

        /// The status and both streams, quoted so that spaces and newlines show.
        public var description: String {
            "status \(status), stdout \(standardOutput.debugDescription), stderr \(standardError.debugDescription)"
        }
    }

    /// Both programs' outcomes for one command line.
    public struct Result: Sendable {
        /// The arguments both were given.
        public var arguments: [String]
        /// What playerctl did.
        public var playerctl: Outcome
        /// What remotectl did.
        public var remotectl: Outcome

        /// Whether the two did exactly the same.
        public var isSame: Bool { playerctl == remotectl }

        /// The command line and every part that differs, playerctl's first, for a failure message.
        public var difference: String {
            var parts = ["`\(arguments.joined(separator: " "))`:"]
            if playerctl.status != remotectl.status {
                parts.append("  status: playerctl \(playerctl.status), remotectl \(remotectl.status)")
            }
            if playerctl.standardOutput != remotectl.standardOutput {
                parts.append("  stdout: playerctl \(playerctl.standardOutput.debugDescription)")
                parts.append("          remotectl \(remotectl.standardOutput.debugDescription)")
            }
            if playerctl.standardError != remotectl.standardError {
                parts.append("  stderr: playerctl \(playerctl.standardError.debugDescription)")
                parts.append("          remotectl \(remotectl.standardError.debugDescription)")
            }
            return parts.joined(separator: "\n")
        }
    }

    /// The environment both programs get: ours, with `sessionBus` and `systemBus` as the
    /// session and system bus, `LC_ALL=C.UTF-8`, and no activation or GLib debug variables.
    public static func environment(sessionBus: String, systemBus: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for leftover in ["DBUS_STARTER_ADDRESS", "DBUS_STARTER_BUS_TYPE", "G_MESSAGES_DEBUG", "G_DEBUG", "LANGUAGE", "NO_COLOR"] {
            environment[leftover] = nil
        }
        environment["DBUS_SESSION_BUS_ADDRESS"] = sessionBus
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = systemBus
        environment["LC_ALL"] = "C.UTF-8"
        return environment
    }

    /// Starts both programs with `arguments`, playerctl on `playerctlBuses` and remotectl on
    /// `remotectlBuses` (the same pair, but for a test of what happens when a program is the
    /// first to call a name). The caller reads or waits for them and kills them.
    @MainActor
    public static func start(
        _ arguments: [String], playerctlBuses: (session: String, system: String), remotectlBuses: (session: String, system: String)
    ) async throws -> (playerctl: ObservedProcess, remotectl: ObservedProcess) {
        async let reference = ObservedProcess(
            executable: playerctl, arguments, environment: environment(sessionBus: playerctlBuses.session, systemBus: playerctlBuses.system))
        async let candidate = ObservedProcess(
            executable: remotectl, arguments, environment: environment(sessionBus: remotectlBuses.session, systemBus: remotectlBuses.system))
        return try await (reference, candidate)
    }

    /// Runs both programs to their end at once and returns what each did. A program that has
    /// not ended after `runLimit` is killed.
    @MainActor
    public static func run(
        _ arguments: [String], playerctlBuses: (session: String, system: String), remotectlBuses: (session: String, system: String)
    ) async throws -> Result {
        let (reference, candidate) = try await start(arguments, playerctlBuses: playerctlBuses, remotectlBuses: remotectlBuses)
        async let referenceStatus = reference.waitForExit(limit: runLimit)
        async let candidateStatus = candidate.waitForExit(limit: runLimit)
        let statuses = await (referenceStatus, candidateStatus)
        return Result(
            arguments: arguments,
            playerctl: Outcome(status: statuses.0, standardOutput: reference.standardOutput, standardError: reference.standardError),
            remotectl: Outcome(status: statuses.1, standardOutput: candidate.standardOutput, standardError: candidate.standardError))
    }
}
