// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import RemoteBridgePlayer
import RemoteBridgeStateFile
@testable import RemoteBridgePlayerDaemon
import Testing

/// The version-2 state file: a snapshot and a journal of edits, each record checksummed, read
/// back whole or up to the last whole record, and never trusted for an allocation.
@Suite("State file: snapshot and journal, torn tails, bounds, migration")
struct StateJournalTests {
    /// Entries with every kind of field: tags and lists, numbers, a given length, text that is not ASCII.
    static let items: [QueueItem] = {
        var tagged = QueueEntry.Tags(title: "Título ♫", artists: ["A", "B"], album: "Álbum")
        tagged.albumArtists = ["Various"]
        tagged.genres = ["Jazz", "Blues"]
        tagged.trackNumber = 7
        tagged.discNumber = -2
        tagged.date = "1959"
        return [
            QueueItem(url: "/music/a b#1.flac", tags: tagged, length: .seconds(3) + .nanoseconds(250)),
            QueueItem(url: "https://radio.example/stream"),
            QueueItem(url: "file:///music/%C3%A9.ogg", tags: .init(title: ""), length: .zero),
        ]
    }()

    static let state = PlayerState(queue: items, currentIndex: 2, position: 81.25, volume: 0.35, loop: .track, shuffle: true)

    /// A store in a new folder, and a way to remove it.
    static func store(_ name: String = "player.state", migratingFrom legacy: String? = nil) throws -> (StateStore, URL) {
        let folder = try StateStoreTests.temporaryFolder()
        return (StateStore(path: folder.appendingPathComponent(name).path, migratingFrom: legacy.map { folder.appendingPathComponent($0).path }), folder)
    }

    /// `steps` random queue edits as clients make them, each applied to `queue` as it is made:
    /// four in ten insert (every 50th step a batch of `batch`, else one new URL), four remove,
    /// two change an entry in place as `update` does with the step's number.
    static func randomEdits(_ steps: Int, to queue: inout [QueueItem], batch: Int, update: (inout QueueItem, Int) -> Void) -> [StateEdit] {
        var generator = SystemRandomNumberGenerator()
        var edits: [StateEdit] = []
        for step in 0..<steps {
            let choice = Int.random(in: 0..<10, using: &generator)
            if choice < 4 || queue.isEmpty {
                let index = Int.random(in: 0...queue.count, using: &generator)
                let items = (0..<(step % 50 == 0 ? batch : 1)).map { QueueItem(url: "/n/\(step)/\($0)") }
                queue.insert(contentsOf: items, at: index)
                edits.append(.inserted(items, at: index))
            } else if choice < 8 {
                let index = Int.random(in: 0..<queue.count, using: &generator)
                queue.remove(at: index)
                edits.append(.removed(at: index))
            } else {
                let index = Int.random(in: 0..<queue.count, using: &generator)
                update(&queue[index], step)
                edits.append(.updated(queue[index], at: index))
            }
        }
        return edits
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// A record around `payload`, with its length and checksum, as the format frames it.
    static func record(_ payload: [UInt8]) -> [UInt8] {
        let length = withUnsafeBytes(of: UInt32(payload.count).littleEndian) { Array($0) }
        let checksum = length.withUnsafeBytes { lengthBytes in
            payload.withUnsafeBytes { CRC32C.checksum($0, continuing: CRC32C.checksum(lengthBytes)) }
        }
        return length + withUnsafeBytes(of: checksum.littleEndian) { Array($0) } + payload
    }

    /// The header of a file of `version`.
    static func header(version: UInt32 = 2) -> [UInt8] {
        Array("RBSTATE\n".utf8) + withUnsafeBytes(of: version.littleEndian) { Array($0) }
    }

    @Test("CRC-32C gives the standard check value, whatever the chunks")
    func checksum() {
        let text = Array("123456789".utf8)
        #expect(text.withUnsafeBytes { CRC32C.checksum($0) } == 0xE306_9283)
        let split = text[..<5].withUnsafeBytes { first in text[5...].withUnsafeBytes { CRC32C.checksum($0, continuing: CRC32C.checksum(first)) } }
        #expect(split == 0xE306_9283)
        let long = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        var bytewise: UInt32 = 0
        for index in long.indices { bytewise = long[index...index].withUnsafeBytes { CRC32C.checksum($0, continuing: bytewise) } }
        #expect(long.withUnsafeBytes { CRC32C.checksum($0) } == bytewise)
    }

    @Test("a full save reads back equal, with an empty journal; an empty queue and no current entry too")
    func roundTrip() throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.save(Self.state)
        #expect(try StateStore(path: store.path).load() == Self.state)
        #expect(store.layout?.journalSize == 0)
        let written = try Self.bytes(store.path)
        #expect(store.layout?.snapshotSize == written.count)
        let empty = PlayerState(queue: [], currentIndex: nil, position: 0, volume: 1, loop: .none, shuffle: false)
        try store.save(empty)
        #expect(try StateStore(path: store.path).load() == empty)
    }

    @Test("each kind of edit, appended one record at a time or all in one, reads back as the edits applied in order")
    func eachEdit() throws {
        let added = [QueueItem(url: "/new/1.flac"), QueueItem(url: "/new/2.flac", tags: .init(title: "Two"))]
        let edits: [StateEdit] = [
            .inserted(added, at: 1), .removed(at: 0), .updated(QueueItem(url: "/music/a b#1.flac", tags: .init(title: "Renamed")), at: 2),
            .current(index: 3, position: 4.5), .settings(volume: 1.25, loop: .playlist, shuffle: false), .inserted(added, at: 4),
            .current(index: nil, position: 0),
        ]
        let expected = try Self.state.applying(edits)
        #expect(expected.queue.map(\.url) == ["/new/1.flac", "/new/2.flac", "/music/a b#1.flac", "file:///music/%C3%A9.ogg", "/new/1.flac", "/new/2.flac"])
        #expect(expected.queue[2].tags.title == "Renamed")
        #expect(expected.currentIndex == nil && expected.volume == 1.25 && expected.loop == .playlist && !expected.shuffle)
        for oneRecord in [false, true] {
            let (store, folder) = try Self.store()
            defer { try? FileManager.default.removeItem(at: folder) }
            try store.save(Self.state)
            if oneRecord {
                try store.append(edits)
            } else {
                for edit in edits { try store.append([edit]) }
            }
            #expect(try StateStore(path: store.path).load() == expected, "one record: \(oneRecord)")
            let written = try Self.bytes(store.path)
            #expect(store.layout?.journalSize == written.count - store.layout!.snapshotSize)
        }
    }

    @Test("thousands of random inserts, removals and updates replay to what an array gives, across chunk boundaries")
    func replayMatchesArray() throws {
        var queue = (0..<3000).map { QueueItem(url: "/q/\($0)") }
        let start = PlayerState(queue: queue, currentIndex: 0, position: 0, volume: 1, loop: .none, shuffle: false)
        let edits = Self.randomEdits(6000, to: &queue, batch: 2500) { entry, step in entry = QueueItem(url: "/u/\(step)") }
        #expect(try start.applying(edits).queue == queue)
        #expect(throws: PlayerState.EditError.self) { try start.applying([.removed(at: 3000)]) }
        #expect(throws: PlayerState.EditError.self) { try start.applying([.inserted([QueueItem(url: "/x")], at: 3001)]) }
    }

    @Test("a last record cut at any byte is ignored (the state before it), and cut off before the next append")
    func tornTail() throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.save(Self.state)
        let first: [StateEdit] = [.inserted([QueueItem(url: "/first")], at: 0), .current(index: 1, position: 2)]
        try store.append(first)
        let whole = try Self.bytes(store.path)
        try store.append([.removed(at: 1), .updated(QueueItem(url: "/replaced"), at: 0), .current(index: 0, position: 9)])
        let full = try Self.bytes(store.path)
        let before = try Self.state.applying(first)
        let next: [StateEdit] = [.settings(volume: 0.5, loop: .none, shuffle: false)]
        for cut in whole.count..<full.count {
            try Self.write(Array(full[..<cut]), to: store.path)
            let reader = StateStore(path: store.path)
            #expect(try reader.load() == before, "cut at \(cut)")
            #expect(reader.layout?.tornSize == cut - whole.count)
            try reader.append(next)
            #expect(try StateStore(path: store.path).load() == before.applying(next), "append after a cut at \(cut)")
            #expect(try Self.bytes(store.path).count == whole.count + StateFileEncoder.record(for: next).count)
        }
    }

    @Test("a journal record that fails its checksum ends the file there; a damaged snapshot is refused")
    func corruptChecksum() throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.save(Self.state)
        let snapshot = try Self.bytes(store.path)
        try store.append([.current(index: 0, position: 1)])
        var damaged = try Self.bytes(store.path)
        damaged[damaged.count - 3] ^= 0x40
        try Self.write(damaged, to: store.path)
        #expect(try StateStore(path: store.path).load() == Self.state)
        var broken = snapshot
        broken[40] ^= 0x01
        try Self.write(broken, to: store.path)
        #expect { try StateStore(path: store.path).load() } throws: { "\($0)".contains("not a state file") && "\($0)".contains("checksum") }
    }

    @Test(
        "absurd lengths are refused or ignored, never allocated for",
        arguments: [
            ("a record length past the end", "last"), ("an entry count of a billion", "entries, more than"),
            ("a URI of a terabyte", "bytes in a URI, more than 65536"), ("a tag list of 1000 values", "1000 tag values, more than 32"),
            ("an edit count past its record", "edits, more than"), ("a varint of 11 bytes", "too large for 64 bits"),
        ])
    func absurdLengths(kind: String, reason: String) throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.save(Self.state)
        let valid = try Self.bytes(store.path)
        // A snapshot's fields before its entries: current (none), position, volume, loop, shuffle.
        let marks: [UInt8] = [0] + [UInt8](repeating: 0, count: 8) + withUnsafeBytes(of: (1.0).bitPattern.littleEndian) { Array($0) } + [0, 0]
        let terabyte: [UInt8] = [0x80, 0x80, 0x80, 0x80, 0x80, 0x20]
        let file: [UInt8]
        switch kind {
        case "a record length past the end":
            // Read as a torn tail: the state before it.
            file = valid + [0xFF, 0xFF, 0xFF, 0x7F, 0, 0, 0, 0, 2, 1]
        case "an entry count of a billion":
            file = Self.header() + Self.record([1] + marks + [0x80, 0x94, 0xEB, 0xDC, 0x03])
        case "a URI of a terabyte":
            file = Self.header() + Self.record([1] + marks + [1] + terabyte + [0])
        case "a tag list of 1000 values":
            file = Self.header() + Self.record([1] + marks + [1, 1, UInt8(ascii: "/"), 0x40, 0xE8, 0x07])
        case "an edit count past its record":
            file = valid + Self.record([2, 0xE8, 0x07, 2, 0])
        default:
            file = valid + Self.record([2, 1, 2] + [UInt8](repeating: 0xFF, count: 10) + [1])
        }
        try Self.write(file, to: store.path)
        if reason == "last" {
            #expect(try StateStore(path: store.path).load() == Self.state)
        } else {
            #expect { try StateStore(path: store.path).load() } throws: { "\($0)".contains(store.path) && "\($0)".contains(reason) }
        }
    }

    @Test("an index outside the queue, in a record whose checksum holds, is refused")
    func editOutsideQueue() throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.save(Self.state)
        try Self.write(try Self.bytes(store.path) + Self.record([2, 1, 2, 3]), to: store.path)
        #expect { try StateStore(path: store.path).load() } throws: { "\($0)".contains("a removal at 3 from a queue of 3 entries") }
    }

    @Test("what the reader would refuse is never written: a URI over 64 KiB, a tag over 4 KiB, a position that is not a number")
    func refusedWrites() throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        var long = Self.state
        long.queue.append(QueueItem(url: "/" + String(repeating: "a", count: QueueLimits.maximumURILength)))
        #expect { try store.save(long) } throws: { "\($0)".contains("a URI of 65537 bytes, more than 65536") }
        #expect(!FileManager.default.fileExists(atPath: store.path))
        try store.save(Self.state)
        #expect { try store.append([.updated(QueueItem(url: "/a", tags: .init(title: String(repeating: "t", count: 5000))), at: 0)]) } throws: {
            "\($0)".contains("a tag value of 5000 bytes")
        }
        #expect { try store.append([.current(index: 0, position: .nan)]) } throws: { "\($0)".contains("the position is nan") }
    }

    @Test("a file of another version is refused, naming both versions, and moved aside intact")
    func unknownVersion() throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let future = Self.header(version: 5) + Self.record([9, 9, 9])
        try Self.write(future, to: store.path)
        #expect { try store.load() } throws: { "\($0)".contains("state file version 5; this version of remote-playerd reads versions 2 to 4") }
        let aside = try store.moveAside()
        #expect(try Self.bytes(aside) == future)
    }

    /// A version-1 file, as earlier releases wrote it.
    static let legacyJSON = """
        {"currentIndex":1,"loop":"playlist","position":12.5,"queue":[{"tags":{"albumArtists":[],"artists":["X"],"genres":[],"title":"A"},"url":"/a.flac"},\
        {"tags":{"albumArtists":[],"artists":[],"genres":[]},"url":"https://b"}],"shuffle":false,"version":1,"volume":0.8}
        """

    static let legacyState = PlayerState(
        queue: [QueueItem(url: "/a.flac", tags: .init(title: "A", artists: ["X"])), QueueItem(url: "https://b")], currentIndex: 1,
        position: 12.5, volume: 0.8, loop: .playlist, shuffle: false)

    @Test("a version-1 JSON file under the old name is read; the first save writes version 2 and keeps the old file as .v1")
    func migrationFromOldName() throws {
        let (store, folder) = try Self.store(migratingFrom: "state.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let legacy = folder.appendingPathComponent("state.json").path
        try Self.legacyJSON.write(toFile: legacy, atomically: true, encoding: .utf8)
        #expect(try store.load() == Self.legacyState)
        #expect(store.layout == nil, "nothing to append to until a full save")
        #expect(throws: StateStore.Failure.self) { try store.append([.removed(at: 0)]) }
        try store.save(Self.legacyState)
        #expect(try String(contentsOfFile: legacy + ".v1", encoding: .utf8) == Self.legacyJSON)
        #expect(!FileManager.default.fileExists(atPath: legacy))
        let reloaded = StateStore(path: store.path, migratingFrom: legacy)
        #expect(try reloaded.load() == Self.legacyState)
        try reloaded.append([.removed(at: 0)])
        #expect(try StateStore(path: store.path).load()?.queue.map(\.url) == ["https://b"])
    }

    @Test("a version-1 file is read as the player admits it: an overlong URL left out (the current index follows), tags cut, a negative length forgotten; its state saves and reads back")
    func legacyWithinLimits() throws {
        let (store, folder) = try Self.store("state.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let longURL = "/" + String(repeating: "a", count: QueueLimits.maximumURILength)
        let longTitle = String(repeating: "t", count: QueueLimits.maximumTagLength + 10)
        let json = """
            {"currentIndex":2,"loop":"none","position":1,"queue":[{"tags":{"albumArtists":[],"artists":[],"genres":[]},"url":"\(longURL)"},\
            {"tags":{"albumArtists":[],"artists":[],"genres":[],"title":"\(longTitle)"},"url":"/b","length":[-1,0]},\
            {"tags":{"albumArtists":[],"artists":[],"genres":[]},"url":"/c"}],"shuffle":false,"version":1,"volume":1}
            """
        try json.write(toFile: store.path, atomically: true, encoding: .utf8)
        let state = try #require(try store.load())
        #expect(state.queue.map(\.url) == ["/b", "/c"])
        #expect(state.currentIndex == 1, "still /c")
        #expect(state.queue[0].tags.title?.utf8.count == QueueLimits.maximumTagLength)
        #expect(state.queue[0].length == nil)
        try store.save(state)
        #expect(try StateStore(path: store.path).load() == state)
    }

    @Test("an entry's negative length is not written (the reader refuses one), so the file reads back, the entry without a length")
    func negativeLengthNotWritten() throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = PlayerState(
            queue: [QueueItem(url: "/a", length: .seconds(-2)), QueueItem(url: "/b", length: .seconds(3))], currentIndex: 0, position: 0, volume: 1,
            loop: .none, shuffle: false)
        try store.save(state)
        #expect(try store.load()?.queue.map(\.length) == [nil, .seconds(3)])
    }

    @Test("a version-1 JSON file at the given path is read, and kept as .v1 when the first save replaces it")
    func migrationInPlace() throws {
        let (store, folder) = try Self.store("state.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.legacyJSON.write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(try store.load() == Self.legacyState)
        try store.save(Self.legacyState)
        #expect(try String(contentsOfFile: store.path + ".v1", encoding: .utf8) == Self.legacyJSON)
        #expect(try Self.bytes(store.path).starts(with: Array("RBSTATE\n".utf8)))
        try store.save(Self.state)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["state.json", "state.json.v1"])
    }

    @Test("an append to a file that something else replaced is refused, and asks for a full save")
    func replacedFile() throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        try store.save(Self.state)
        try StateStore(path: store.path).save(Self.legacyState)
        #expect { try store.append([.removed(at: 0)]) } throws: { "\($0)".contains("was replaced") }
        #expect(store.layout == nil && store.needsCompaction)
        #expect(try StateStore(path: store.path).load() == Self.legacyState)
    }

    @Test("the journal may grow to 1 MiB (or the snapshot's size, if larger) before compaction is due")
    func compactionBound() throws {
        let (store, folder) = try Self.store()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(store.needsCompaction, "no file yet: a full save is due")
        try store.save(Self.state)
        #expect(!store.needsCompaction)
        let big = [QueueItem](repeating: QueueItem(url: "/" + String(repeating: "x", count: 1000)), count: 100)
        while store.layout!.journalSize <= StateStore.minimumJournalBound {
            #expect(!store.needsCompaction)
            try store.append([.inserted(big, at: 0), .removed(at: 0)])
        }
        #expect(store.needsCompaction)
        try store.save(Self.state)
        #expect(!store.needsCompaction && store.layout?.journalSize == 0)
    }
}
