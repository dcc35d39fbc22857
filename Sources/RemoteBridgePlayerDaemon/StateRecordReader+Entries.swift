// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer
import RemoteBridgeStateFile

/// The state file's entries and edits, read from a record's fields: remote-playerd's part of the
/// reader, the part that makes `QueueItem`s and `StateEdit`s.
extension StateRecordReader {
    /// A snapshot's entries: their count, then each entry. Only a version-4 file (`version4`)
    /// may hold an entry's progress.
    mutating func items(version4: Bool) throws(Malformed) -> [QueueItem] {
        // An entry takes at least two bytes (an empty URL and no fields), so a count that the
        // bytes left cannot hold is refused before the array is made.
        let count = try self.count(limit: min(QueueLimits.maximumEntries, remaining / 2), "entries")
        var items: [QueueItem] = []
        items.reserveCapacity(count)
        for _ in 0..<count { items.append(try item(version4: version4)) }
        return items
    }

    /// A version-3 snapshot's order before shuffling, after its `entries` entries: its count, then
    /// each index in that order. Each index is read within the queue; whether each comes once is
    /// `UnshuffledOrder`'s check.
    mutating func unshuffledOrder(entries: Int) throws(Malformed) -> [Int] {
        // An index takes at least one byte, so a count the bytes left cannot hold is refused
        // before the array is made.
        let count = try self.count(limit: min(entries, remaining), "indices in the order before shuffling")
        guard count == entries else { throw Malformed(description: "an order before shuffling of \(count) entries, for a queue of \(entries)") }
        var order: [Int] = []
        order.reserveCapacity(count)
        for _ in 0..<count { order.append(try self.count(limit: entries - 1, "as an index in the order before shuffling")) }
        return order
    }

    /// One edit: its tag, then its fields.
    mutating func edit(version4: Bool) throws(Malformed) -> StateEdit {
        let tag = try byte()
        switch StateFileFormat.EditTag(rawValue: tag) {
        case .inserted:
            let index = try self.index()
            return .inserted(try items(version4: version4), at: index)
        case .removed: return .removed(at: try index())
        case .updated:
            let index = try self.index()
            return .updated(try item(version4: version4), at: index)
        case .current: return try current()
        case .settings: return try settings()
        case .rate:
            guard version4 else { throw Malformed(description: "a rate edit in a file of version 2 or 3") }
            return try rate()
        case nil: throw Malformed(description: "an edit of unknown kind \(tag)")
        }
    }

    /// A `.current` edit's fields: the index plus one (0 for none), and the position.
    mutating func current() throws(Malformed) -> StateEdit {
        let stored = try count(limit: QueueLimits.maximumEntries + 1, "a current index")
        return .current(index: stored == 0 ? nil : stored - 1, position: try double("the position"))
    }

    /// A `.settings` edit's fields: the volume, the loop mode and shuffle.
    mutating func settings() throws(Malformed) -> StateEdit {
        let volume = try double("the volume")
        let loopByte = try byte()
        guard let loop = StateFileFormat.loop(for: loopByte) else { throw Malformed(description: "a loop mode of \(loopByte)") }
        let shuffleByte = try byte()
        guard shuffleByte <= 1 else { throw Malformed(description: "a shuffle flag of \(shuffleByte)") }
        return .settings(volume: volume, loop: loop, shuffle: shuffleByte == 1)
    }

    /// A `.rate` edit's field: a rate within `StateFileFormat.rates`.
    mutating func rate() throws(Malformed) -> StateEdit {
        .rate(try rateValue())
    }

    /// A rate within `StateFileFormat.rates`.
    private mutating func rateValue() throws(Malformed) -> Double {
        let rate = try double("the rate")
        guard StateFileFormat.rates.contains(rate) else { throw Malformed(description: "a rate of \(rate)") }
        return rate
    }

    /// A byte that is 0 or 1.
    mutating func flag(_ what: String) throws(Malformed) -> Bool {
        let value = try byte()
        guard value <= 1 else { throw Malformed(description: "\(what) flagged \(value)") }
        return value == 1
    }

    /// An entry's progress: which fields follow, then the position, then the rate.
    private mutating func progress() throws(Malformed) -> EntryProgress {
        let fields = try byte()
        guard fields & ~StateFileFormat.ProgressField.all == 0 else { throw Malformed(description: "an entry's progress with unknown fields \(fields)") }
        let at = fields & StateFileFormat.ProgressField.at != 0
        let finished = fields & StateFileFormat.ProgressField.finished != 0
        guard !(at && finished) else { throw Malformed(description: "an entry both left part-way and finished") }
        var progress = EntryProgress()
        if at {
            let milliseconds = try varint()
            guard milliseconds <= UInt64(QueueLimits.maximumPositionMilliseconds) else { throw Malformed(description: "a kept position of \(milliseconds) ms") }
            progress.place = .at(.milliseconds(Int64(milliseconds)))
        } else if finished {
            progress.place = .finished
        }
        if fields & StateFileFormat.ProgressField.rate != 0 { progress.rate = try rateValue() }
        return progress
    }

    /// A queue entry: its URL, which optional fields follow, and those fields.
    private mutating func item(version4: Bool) throws(Malformed) -> QueueItem {
        let url = try string(limit: QueueLimits.maximumURILength, "a URI")
        let fields = try byte()
        guard fields & ~StateFileFormat.ItemField.all == 0 else { throw Malformed(description: "an entry with unknown fields \(fields)") }
        var tags = QueueEntry.Tags()
        var length: Duration?
        if fields & StateFileFormat.ItemField.title != 0 { tags.title = try tag() }
        if fields & StateFileFormat.ItemField.album != 0 { tags.album = try tag() }
        if fields & StateFileFormat.ItemField.date != 0 { tags.date = try tag() }
        if fields & StateFileFormat.ItemField.trackNumber != 0 { tags.trackNumber = try number("a track number") }
        if fields & StateFileFormat.ItemField.discNumber != 0 { tags.discNumber = try number("a disc number") }
        if fields & StateFileFormat.ItemField.length != 0 {
            let seconds = try zigzag()
            let attoseconds = try zigzag()
            // A negative length would be written back as a negative fraction, which this refuses.
            guard seconds >= 0 else { throw Malformed(description: "a negative length (\(seconds) s)") }
            guard (0..<1_000_000_000_000_000_000).contains(attoseconds) else { throw Malformed(description: "a length of \(attoseconds) attoseconds past the second") }
            length = Duration(secondsComponent: seconds, attosecondsComponent: attoseconds)
        }
        if fields & StateFileFormat.ItemField.lists != 0 {
            tags.artists = try list()
            tags.albumArtists = try list()
            tags.genres = try list()
        }
        let hasProgress = fields & StateFileFormat.ItemField.progress != 0
        guard !hasProgress || version4 else { throw Malformed(description: "an entry's progress in a file of version 2 or 3") }
        let progress = hasProgress ? try self.progress() : EntryProgress()
        return QueueItem(url: url, tags: tags, length: length, progress: progress)
    }

    /// A list of tag values.
    private mutating func list() throws(Malformed) -> [String] {
        let count = try self.count(limit: QueueLimits.maximumTagValues, "tag values")
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try tag()) }
        return values
    }

    /// A tag value.
    private mutating func tag() throws(Malformed) -> String {
        try string(limit: QueueLimits.maximumTagLength, "a tag value")
    }

    /// A queue index.
    private mutating func index() throws(Malformed) -> Int {
        try count(limit: QueueLimits.maximumEntries, "as an index")
    }

    /// A signed number that fits an Int.
    private mutating func number(_ what: String) throws(Malformed) -> Int {
        let value = try zigzag()
        guard let number = Int(exactly: value) else { throw Malformed(description: "\(what) of \(value)") }
        return number
    }
}
