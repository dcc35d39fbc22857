// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgePlayer

/// The queue at the size docs/remote-playerd.md allows, 100 000 entries, over real libmpv: the order, the
/// current entry, what mpv holds, shuffle and loop give the same answers as with three.
/// (Correctness only; how long each step takes is measured by `make scale`.)
@Suite("MPVPlayer: a queue of 100 000 entries", .serialized)
@MainActor
struct LargeQueueTests {
    static let size = 100_000

    /// `count` distinct paths in folders of 1 000. Those at `playable` indices are symbolic links
    /// to the test tones; the rest are never opened (mpv holds only the current entry and the
    /// next), so they need not exist, and 100 000 files are not made for each run.
    static func paths(in media: TestMedia, count: Int, playable: Set<Int>) throws -> [String] {
        let paths = (0..<count).map { media.directory.path + "/library/\($0 / 1000)/\($0).flac" }
        for index in playable {
            try FileManager.default.createDirectory(atPath: media.directory.path + "/library/\(index / 1000)", withIntermediateDirectories: true)
            guard symlink(media.tones[index % media.tones.count].path, paths[index]) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        }
        return paths
    }

    @Test("load, go to, next, previous, remove, insert, shuffle on and off, and a loop from the last entry to the first")
    func everyOperationAtSize() async throws {
        let f = try await MPVPlayerTests.Fixture(count: 3, seconds: 30)
        let paths = try Self.paths(in: f.media, count: Self.size, playable: [0, 1, 7, 49_999, 50_000, 50_001, 50_002, 99_998, 99_999])
        f.player.load(paths.map { QueueItem(url: $0) })
        #expect(f.player.entries.count == Self.size)
        let ids = f.player.entries.ids
        #expect(f.player.entries.map(\.url) == paths)
        #expect(Set(ids).count == Self.size)
        #expect(f.player.currentIndex == 0)

        // Go to the middle: it is current, and mpv holds it and the next, nothing else.
        try f.player.goTo(id: ids[50_000])
        await f.until("playing entry 50 000") { f.player.status == .playing && f.player.window.awaited == nil }
        #expect(f.player.currentIndex == 50_000)
        #expect(f.player.handedToMPV == [ids[50_000], ids[50_001]])
        f.player.next()
        await f.until("playing entry 50 001") { f.player.currentIndex == 50_001 && f.player.window.awaited == nil }
        #expect(f.player.handedToMPV == [ids[50_001], ids[50_002]])
        f.player.previous()
        await f.until("back on entry 50 000") { f.player.currentIndex == 50_000 && f.player.window.awaited == nil }

        // A removal before the current entry moves it up by one; an insert moves it back.
        try f.player.remove(id: ids[10])
        #expect(f.player.currentIndex == 49_999)
        #expect(f.player.current?.id == ids[50_000])
        try f.player.insert(uri: paths[7], after: ids[0], makeCurrent: false)
        #expect(f.player.currentIndex == 50_000)
        #expect(f.player.entries[1].url == paths[7])
        var expected = ids
        expected.remove(at: 10)
        expected.insert(f.player.entries.ids[1], at: 1)
        #expect(f.player.entries.ids == expected)

        // Shuffle keeps the current entry and every entry; turning it off puts the order back.
        f.player.setShuffle(true)
        #expect(f.player.current?.id == ids[50_000])
        #expect(f.player.entries.ids != expected)
        #expect(Set(f.player.entries.ids) == Set(expected))
        f.player.setShuffle(false)
        #expect(f.player.entries.ids == expected)
        #expect(f.player.current?.id == ids[50_000])

        // The last entry, looping: next goes to the first, and mpv holds the first as next already.
        f.player.setLoop(.playlist)
        try f.player.goTo(id: expected[expected.count - 1])
        await f.until("playing the last entry") { f.player.currentIndex == expected.count - 1 && f.player.window.awaited == nil }
        #expect(f.player.handedToMPV == [expected[expected.count - 1], expected[0]])
        f.player.next()
        await f.until("the first entry again") { f.player.currentIndex == 0 && f.player.status == .playing && f.player.window.awaited == nil }
        #expect(f.player.current?.url == paths[0])
    }

    @Test("the queue refuses the entry past its limit with a clear error, and a removal makes room again")
    func fullQueue() async throws {
        let f = try await MPVPlayerTests.Fixture(count: 1, seconds: 5)
        let paths = try Self.paths(in: f.media, count: Self.size, playable: [0, 1])
        f.player.load(paths.map { QueueItem(url: $0) })
        #expect(f.player.entries.count == Self.size)
        #expect(throws: PlayerError.self) { try f.player.insert(uri: paths[0], after: nil, makeCurrent: false) }
        do {
            try f.player.insert(uri: paths[0], after: nil, makeCurrent: false)
        } catch {
            #expect(error.kind == .limitExceeded)
            #expect(error.reason.contains("the queue is full (100000 entries)"))
        }
        try f.player.remove(id: f.player.entries.ids[99_999])
        try f.player.insert(uri: paths[0], after: nil, makeCurrent: false)
        #expect(f.player.entries.count == Self.size)
        #expect(f.player.entries[0].url == paths[0])
    }
}
