// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgePlayer

/// mpv holds the current entry and the next, handed over one at a time, and never more; bursts of
/// transport calls leave the queue on the entry they name.
@Suite("MPVPlayer: what mpv holds", .serialized)
@MainActor
struct MPVWindowTests {
    @Test("mpv holds the current entry and the next, no more, after every move and a loop change")
    func currentAndNext() async throws {
        let f = try await MPVPlayerTests.Fixture()
        let ids = f.player.entries.map(\.id)
        f.player.play()
        await f.until("playing the first") { f.player.status == .playing && f.player.window.awaited == nil }
        #expect(f.player.handedToMPV == [ids[0], ids[1]])
        f.player.next()
        await f.until("playing the second") { f.player.currentIndex == 1 && f.player.window.awaited == nil }
        #expect(f.player.handedToMPV == [ids[1], ids[2]])
        f.player.next()
        await f.until("playing the last") { f.player.currentIndex == 2 && f.player.window.awaited == nil }
        #expect(f.player.handedToMPV == [ids[2]])
        f.player.setLoop(.playlist)
        #expect(f.player.handedToMPV == [ids[2], ids[0]])
        try f.player.remove(id: ids[0])
        #expect(f.player.handedToMPV == [ids[2], ids[1]])
    }

    @Test("the next entry is in mpv before the current one ends, and mpv goes on to it by itself (gapless)")
    func nextBeforeTheEnd() async throws {
        // Two seconds each: the check after the change has a whole track's time, even when other
        // suites hold the main actor a while.
        let f = try await MPVPlayerTests.Fixture(count: 3, seconds: 2)
        let ids = f.player.entries.map(\.id)
        var heldWhilePlayingFirst: [[Int64?]] = []
        f.player.play()
        await f.until("the second plays, by itself") {
            if f.player.currentIndex == 0, f.player.status == .playing { heldWhilePlayingFirst.append(f.player.handedToMPV) }
            return f.player.currentIndex == 1
        }
        #expect(!heldWhilePlayingFirst.isEmpty)
        #expect(heldWhilePlayingFirst.allSatisfy { $0.count <= 2 && $0.contains(ids[1]) })
        #expect(f.player.handedToMPV == [ids[1], ids[2]])
    }

    @Test("bursts of Next, Previous, go-to, Stop and Play in one turn end on the entry they name, 40 times over")
    func bursts() async throws {
        let f = try await MPVPlayerTests.Fixture(count: 5)
        var generator = SystemRandomNumberGenerator()
        for round in 0..<40 {
            var expected = f.player.currentIndex ?? 0
            for _ in 0..<6 {
                switch Int.random(in: 0..<5, using: &generator) {
                case 0:
                    // At the last entry Next stops, and the entry stays.
                    f.player.next()
                    expected = min(expected + 1, 4)
                case 1:
                    // Previous goes back one, unless the entry has played past the threshold (or is the first).
                    let restarts = f.player.position > f.player.configuration.previousRestartThreshold || expected == 0
                    f.player.previous()
                    if !restarts { expected -= 1 }
                case 2:
                    let index = Int.random(in: 0..<5, using: &generator)
                    try f.player.goTo(id: f.player.entries[index].id)
                    expected = index
                case 3:
                    f.player.stop()
                default:
                    f.player.play()
                }
            }
            await f.until("round \(round) settled") { f.player.window.awaited == nil }
            #expect(f.player.currentIndex == expected, "round \(round)")
            // Paused before any Play, no engine runs, and mpv holds nothing: the entry opens at Play.
            if f.player.status != .stopped, f.player.hasEngine {
                #expect(f.player.handedToMPV.first == f.player.currentID, "round \(round)")
            } else {
                #expect(f.player.handedToMPV.isEmpty || f.player.hasEngine, "round \(round)")
            }
        }
    }

    @Test("removing the entry mpv has gone on to before it is heard plays the one after it, and mpv never holds the removed one")
    func removeDuringGaplessChange() async throws {
        let f = try await MPVPlayerTests.Fixture(count: 3, seconds: 1)
        let ids = f.player.entries.map(\.id)
        f.player.play()
        await f.until("mpv has gone on to the second, not heard yet") { f.player.transition?.id == ids[1] }
        try f.player.remove(id: ids[1])
        #expect(f.player.transition == nil)
        #expect(f.player.currentID == ids[2])
        #expect(!f.player.handedToMPV.contains(ids[1]))
        await f.until("the third plays") { f.player.status == .playing && f.player.window.awaited == nil }
        #expect(f.player.handedToMPV == [ids[2]])
    }

    @Test("a looping queue of two entries wraps from the second back to the first, by itself")
    func loopOfTwo() async throws {
        let f = try await MPVPlayerTests.Fixture(count: 2, seconds: 1)
        let ids = f.player.entries.map(\.id)
        f.player.setLoop(.playlist)
        f.player.play()
        await f.until("the second is current") { f.player.currentIndex == 1 }
        await f.until("mpv holds the first after it") { f.player.handedToMPV == [ids[1], ids[0]] }
        await f.until("back on the first, playing") { f.player.currentIndex == 0 && f.player.status == .playing }
    }

    @Test("a looping queue of one entry plays it again and again")
    func loopOfOne() async throws {
        let f = try await MPVPlayerTests.Fixture(count: 1, seconds: 1)
        f.player.setLoop(.playlist)
        f.player.play()
        await f.until("playing") { f.player.status == .playing }
        // A wrap is the position going back from near the end to near the start.
        var wraps = 0
        var last = 0.0
        await f.until("started over twice, still playing", limit: .seconds(6)) {
            let now = f.player.position.inSeconds
            if now < last - 0.5 { wraps += 1 }
            last = now
            return wraps >= 2 && f.player.status == .playing
        }
    }

    @Test("Stop, Play and a seek in one turn: the seek waits for the file to open again")
    func stopPlaySeek() async throws {
        let f = try await MPVPlayerTests.Fixture(count: 2)
        f.player.play()
        await f.until("playing, open") { f.player.status == .playing && f.player.loadedID == f.player.currentID }
        f.player.stop()
        f.player.play()
        f.player.seek(to: .seconds(20))
        await f.until("at 20 s", limit: .seconds(5)) { f.player.status == .playing && f.player.position >= .seconds(20) }
    }
}
