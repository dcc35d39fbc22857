// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgePlayer

/// The player adapter on its own, over real libmpv with `ao=null`: no D-Bus, no daemon.
@Suite("MPVPlayer over real libmpv", .serialized)
@MainActor
struct MPVPlayerTests {
    /// A player with the tones queued, and a way to wait on its changes without polling.
    @MainActor
    final class Fixture {
        let media: TestMedia
        let player: MPVPlayer
        private let changes = ChangeWaiter()

        /// Every change, in order.
        private(set) var changeLog: [MPVPlayer.Change] = []

        init(count: Int = 3, seconds: Int = 30, lastSeconds: Int? = nil, hiddenSockets: [String] = []) async throws {
            media = try await TestMedia.make(count: count, seconds: seconds, lastSeconds: lastSeconds)
            var configuration = MPVPlayer.Configuration()
            configuration.audioOutput = "null"
            configuration.hiddenSockets = hiddenSockets
            player = try MPVPlayer(configuration: configuration)
            player.listeners.add { [changes, weak self] event in
                if case .changed(let change) = event { self?.changeLog.append(change) }
                changes.wake()
            }
            player.reportPositionMoves()
            player.load(media.tones.map { QueueItem(url: $0.path) })
        }

        /// Waits, change by change, until `condition` holds; the limit only ends a failing test.
        func until(_ what: String, limit: Duration = .seconds(10), _ condition: () -> Bool) async {
            if await !changes.until(limit: limit, condition) { Issue.record("timed out waiting until \(what)") }
        }

        isolated deinit {
            player.shutdown()
            media.remove()
        }
    }

    @Test("the queue loads with tags and lengths from the files, and plays from the first")
    func queueLoads() async throws {
        let f = try await Fixture()
        #expect(f.player.entries.count == 3)
        // Loaded, not playing: the first entry is open, paused (no longer Stopped until mpv's
        // first idle-active event happened to arrive).
        #expect(f.player.status == .paused)
        #expect(f.player.currentIndex == 0)
        f.player.play()
        await f.until("playing the first") { f.player.status == .playing && f.player.currentIndex == 0 }
        await f.until("its length is known") { f.player.current?.length != nil }
        #expect(f.player.current?.length.map { abs($0.inSeconds - 30) < 0.5 } == true)
    }

    @Test("setting the loop takes effect at once: Next at the last entry wraps right after it")
    func loopThenNext() async throws {
        let f = try await Fixture()
        f.player.play()
        await f.until("playing") { f.player.status == .playing }
        f.player.next()
        f.player.next()
        await f.until("playing the last") { f.player.status == .playing && f.player.currentIndex == 2 }
        f.player.setLoop(.playlist)
        #expect(f.player.loop == .playlist)
        f.player.next()
        #expect(f.player.currentIndex == 0)
        await f.until("playing the first again") { f.player.status == .playing && f.player.currentIndex == 0 }
        f.player.setLoop(.none)
        f.player.next()
        f.player.next()
        await f.until("playing the last") { f.player.status == .playing && f.player.currentIndex == 2 }
        f.player.next()  // at the end, not looping: stop
        await f.until("stopped at the end") { f.player.status == .stopped }
        #expect(f.player.currentIndex == 2)
    }

    @Test("a URI with a scheme not allowed, or none, is refused and the queue stays")
    func refusals() async throws {
        let f = try await Fixture()
        #expect(throws: PlayerError.self) { try f.player.open(uri: "ftp://example.com/a.flac") }
        #expect(throws: PlayerError.self) { try f.player.open(uri: "loadfile /etc/passwd") }
        #expect(f.player.entries.count == 3)
    }

    @Test("volume clamps to 0 and to mpv's maximum; NaN changes nothing")
    func volume() async throws {
        let f = try await Fixture()
        f.player.setVolume(-1)
        await f.until("volume 0") { f.player.volume == 0 }
        f.player.setVolume(.nan)
        f.player.setVolume(100)
        await f.until("volume at the maximum") { f.player.volume == f.player.maximumVolume }
        #expect(f.player.maximumVolume >= 1)
    }

    @Test("removing the current entry moves on; removing the rest leaves an empty, stopped queue")
    func removal() async throws {
        let f = try await Fixture(count: 2)
        f.player.play()
        await f.until("playing") { f.player.status == .playing }
        let first = try #require(f.player.current?.id)
        try f.player.remove(id: first)
        await f.until("one entry left") { f.player.entries.count == 1 }
        #expect(f.player.current?.id != first)
        try f.player.remove(id: try #require(f.player.entries.first?.id))
        await f.until("empty and stopped") { f.player.entries.isEmpty && f.player.status == .stopped }
    }
}
