// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RemoteBridgePlayer

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

extension PlayQueueTests {
    @Test("folders are held once and let go with their last entry; URLs without a slash, and folders used again, read right")
    func folders() {
        var queue = PlayQueue()
        var model: [QueueEntry] = []
        var generator = SplitMix(seed: 7)
        for id in Int64(1)...2000 {
            let folder = Int(generator.next() % 30)
            let url = id % 50 == 0 ? "av://lavfi:sine=\(id)" : id % 41 == 0 ? "plain-\(id).flac" : "/music/artist \(folder % 5)/album \(folder)/\(id).flac"
            let entry = QueueEntry(id: id, url: url, tags: QueueEntry.Tags(title: id % 3 == 0 ? "T\(id)" : nil))
            let index = Int(generator.next() % UInt64(model.count + 1))
            queue.insert(entry, at: index)
            model.insert(entry, at: index)
            if model.count > 10, generator.next() % 2 == 0 {
                // Remove every entry of one folder now and then, so that its number is used again.
                let gone = "/music/artist \(folder % 5)/album \(folder)/"
                while let index = model.firstIndex(where: { $0.url.hasPrefix(gone) && generator.next() % 4 != 0 }) {
                    queue.remove(at: index)
                    model.remove(at: index)
                }
            }
        }
        #expect(Array(queue) == model)
        #expect(model.indices.allSatisfy { queue.url(at: $0) == model[$0].url })
        // One folder emptied whole, then a new one takes its number.
        while let index = model.firstIndex(where: { $0.url.hasPrefix("/music/artist 0/album 0/") }) {
            queue.remove(at: index)
            model.remove(at: index)
        }
        let newcomer = QueueEntry(id: 9999, url: "/elsewhere/new.flac", tags: QueueEntry.Tags())
        queue.insert(newcomer, at: 0)
        model.insert(newcomer, at: 0)
        #expect(Array(queue) == model)
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

/// Each entry's progress in the compact queue: kept only for the entries that have one, and
/// found by URL for an entry opened again.
@Suite("PlayQueue: entries' progress")
struct PlayQueueProgressTests {
    @Test("inserted, changed and removed with its entry; an entry with none costs no record; found by URL")
    func progress() {
        var queue = PlayQueue()
        var left = QueueEntry(id: 1, url: "/podcasts/ep1.opus", tags: .init(title: "Episode 1"))
        left.progress = EntryProgress(place: .at(.seconds(450)))
        queue.insert(contentsOf: [left, QueueEntry(id: 2, url: "/podcasts/ep2.mp3", tags: .init())], at: 0)
        #expect(queue[0].progress.resumePosition == .seconds(450))
        #expect(queue[1].progress.isEmpty)
        #expect(queue.entriesWithProgress.count == 1)
        #expect(queue.progress(ofURL: "/podcasts/ep1.opus")?.resumePosition == .seconds(450))
        #expect(queue.progress(ofURL: "/podcasts/ep2.mp3") == nil)
        queue.update(at: 1) { $0.progress = EntryProgress(place: .finished, rate: 1.5) }
        #expect(queue[1].progress == EntryProgress(place: .finished, rate: 1.5))
        #expect(queue[1].tags.title == nil, "the rest of the entry is as it was")
        queue.update(at: 1) { $0.progress = EntryProgress() }
        #expect(queue.entriesWithProgress.count == 1)
        queue.remove(at: 0)
        #expect(queue.entriesWithProgress.isEmpty)
        #expect(queue.progress(ofURL: "/podcasts/ep1.opus") == nil)
    }

    @Test("by URL among 10 000 entries with progress: the right one, the same URL twice kept until both go, none after an update clears it")
    func byURL() {
        var queue = PlayQueue()
        let entries = (1...10_000).map { id in
            QueueEntry(id: Int64(id), url: "/podcasts/\(id % 5_000).mp3", tags: .init(), progress: EntryProgress(place: .at(.seconds(id))))
        }
        queue.insert(contentsOf: entries, at: 0)
        #expect(queue.progress(ofURL: "/podcasts/1234.mp3")?.resumePosition.map { [.seconds(1234), .seconds(6234)].contains($0) } == true)
        #expect(queue.progress(ofURL: "/podcasts/5000.mp3") == nil)
        #expect(queue.progress(ofURL: "file:///podcasts/1234.mp3") == queue.progress(ofURL: "/podcasts/1234.mp3"), "a path and its file:// URI are one place")
        queue.remove(at: 1233)
        #expect(queue.progress(ofURL: "/podcasts/1234.mp3")?.resumePosition == .seconds(6234), "the other entry of the same URL")
        let other = queue.index(of: 6234)!
        queue.update(at: other) { $0.progress = EntryProgress() }
        #expect(queue.progress(ofURL: "/podcasts/1234.mp3") == nil)
        #expect(queue.entriesWithProgress.count == 9_998)
    }

    @Test("spoken word: a podcast or audiobook genre, any case, or an .m4b file; music is not")
    func spokenWord() {
        var entry = QueueEntry(id: 1, url: "/music/song.flac", tags: .init(title: "Song"))
        #expect(!entry.isSpokenWord)
        entry.tags.genres = ["Rock", "PODCAST"]
        #expect(entry.isSpokenWord)
        #expect(QueueEntry(id: 2, url: "file:///books/Book.M4B", tags: .init()).isSpokenWord)
    }
}
