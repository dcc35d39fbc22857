import Testing

@testable import MPVPlayer

/// The compact queue on its own: what goes in comes out, whatever is inserted, removed, changed
/// or reordered around it.
@Suite("PlayQueue")
struct PlayQueueTests {
    static func entry(_ id: Int64, title: String? = nil) -> QueueEntry {
        QueueEntry(id: id, url: "/music/\(id) tone.flac", tags: QueueEntry.Tags(title: title))
    }

    @Test("entries come back as they went in: URL, title (nil, empty or given), tags, length, art")
    func roundTrip() {
        var queue = PlayQueue()
        var tagged = QueueEntry(id: 3, url: "https://example.org/é.mp3", tags: QueueEntry.Tags(title: "T", artists: ["A", "B"], album: "Al"), length: .seconds(7))
        tagged.artURL = "/art/cover.jpg"
        let entries = [Self.entry(1), Self.entry(2, title: ""), tagged, Self.entry(4, title: "Four")]
        queue.insert(contentsOf: entries, at: 0)
        #expect(Array(queue) == entries)
        #expect(queue.ids == [1, 2, 3, 4])
        #expect(queue.entry(id: 3) == tagged)
        #expect(queue.entry(id: 9) == nil)
        #expect(queue.contains(id: 4) && !queue.contains(id: 5))
    }

    @Test("inserts and removals anywhere keep the order; an index hint is only a hint")
    func insertAndRemove() {
        var queue = PlayQueue()
        var model: [QueueEntry] = []
        var generator = SplitMix(seed: 23)
        for id in Int64(1)...600 {
            if model.count > 3, generator.next() % 3 == 0 {
                let index = Int(generator.next() % UInt64(model.count))
                #expect(queue.remove(at: index) == model.remove(at: index).id)
            }
            let index = Int(generator.next() % UInt64(model.count + 1))
            let entry = Self.entry(id, title: id % 2 == 0 ? "Title \(id)" : nil)
            queue.insert(entry, at: index)
            model.insert(entry, at: index)
        }
        #expect(Array(queue) == model)
        for (index, entry) in model.enumerated() {
            #expect(queue.index(of: entry.id) == index)
            #expect(queue.index(of: entry.id, hint: (index + 7) % model.count) == index)
        }
    }

    @Test("removing most entries compacts the text, and every entry left still reads right")
    func compaction() {
        var queue = PlayQueue()
        let long = String(repeating: "x", count: 1000)
        let entries = (Int64(1)...400).map { QueueEntry(id: $0, url: "/\($0)/\(long)", tags: QueueEntry.Tags(title: "t\($0)")) }
        queue.insert(contentsOf: entries, at: 0)
        var kept = entries
        while kept.count > 10 {
            queue.remove(at: 0)
            kept.removeFirst()
        }
        #expect(Array(queue) == kept)
    }

    @Test("an update keeps id and URL, keeps details only when there are any, and says whether anything changed")
    func update() {
        var queue = PlayQueue()
        queue.insert(contentsOf: [Self.entry(1, title: "Given"), Self.entry(2)], at: 0)
        #expect(!queue.update(at: 0) { _ in })
        #expect(queue.update(at: 0) { entry in
            entry.tags.artists = ["Read Artist"]
            entry.length = .seconds(3)
            entry.url = "/elsewhere.flac"
            entry.id = 99
        })
        #expect(queue[0].url == "/music/1 tone.flac" && queue[0].id == 1)
        #expect(queue[0].tags.title == "Given" && queue[0].tags.artists == ["Read Artist"] && queue[0].length == .seconds(3))
        #expect(queue.update(at: 1) { $0.tags.title = "Read Title" })
        #expect(queue[1].tags.title == "Read Title")
    }

    @Test("a reorder moves every entry with its text and details; indices(of:) finds many in one pass")
    func reorder() {
        var queue = PlayQueue()
        var entries = (Int64(1)...50).map { Self.entry($0, title: "T\($0)") }
        entries[7].tags.album = "Album"
        queue.insert(contentsOf: entries, at: 0)
        let order = Array((0..<50).reversed())
        queue.reorder(order)
        #expect(Array(queue) == entries.reversed())
        let found = queue.indices(of: [Int64(50), 1, 8, 77, 20, 30])
        #expect(found == [50: 0, 1: 49, 8: 42, 20: 30, 30: 20])
    }
}

/// A small seeded generator, so that a failing sequence can be run again.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
