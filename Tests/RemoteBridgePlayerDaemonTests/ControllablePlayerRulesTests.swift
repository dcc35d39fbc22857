// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore
import Testing

/// The transport rules of `ControllablePlayer`, run against the tests' `InMemoryPlayer` and the
/// real `MPVPlayer` alike, so that the double cannot drift from the player users hear. Each
/// player starts stopped at the first of three tracks.
@Suite("ControllablePlayer rules, for InMemoryPlayer and MPVPlayer alike", .serialized)
@MainActor
struct ControllablePlayerRulesTests {
    @Test("play plays the current track; pause pauses; pause while stopped stays stopped; stop goes to 0", arguments: PlayerKind.allCases)
    func playPauseStop(kind: PlayerKind) async throws {
        let s = try await PlayerUnderRulesFactory.make(kind)
        s.player.pause()
        #expect(s.isStopped && !s.player.isPlaying)
        s.player.play()
        await s.until("playing the first track") { s.player.isPlaying && s.index == 0 }
        s.player.pause()
        await s.until("paused") { !s.player.isPlaying && !s.isStopped }
        s.player.play()
        await s.until("playing again") { s.player.isPlaying }
        s.player.stop()
        await s.until("stopped at 0, the track kept") { s.isStopped && s.position == .zero && s.index == 0 }
    }

    @Test("play with nothing queued does nothing", arguments: PlayerKind.allCases)
    func playNothing(kind: PlayerKind) async throws {
        let s = try await PlayerUnderRulesFactory.make(kind, tracks: 0)
        s.player.play()
        #expect(!s.player.isPlaying && s.isStopped && s.index == nil)
    }

    @Test("next goes to the following track's start; after the last, without loop, it stops there", arguments: PlayerKind.allCases)
    func next(kind: PlayerKind) async throws {
        let s = try await PlayerUnderRulesFactory.make(kind)
        s.player.play()
        await s.until("playing") { s.player.isPlaying }
        s.player.next()
        await s.until("playing the second track from its start") { s.player.isPlaying && s.index == 1 && s.isNear(.zero) }
        s.player.next()
        await s.until("at the third track") { s.index == 2 }
        s.player.next()
        await s.until("stopped at the last track") { s.isStopped && s.index == 2 }
    }

    @Test(
        "previous goes back within the first seconds, restarts the track after them, and restarts the first track",
        arguments: PlayerKind.allCases)
    func previous(kind: PlayerKind) async throws {
        let s = try await PlayerUnderRulesFactory.make(kind)
        let threshold = TransportDefaults.previousRestartsAfter
        s.player.play()
        s.player.pause()
        await s.until("paused") { !s.player.isPlaying && !s.isStopped }
        s.player.next()
        await s.until("at the second track") { s.index == 1 }
        s.player.previous()
        await s.until("back at the first track") { s.index == 0 && s.isNear(.zero) }
        s.player.next()
        await s.until("at the second track") { s.index == 1 }
        s.player.seek(to: threshold + .seconds(2))
        await s.until("past the threshold") { s.isNear(threshold + .seconds(2)) }
        s.player.previous()
        await s.until("the second track restarted") { s.index == 1 && s.isNear(.zero) }
        s.player.previous()
        await s.until("at the first track") { s.index == 0 }
        s.player.seek(to: .seconds(1))
        await s.until("a second in") { s.isNear(.seconds(1)) }
        s.player.previous()
        await s.until("the first track restarted") { s.index == 0 && s.isNear(.zero) }
        #expect(!s.player.isPlaying, "previous keeps a paused player paused")
    }

    @Test("seek(by:) moves by the offset; before the start is 0; reaching the end goes to the next track", arguments: PlayerKind.allCases)
    func seekBy(kind: PlayerKind) async throws {
        let s = try await PlayerUnderRulesFactory.make(kind)
        s.player.play()
        s.player.pause()
        await s.until("paused with a known length") { !s.player.isPlaying && !s.isStopped && s.player.currentLength != nil }
        s.player.seek(by: .seconds(5))
        await s.until("at 5 s") { s.isNear(.seconds(5)) }
        s.player.seek(by: .seconds(-2))
        await s.until("at 3 s") { s.isNear(.seconds(3)) }
        s.player.seek(by: .seconds(-60))
        await s.until("at 0") { s.isNear(.zero) && s.index == 0 }
        let length = try #require(s.player.currentLength)
        s.player.seek(by: length)
        await s.until("at the second track's start") { s.index == 1 && s.isNear(.zero) }
    }

    @Test("seek(to:) goes to the position; one before the start is 0", arguments: PlayerKind.allCases)
    func seekTo(kind: PlayerKind) async throws {
        let s = try await PlayerUnderRulesFactory.make(kind)
        s.player.play()
        s.player.pause()
        await s.until("paused") { !s.player.isPlaying && !s.isStopped }
        s.player.seek(to: .seconds(4))
        await s.until("at 4 s") { s.isNear(.seconds(4)) }
        s.player.seek(to: .seconds(-5))
        await s.until("at 0") { s.position == .zero }
    }

    @Test("a stopped player does not scan; a playing one scans until endScanning; stop ends a scan", arguments: PlayerKind.allCases)
    func scanning(kind: PlayerKind) async throws {
        let s = try await PlayerUnderRulesFactory.make(kind)
        s.player.beginScanning(forward: true)
        #expect(!s.isScanning)
        s.player.play()
        await s.until("playing") { s.player.isPlaying }
        s.player.beginScanning(forward: true)
        #expect(s.isScanning)
        s.player.endScanning()
        #expect(!s.isScanning)
        s.player.beginScanning(forward: false)
        #expect(s.isScanning)
        s.player.stop()
        #expect(!s.isScanning && s.isStopped)
    }
}
