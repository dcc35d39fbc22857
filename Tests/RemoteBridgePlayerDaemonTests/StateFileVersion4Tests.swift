// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgePlayer
import RemoteBridgeStateFile
import RemoteBridgeTesting
@testable import RemoteBridgePlayerDaemon
import Testing

/// Version 4 of the state file: the rate and each entry's progress (where it was left, its own
/// rate), written only when a state holds one of them, so that every other file stays readable
/// to earlier releases; an edit that needs it on an older file makes a full save.
@Suite("State file version 4: the rate and each entry's progress")
@MainActor
struct StateFileVersion4Tests {
    /// The version in a file's header.
    static func version(_ path: String) throws -> UInt32 {
        let bytes = try StateJournalTests.bytes(path)
        return bytes[8..<12].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }

    /// The journal test's state, unshuffled, with progress on two entries and a rate.
    static var state: PlayerState {
        var state = StateJournalTests.state
        state.shuffle = false
        state.queue[0].progress = EntryProgress(place: .at(.milliseconds(450_250)), rate: 1.5)
        state.queue[1].progress = EntryProgress(place: .finished)
        state.rate = 1.25
        return state
    }

    @Test("nothing of version 4's: written as version 2 (3 when shuffled with its order), as earlier releases read")
    func olderVersionsStay() throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        var plain = StateJournalTests.state
        plain.shuffle = false
        try store.save(plain)
        #expect(try Self.version(store.path) == 2)
        var shuffled = StateJournalTests.state
        shuffled.unshuffledOrder = Array(shuffled.queue.indices.reversed())
        try store.save(shuffled)
        #expect(try Self.version(store.path) == 3)
        #expect(try StateStore(path: store.path).load() == shuffled)
    }

    @Test("progress and a rate: version 4, read back equal; shuffled with its order too; SavedStateSummary counts its entries")
    func roundTrip() throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.save(Self.state)
        #expect(try Self.version(store.path) == 4)
        let read = try #require(try StateStore(path: store.path).load())
        #expect(read == Self.state)
        #expect(read.queue[0].progress.resumePosition == .milliseconds(450_250))
        #expect(read.rate == 1.25)
        var shuffled = Self.state
        shuffled.shuffle = true
        shuffled.unshuffledOrder = Array(shuffled.queue.indices.reversed())
        try store.save(shuffled)
        #expect(try StateStore(path: store.path).load() == shuffled)
        #expect(try SavedStateSummary.read(store.path)?.entries == shuffled.queue.count)
    }

    @Test("an edit of version 4's on a version-2 file is a full save, as version 4; later ones append to it")
    func upgradeByFullSave() throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = StatePersistenceTests.Source()
        source.state.shuffle = false
        let persistence = StatePersistenceTests.persistence(store, source)
        persistence.saveNow()
        #expect(try Self.version(store.path) == 2)
        source.state.queue[1].progress = EntryProgress(place: .at(.seconds(600)))
        persistence.record(.updated(source.state.queue[1], at: 1))
        persistence.saveNow()
        #expect(try Self.version(store.path) == 4)
        #expect(store.layout?.journalSize == 0, "written whole")
        source.state.rate = 2
        source.state.queue[2].progress = EntryProgress(rate: 0.75)
        persistence.record(.updated(source.state.queue[2], at: 2))
        persistence.saveNow()
        #expect((store.layout?.journalSize ?? 0) > 0, "appended to the version-4 file")
        #expect(try StateStore(path: store.path).load() == source.state)
        #expect(source.failures.isEmpty)
    }

    /// A version-4 file of one entry "/a" whose item ends with `progress` (the byte of fields,
    /// then what they say follows).
    static func file(progress: [UInt8], rate: Double = 1) -> [UInt8] {
        let marks: [UInt8] = [0] + [UInt8](repeating: 0, count: 8) + withUnsafeBytes(of: (1.0).bitPattern.littleEndian) { Array($0) } + [0, 0]
        let rateBytes = withUnsafeBytes(of: rate.bitPattern.littleEndian) { Array($0) }
        return StateJournalTests.header(version: 4) + StateJournalTests.record([1] + marks + rateBytes + [1, 2, UInt8(ascii: "/"), UInt8(ascii: "a"), 0x80] + progress + [0])
    }

    @Test(
        "malformed progress is refused with its reason, the file moved aside: unknown bits, left part-way and finished at once, a position past a year, a rate of 0 or NaN",
        arguments: [
            ([0x08], 1.0, "unknown fields 8"), ([0x03, 0x01], 1.0, "both left part-way and finished"),
            ([0x01, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01], 1.0, "a kept position of"),
            ([0x04] + withUnsafeBytes(of: (0.0).bitPattern.littleEndian) { Array($0) }, 1.0, "a rate of 0.0"),
            ([0x00], Double.nan, "the rate is nan"),
        ] as [([UInt8], Double, String)])
    func malformed(progress: [UInt8], rate: Double, reason: String) throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try StateJournalTests.write(Self.file(progress: progress, rate: rate), to: store.path)
        #expect(throws: (any Error).self) { try store.load() }
        do {
            _ = try store.load()
        } catch {
            #expect("\(error)".contains(reason), "\(error)")
        }
    }

    @Test("a well-formed version-4 entry reads: left at 1 s, with a rate of 1.5")
    func handMade() throws {
        let (store, folder) = try StateJournalTests.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try StateJournalTests.write(Self.file(progress: [0x05, 0xE8, 0x07] + withUnsafeBytes(of: (1.5).bitPattern.littleEndian) { Array($0) }, rate: 2), to: store.path)
        let state = try #require(try store.load())
        #expect(state.queue.first?.progress == EntryProgress(place: .at(.seconds(1)), rate: 1.5))
        #expect(state.rate == 2)
    }
}
