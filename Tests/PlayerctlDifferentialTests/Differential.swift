// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

/// Two identical worlds (`ClientWorld`), one for playerctl and one for remotectl, and the
/// checks that the two programs answer alike: the same stdout, stderr, status and calls.
@MainActor
final class Differential {
    /// playerctl's world.
    let reference: ClientWorld
    /// remotectl's world.
    let candidate: ClientWorld
    /// How long a `--follow` run may take to print an awaited line.
    static let lineLimit = Duration.seconds(5)

    /// Starts both worlds; with `serviceDirectories`, each session bus starts the programs its
    /// directory's `.service` files name.
    init(serviceDirectories: (playerctl: String, remotectl: String)? = nil) throws {
        reference = try ClientWorld(serviceDirectory: serviceDirectories?.playerctl)
        candidate = try ClientWorld(serviceDirectory: serviceDirectories?.remotectl)
    }

    /// Adds the player `org.mpris.MediaPlayer2.<name>` to both worlds, with the default
    /// properties as `configure` changes them.
    @discardableResult
    func add(
        _ name: String, on bus: ClientWorld.Bus = .session, _ configure: (inout ScriptedPlayerProperties) -> Void = { _ in }
    ) async throws -> TwinPlayer {
        var properties = ScriptedPlayerProperties()
        configure(&properties)
        return TwinPlayer(
            reference: try await reference.addPlayer(name, on: bus, properties: properties),
            candidate: try await candidate.addPlayer(name, on: bus, properties: properties))
    }

    /// Runs both programs with `arguments`, each in its world, to their end.
    func run(_ arguments: [String]) async throws -> ClientComparison.Result {
        try await ClientComparison.run(arguments, playerctlBuses: reference.addresses, remotectlBuses: candidate.addresses)
    }

    /// Runs both programs and expects the same stdout, stderr and status, and the same calls
    /// on the players of each world.
    @discardableResult
    func expectSame(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> ClientComparison.Result {
        let result = try await run(arguments)
        #expect(result.isSame, "\(result.difference)", sourceLocation: sourceLocation)
        expectSameCalls(arguments, sourceLocation: sourceLocation)
        return result
    }

    /// Expects the players of both worlds to have received the same calls so far.
    func expectSameCalls(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            candidate.callLog == reference.callLog,
            "`\(arguments.joined(separator: " "))`: playerctl's players got \(reference.callLog), remotectl's \(candidate.callLog)",
            sourceLocation: sourceLocation)
    }

    /// Starts both programs with `arguments` (a `--follow` command line) for the caller to
    /// drive with `FollowRun.expectLines`.
    func follow(_ arguments: [String]) async throws -> FollowRun {
        let (playerctl, remotectl) = try await ClientComparison.start(
            arguments, playerctlBuses: reference.addresses, remotectlBuses: candidate.addresses)
        return FollowRun(arguments: arguments, playerctl: playerctl, remotectl: remotectl)
    }
}

/// playerctl and remotectl following the same command, each in its world.
@MainActor
struct FollowRun {
    /// The command line both run.
    let arguments: [String]
    /// playerctl, running.
    let playerctl: ObservedProcess
    /// remotectl, running.
    let remotectl: ObservedProcess

    /// Waits until both have printed `count` lines (or `Differential.lineLimit` passed), then
    /// expects the same lines from both, and `expected` from playerctl when given (so that the
    /// test shows it drives playerctl where it means to). With `firstOnly`, only the first
    /// `count` lines are compared, for output that comes with time (a tick each second).
    func expectLines(
        _ count: Int, _ expected: [String]? = nil, firstOnly: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        async let reference = playerctl.waitForLines(count, limit: Differential.lineLimit)
        async let candidate = remotectl.waitForLines(count, limit: Differential.lineLimit)
        _ = await (reference, candidate)
        let referenceLines = firstOnly ? Array(playerctl.lines.prefix(count)) : playerctl.lines
        let candidateLines = firstOnly ? Array(remotectl.lines.prefix(count)) : remotectl.lines
        if let expected {
            #expect(
                referenceLines == expected, "playerctl \(arguments.joined(separator: " ")): stderr \(playerctl.standardError.debugDescription)",
                sourceLocation: sourceLocation)
        }
        #expect(
            candidateLines == referenceLines,
            "`\(arguments.joined(separator: " "))` after \(count) lines: playerctl \(referenceLines), remotectl \(candidateLines) (stderr \(remotectl.standardError.debugDescription))",
            sourceLocation: sourceLocation)
    }

    /// Kills both.
    func stop() {
        playerctl.kill()
        remotectl.kill()
    }
}
