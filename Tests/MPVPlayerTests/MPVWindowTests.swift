import Foundation
import RemoteBridgeTesting
import Testing

@testable import MPVPlayer

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
        let f = try await MPVPlayerTests.Fixture(count: 3, seconds: 1)
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
            if f.player.status != .stopped {
                #expect(f.player.handedToMPV.first == f.player.currentID, "round \(round)")
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
}
