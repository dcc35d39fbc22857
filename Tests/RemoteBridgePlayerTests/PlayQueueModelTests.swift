// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RemoteBridgePlayer

/// The chunked queue against a plain array of entries, changed alike by random inserts (one and
/// many), removals, updates, reorders and emptyings, and asked alike by every lookup: with chunks
/// so small that every few steps cross a chunk's boundary, a split or a merge, and with the
/// default chunks across several of them.
@Suite("PlayQueue against a plain array")
struct PlayQueueModelTests {
    @Test("random edits and lookups, with chunks of a few entries, growing past many chunks and shrinking to none", arguments: [4, 5, 8, 16, 64])
    func smallChunks(chunkCapacity: Int) throws {
        var model = Model(chunkCapacity: chunkCapacity, seed: UInt64(chunkCapacity))
        // Grows past many chunks, churns there, shrinks to empty; twice.
        for (steps, insertShare) in [(700, 65), (500, 50), (900, 30), (500, 65), (900, 30)] {
            for step in 0..<steps {
                model.step(insertShare: insertShare, largestBatch: 3 * chunkCapacity)
                try model.check(whole: model.entries.count <= 100 || step % 25 == 0)
            }
        }
        try model.check(whole: true)
    }

    @Test("random edits and lookups with the default chunks, across several of them and batches of thousands")
    func defaultChunks() throws {
        var model = Model(chunkCapacity: PlayQueue.defaultChunkCapacity, seed: 99)
        for (steps, insertShare) in [(400, 70), (300, 50), (500, 30)] {
            for step in 0..<steps {
                model.step(insertShare: insertShare, largestBatch: 2_500)
                try model.check(whole: step % 50 == 0)
            }
        }
        try model.check(whole: true)
    }

    @Test("appended one at a time, as a queue loads, every chunk but the last is full")
    func appendsFillChunks() throws {
        var queue = PlayQueue(chunkCapacity: 8)
        var model: [QueueEntry] = []
        for id in Int64(1)...203 {
            let entry = Model.entry(id: id, variant: Int(id))
            queue.insert(entry, at: queue.endIndex)
            model.append(entry)
        }
        #expect(queue.chunkSizes == Array(repeating: 8, count: 25) + [3])
        #expect(Array(queue) == model)
        try #require(queue.chunkProblems().isEmpty, "\(queue.chunkProblems())")
    }

    @Test("ids that share their low 32 bits are told apart, found, moved and removed each on its own")
    func idsSharingLowBits() throws {
        var queue = PlayQueue(chunkCapacity: 4)
        var model: [QueueEntry] = []
        let base: Int64 = 7
        for copy in Int64(0)..<40 {
            let entry = Model.entry(id: base + copy << 32, variant: Int(copy))
            let index = Int(copy * 5 % Int64(model.count + 1))
            queue.insert(entry, at: index)
            model.insert(entry, at: index)
        }
        #expect(Array(queue) == model)
        for (index, entry) in model.enumerated() { #expect(queue.index(of: entry.id) == index) }
        #expect(!queue.contains(id: base + 41 << 32) && !queue.contains(id: base + 1))
        while !model.isEmpty {
            let index = model.count * 2 / 3
            #expect(queue.remove(at: index) == model.remove(at: index).id)
            try #require(queue.chunkProblems().isEmpty, "\(queue.chunkProblems())")
            for (index, entry) in model.enumerated() { #expect(queue.index(of: entry.id) == index) }
        }
        #expect(queue.isEmpty)
    }
}

/// A queue and the plain array it must match, changed together by a seeded generator.
private struct Model {
    var queue: PlayQueue
    var entries: [QueueEntry] = []
    var generator: SplitMix
    var nextID: Int64 = 1
    /// Ids that were in the queue and left it (never given again).
    var gone: [Int64] = []
    /// The ids in the queue.
    var present: Set<Int64> = []

    init(chunkCapacity: Int, seed: UInt64) {
        queue = PlayQueue(chunkCapacity: chunkCapacity)
        generator = SplitMix(seed: seed)
    }

    mutating func random(_ bound: Int) -> Int {
        Int(generator.next() % UInt64(max(bound, 1)))
    }

    /// An entry of one of several kinds: a URL in one of a few folders, with no folder, or a
    /// URI; no title, an empty or a given one; now and then tags, a length and art.
    static func entry(id: Int64, variant: Int) -> QueueEntry {
        let url =
            switch variant % 5 {
            case 0: "plain-\(id).flac"
            case 1: "https://example.org/stream/\(id)?q=é"
            default: "/music/artist \(variant % 7)/album \(variant % 13)/\(id) tone.flac"
            }
        let title: String? = variant % 3 == 0 ? nil : variant % 3 == 1 ? "" : "Title \(id) ✓"
        var entry = QueueEntry(id: id, url: url, tags: QueueEntry.Tags(title: title))
        if variant % 4 == 0 {
            entry.tags.artists = ["Artist \(variant % 9)"]
            entry.length = .milliseconds(1000 + variant)
        }
        if variant % 11 == 0 { entry.artURL = "/art/\(variant).jpg" }
        return entry
    }

    /// A new entry: mostly the next id, now and then one sharing its low 32 bits with another.
    mutating func newEntry() -> QueueEntry {
        defer { nextID += 1 }
        let id = random(10) == 0 ? nextID + Int64(1 + random(3)) << 32 : nextID
        return Self.entry(id: id, variant: random(1000))
    }

    /// One random change: an insert (`insertShare` percent of steps, a few of them batches of up
    /// to `largestBatch`), else a removal, an update, a reorder or, rarely, emptying.
    mutating func step(insertShare: Int, largestBatch: Int) {
        let roll = random(1000)
        if roll < 2, entries.count > 0 {
            for entry in entries { gone.append(entry.id) }
            entries.removeAll()
            present.removeAll()
            queue.removeAll()
        } else if roll < 10, entries.count > 1 {
            var order = Array(entries.indices)
            order.shuffle(using: &generator)
            queue.reorder(order)
            entries = order.map { entries[$0] }
        } else if roll < 10 * insertShare {
            let index = random(5) == 0 ? entries.count : random(entries.count + 1)
            let count = random(40) == 0 ? 1 + random(largestBatch) : 1
            let batch = (0..<count).map { _ in newEntry() }
            present.formUnion(batch.map(\.id))
            if count == 1 {
                queue.insert(batch[0], at: index)
            } else {
                queue.insert(contentsOf: batch, at: index)
            }
            entries.insert(contentsOf: batch, at: index)
        } else if roll < 10 * insertShare + 100, !entries.isEmpty {
            update(at: random(entries.count))
        } else if !entries.isEmpty {
            let index = random(entries.count)
            let removed = entries.remove(at: index)
            gone.append(removed.id)
            present.remove(removed.id)
            let id = queue.remove(at: index)
            if id != removed.id { Issue.record("remove(at: \(index)) gave \(id), not \(removed.id)") }
        }
    }

    /// Changes an entry's tags, title, length or art, as mpv and the tag reader do.
    mutating func update(at index: Int) {
        let change = random(5)
        let word = "v\(random(100))"
        let body: (inout QueueEntry) -> Void = { entry in
            switch change {
            case 0: entry.tags.title = word
            case 1: entry.tags.artists = [word]
            case 2: entry.length = .seconds(3)
            case 3: entry.artURL = "/art/\(word).png"
            default: entry.url = "/elsewhere/\(word)"  // ignored: the URL stays
            }
        }
        var expected = entries[index]
        body(&expected)
        expected.url = entries[index].url
        let changed = queue.update(at: index, body)
        if changed != (expected != entries[index]) { Issue.record("update(at: \(index)) said \(changed)") }
        entries[index] = expected
    }

    /// Checks the queue against the array: its size and bookkeeping, lookups of entries in it and
    /// of ids not in it, and with `whole` every entry.
    func check(whole: Bool) throws {
        try #require(queue.count == entries.count)
        try #require(queue.chunkProblems().isEmpty, "\(queue.chunkProblems())")
        if whole {
            try #require(Array(queue) == entries)
            try #require(queue.ids == entries.map(\.id))
            for (index, entry) in entries.enumerated() { try #require(queue.index(of: entry.id) == index) }
        }
        var generator = generator
        for _ in 0..<(entries.isEmpty ? 0 : 4) {
            let index = Int(generator.next() % UInt64(entries.count))
            let entry = entries[index]
            try #require(queue[index] == entry)
            try #require(queue.id(at: index) == entry.id)
            try #require(queue.url(at: index) == entry.url)
            try #require(queue.index(of: entry.id) == index)
            try #require(queue.index(of: entry.id, hint: index) == index)
            try #require(queue.index(of: entry.id, hint: (index + 1) % entries.count) == index)
            try #require(queue.index(of: entry.id, hint: entries.count + 5) == index)
            try #require(queue.entry(id: entry.id) == entry)
            try #require(queue.contains(id: entry.id))
        }
        let absent = (gone.suffix(3) + [nextID, nextID + 1 << 32, -1]).filter { !present.contains($0) }
        for id in absent {
            try #require(!queue.contains(id: id) && queue.index(of: id) == nil && queue.entry(id: id) == nil)
        }
        var expected: [Int64: Int] = [:]
        for index in entries.isEmpty ? [] : [0, entries.count / 2, entries.count - 1] { expected[entries[index].id] = index }
        try #require(queue.indices(of: absent + expected.keys) == expected)
    }
}
