// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgePlayer
import RemoteBridgeStateFile
@testable import RemoteBridgePlayerDaemon
import Testing

/// A shuffled queue's order before shuffling in the saved state: written with the snapshot, kept
/// right by the journal's inserts, removals and updates as the player keeps it, and never
/// written when the reader would refuse it.
@Suite("State file: the order before shuffling through the journal")
struct UnshuffledOrderReplayTests {
    /// A shuffled queue of `count` entries, each URL once, and its order before shuffling.
    static func shuffledState(count: Int) -> PlayerState {
        let order = Array(0..<count).shuffled()
        return PlayerState(
            queue: (0..<count).map { QueueItem(url: "/q/\($0)") }, currentIndex: count / 2, position: 3, volume: 1, loop: .none, shuffle: true,
            unshuffledOrder: order)
    }

    /// The URLs of `state`'s queue in its order before shuffling.
    static func unshuffledURLs(_ state: PlayerState) -> [String]? {
        state.unshuffledOrder.map { order in order.map { state.queue[$0].url } }
    }

    /// The version in the header of the file at `path`.
    static func version(_ path: String) throws -> UInt32 {
        let bytes = try StateJournalTests.bytes(path)
        return bytes[8..<12].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }

    @Test("a shuffled queue with its order is written as version 3 and reads back equal; without one, or unshuffled, as version 2")
    func versions() throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shuffled = Self.shuffledState(count: 40)
        try store.save(shuffled)
        #expect(try Self.version(store.path) == 3)
        #expect(try StateStore(path: store.path).load() == shuffled)
        #expect(try SavedStateSummary.read(store.path)?.entries == 40)
        var unknown = shuffled
        unknown.unshuffledOrder = nil
        try store.save(unknown)
        #expect(try Self.version(store.path) == 2)
        #expect(try StateStore(path: store.path).load() == unknown)
        var plain = unknown
        plain.shuffle = false
        try store.save(plain)
        #expect(try Self.version(store.path) == 2)
        #expect(try StateStore(path: store.path).load() == plain)
    }

    @Test("the order in a version-3 file written byte by byte is read as written")
    func readsWrittenBytes() throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try StateJournalTests.write(UnshuffledOrderFileTests.file(order: [3, 2, 0, 1]), to: store.path)
        #expect(try store.load()?.unshuffledOrder == [2, 0, 1])
    }

    @Test("thousands of inserts, removals and updates while shuffled keep the order before shuffling as the player does, in memory and through the file")
    func journalMatchesModel() throws {
        let start = Self.shuffledState(count: 3000)
        var queue = start.queue
        // New tags, the same entry (the same URL): it keeps its place.
        let edits = StateJournalTests.randomEdits(6000, to: &queue, batch: 250) { entry, step in entry.tags.title = "step \(step)" }
        // The model of the order before shuffling, by URL (each URL is used once): the one it
        // started with, then the entries added while shuffled, in the order added, leaving out
        // those removed.
        let added = edits.flatMap { edit -> [String] in
            if case .inserted(let items, _) = edit { items.map(\.url) } else { [] }
        }
        let remaining = Set(queue.map(\.url))
        let unshuffled = try #require(Self.unshuffledURLs(start)).filter(remaining.contains) + added.filter(remaining.contains)
        let replayed = try start.applying(edits)
        #expect(replayed.queue == queue)
        #expect(Self.unshuffledURLs(replayed) == unshuffled)

        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.save(start)
        for batch in stride(from: 0, to: edits.count, by: 100) { try store.append(Array(edits[batch..<min(batch + 100, edits.count)])) }
        let loaded = try #require(try StateStore(path: store.path).load())
        #expect(loaded == replayed)
        #expect(try SavedStateSummary.read(store.path)?.entries == queue.count)
    }

    @Test("shuffle turned off or on in the journal, without the whole save the player makes, leaves no order before shuffling")
    func shuffleChangedInJournal() throws {
        let start = Self.shuffledState(count: 10)
        let off = try start.applying([.settings(volume: 1, loop: .none, shuffle: false), .inserted([QueueItem(url: "/x")], at: 0)])
        #expect(!off.shuffle && off.unshuffledOrder == nil)
        let onAgain = try off.applying([.settings(volume: 1, loop: .none, shuffle: true), .removed(at: 0)])
        #expect(onAgain.shuffle && onAgain.unshuffledOrder == nil)
        #expect(onAgain.queue == start.queue)
    }

    @Test("an order that is not each entry once is never written, and refused by applying; nothing traps")
    func refusedOrders() throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        var state = Self.shuffledState(count: 4)
        for (order, reason) in [
            ([0, 1, 1, 2], "names entry 1 twice"), ([0, 1, 2, 4], "names entry 4 of a queue of 4"), ([0, 1, -1, 2], "names entry -1"),
            ([0, 1, 2], "of 3 entries, for a queue of 4"),
        ] {
            state.unshuffledOrder = order
            #expect { try store.save(state) } throws: { "\($0)".contains(reason) }
            #expect { try state.applying([]) } throws: { "\($0)".contains(reason) }
        }
        #expect(!FileManager.default.fileExists(atPath: store.path))
        state.unshuffledOrder = [3, 2, 1, 0]
        state.shuffle = false
        #expect { try store.save(state) } throws: { "\($0)".contains("an order before shuffling for a queue that is not shuffled") }
    }
}
