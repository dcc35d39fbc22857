// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeStateFile
@testable import RemoteBridgePlayerDaemon
import Testing

/// Version 3 of the state file, written byte by byte: a shuffled queue's order before shuffling
/// after the snapshot's entries. Read back, summarised for headsetd, and refused by name when it
/// is not each entry of the queue once, without trapping or allocating for a count it claims.
@Suite("State file: the order before shuffling, checked")
struct UnshuffledOrderFileTests {
    static let urls = ["/a.flac", "/b.flac", "/c.flac"]

    /// A version-3 file: the current entry (the second), shuffle as given, `urls` as entries, then `order`'s bytes.
    static func file(shuffle: Bool = true, order: [UInt8]) -> [UInt8] {
        let marks: [UInt8] = [2] + [UInt8](repeating: 0, count: 8) + withUnsafeBytes(of: (1.0).bitPattern.littleEndian) { Array($0) } + [0, shuffle ? 1 : 0]
        let entries: [UInt8] = [UInt8(urls.count)] + urls.flatMap { url -> [UInt8] in [UInt8(url.utf8.count)] + Array(url.utf8) + [0] }
        return StateJournalTests.header(version: 3) + StateJournalTests.record([1] + marks + entries + order)
    }

    @Test("a version-3 file's shuffled queue reads back in its play order; headsetd's summary counts its entries")
    func readsBack() throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try StateJournalTests.write(Self.file(order: [3, 2, 0, 1]), to: store.path)
        let state = try #require(try store.load())
        #expect(state.queue.map(\.url) == Self.urls)
        #expect(state.currentIndex == 1 && state.shuffle)
        #expect(try SavedStateSummary.read(store.path)?.entries == 3)
    }

    @Test(
        "an order before shuffling that is not each entry once is refused by name, and the file moved aside intact",
        arguments: [
            ("an entry named twice", [3, 2, 0, 2], "the order before shuffling names entry 2 twice"),
            ("an index past the queue", [3, 2, 0, 7], "7 as an index in the order before shuffling, more than 2"),
            ("fewer indices than entries", [2, 1, 0], "an order before shuffling of 2 entries, for a queue of 3"),
            ("a count of a billion", [0x80, 0x94, 0xEB, 0xDC, 0x03, 0, 1, 2], "indices in the order before shuffling, more than"),
            ("indices cut short", [3, 2, 0], "it ends in the middle of a field"),
            ("no order at all", [], "it ends in the middle of a field"),
            ("bytes after the order", [3, 2, 0, 1, 9], "bytes after its last index in the order before shuffling"),
        ] as [(String, [UInt8], String)])
    func refused(kind: String, order: [UInt8], reason: String) throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = Self.file(order: order)
        try StateJournalTests.write(file, to: store.path)
        #expect(throws: StateStore.Failure.self, "\(kind)") { try store.load() }
        #expect { try store.load() } throws: { "\($0)".contains(store.path) && "\($0)".contains(reason) }
        let aside = try store.moveAside()
        #expect(try StateJournalTests.bytes(aside) == file)
    }

    @Test("an order before shuffling for a queue that is not shuffled is refused")
    func orderWithoutShuffle() throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try StateJournalTests.write(Self.file(shuffle: false, order: [3, 2, 0, 1]), to: store.path)
        #expect { try store.load() } throws: { "\($0)".contains("an order before shuffling for a queue that is not shuffled") }
    }
}
