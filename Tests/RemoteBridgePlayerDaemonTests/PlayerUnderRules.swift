// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgePlayer
import RemoteBridgeTesting
import RemoteBridgeCore
import RemoteBridgePlayerDaemon
import Testing

/// The two players that follow `ControllablePlayer`'s rules: the tests' double and the real one.
enum PlayerKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory = "InMemoryPlayer"
    case mpv = "MPVPlayer"

    /// The name, in the test's arguments.
    var testDescription: String { rawValue }
}

/// A player as the conformance suite sees it: the protocol, plus what the rules speak of that the
/// protocol does not show (the current track, the position, stopped or not, scanning or not),
/// and a wait for a change that the player makes in its own time.
@MainActor
protocol PlayerUnderRules: AnyObject {
    /// The player, as `PlayerController` drives it.
    var player: any ControllablePlayer { get }
    /// The index of the current track in the queue, if any.
    var index: Int? { get }
    /// The position in the current track.
    var position: Duration { get }
    /// Whether it is stopped (neither playing nor paused).
    var isStopped: Bool { get }
    /// Whether a held seek button is scanning.
    var isScanning: Bool { get }
    /// Waits until `condition` holds, and records an issue naming `what` if it never does.
    func until(_ what: String, _ condition: () -> Bool) async
}

extension PlayerUnderRules {
    /// Whether the position is `expected`, within what mpv's seek to a frame and its heard
    /// position allow (a quarter second).
    func isNear(_ expected: Duration) -> Bool {
        let difference = position - expected
        return difference < .milliseconds(250) && difference > .milliseconds(-250)
    }
}

/// Makes players of either kind, stopped at the first of `tracks` tracks.
@MainActor
enum PlayerUnderRulesFactory {
    static func make(_ kind: PlayerKind, tracks: Int = 3) async throws -> any PlayerUnderRules {
        switch kind {
        case .inMemory: InMemorySubject(tracks: tracks)
        case .mpv: try await MPVSubject(tracks: tracks)
        }
    }
}

/// `InMemoryPlayer`: every change happens in the call, so a condition is checked once.
@MainActor
final class InMemorySubject: PlayerUnderRules {
    let memory: InMemoryPlayer
    var player: any ControllablePlayer { memory }
    var index: Int? { memory.currentIndex }
    var position: Duration { memory.position }
    var isStopped: Bool { memory.playbackStatus == .stopped }
    var isScanning: Bool { memory.scanning != nil }

    /// Three-minute tracks; none with `tracks` 0.
    init(tracks: Int) {
        memory = InMemoryPlayer(tracks: max(1, tracks))
        if tracks == 0 {
            memory.queue = []
            memory.currentIndex = nil
        }
    }

    func until(_ what: String, _ condition: () -> Bool) async {
        if !condition() { Issue.record("InMemoryPlayer: not \(what)") }
    }
}

/// `MPVPlayer` over real libmpv with `ao=null`, playing generated ten-second tones.
@MainActor
final class MPVSubject: PlayerUnderRules {
    let media: TestMedia
    let mpv: MPVPlayer
    private let changes = ChangeWaiter()
    var player: any ControllablePlayer { mpv }
    var index: Int? { mpv.currentIndex }
    var position: Duration { mpv.position }
    var isStopped: Bool { mpv.status == .stopped }
    var isScanning: Bool { mpv.isScanning }

    init(tracks: Int) async throws {
        media = try await TestMedia.make(count: max(1, tracks), seconds: 10)
        var configuration = MPVPlayer.Configuration()
        configuration.audioOutput = "null"
        mpv = try MPVPlayer(configuration: configuration)
        mpv.listeners.add { [changes] _ in changes.wake() }
        mpv.reportPositionMoves()
        guard tracks > 0 else { return }
        mpv.load(media.tones.map { QueueItem(url: $0.path) })
        // Opened (its length known), then stopped, as the in-memory player starts.
        await until("open at the first track") { mpv.currentLength != nil }
        mpv.stop()
    }

    func until(_ what: String, _ condition: () -> Bool) async {
        if await !changes.until(condition) { Issue.record("MPVPlayer: timed out waiting until \(what)") }
    }

    isolated deinit {
        mpv.shutdown()
        media.remove()
    }
}
