// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer
import RemoteBridgeStateFile

/// Writes the bytes of a state file (`StateFileFormat`): a whole file for a full save, or one
/// record of edits for an append. A file is version 3 when its snapshot holds a shuffled queue's
/// order before shuffling, else version 2.
///
/// It refuses what the reader would refuse (a value past `QueueLimits`, a number that is not
/// finite), so a file it writes always reads back.
package struct StateFileEncoder {
    /// The bytes so far.
    private(set) var bytes: [UInt8] = []

    /// Why a state cannot be written.
    package struct Refusal: Error, CustomStringConvertible {
        /// What is out of bounds, in plain words.
        package let description: String
    }

    /// A whole file: the header and a snapshot of `state`, with an empty journal.
    package static func file(for state: PlayerState) throws(Refusal) -> [UInt8] {
        guard state.queue.count <= QueueLimits.maximumEntries else {
            throw Refusal(description: "the queue has \(state.queue.count) entries, more than the \(QueueLimits.maximumEntries) a state file holds")
        }
        if let order = state.unshuffledOrder {
            guard state.shuffle else { throw Refusal(description: "an order before shuffling for a queue that is not shuffled") }
            do throws(UnshuffledOrder.NotAPermutation) {
                _ = try UnshuffledOrder.places(of: order, entries: state.queue.count)
            } catch {
                throw Refusal(description: error.description)
            }
        }
        var encoder = StateFileEncoder()
        // About what a local path and a few tags take, so the buffer rarely grows.
        encoder.bytes.reserveCapacity(StateFileFormat.headerSize + 64 + state.queue.count * 96)
        encoder.bytes.append(contentsOf: StateFileFormat.magic)
        let version4 = state.needsVersion4
        encoder.fixed(UInt32(StateFileFormat.version(withUnshuffledOrder: state.unshuffledOrder != nil, withProgress: version4)))
        let start = encoder.beginRecord(.snapshot)
        let marks = state.marks
        for edit in [marks.current, marks.settings] + (version4 ? [marks.rate] : []) { try encoder.editFields(edit) }
        encoder.varint(state.queue.count)
        for item in state.queue { try encoder.item(item) }
        if version4 { encoder.bytes.append(state.unshuffledOrder == nil ? 0 : 1) }
        if let order = state.unshuffledOrder {
            encoder.varint(order.count)
            for index in order { encoder.varint(index) }
        }
        encoder.endRecord(from: start)
        return encoder.bytes
    }

    /// One record holding `edits`, to append to a file.
    package static func record(for edits: [StateEdit]) throws(Refusal) -> [UInt8] {
        var encoder = StateFileEncoder()
        let start = encoder.beginRecord(.edits)
        encoder.varint(edits.count)
        for edit in edits {
            encoder.bytes.append(tag(of: edit).rawValue)
            try encoder.editFields(edit)
        }
        encoder.endRecord(from: start)
        return encoder.bytes
    }

    /// The tag byte of an edit.
    private static func tag(of edit: StateEdit) -> StateFileFormat.EditTag {
        switch edit {
        case .inserted: .inserted
        case .removed: .removed
        case .updated: .updated
        case .current: .current
        case .settings: .settings
        case .rate: .rate
        }
    }

    /// An edit's fields, after its tag (the snapshot writes `.current` and `.settings` fields too).
    private mutating func editFields(_ edit: StateEdit) throws(Refusal) {
        switch edit {
        case .inserted(let items, let index):
            try self.index(index)
            guard items.count <= QueueLimits.maximumEntries else {
                throw Refusal(description: "an insert of \(items.count) entries, more than the \(QueueLimits.maximumEntries) a queue holds")
            }
            varint(items.count)
            for item in items { try self.item(item) }
        case .removed(let index):
            try self.index(index)
        case .updated(let item, let index):
            try self.index(index)
            try self.item(item)
        case .current(let index, let position):
            if let index { try Self.check(index) }
            varint(index.map { $0 + 1 } ?? 0)
            try double(position, "the position")
        case .settings(let volume, let loop, let shuffle):
            try double(volume, "the volume")
            bytes.append(StateFileFormat.byte(for: loop))
            bytes.append(shuffle ? 1 : 0)
        case .rate(let rate):
            try self.rate(rate)
        }
    }

    /// Leaves room for a record's length and checksum, and writes its kind.
    private mutating func beginRecord(_ kind: StateFileFormat.Kind) -> Int {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: StateFileFormat.recordHeaderSize))
        bytes.append(kind.rawValue)
        return start
    }

    /// Fills in the length and checksum of the record that starts at `start`.
    private mutating func endRecord(from start: Int) {
        let payload = bytes.count - start - StateFileFormat.recordHeaderSize
        bytes.withUnsafeMutableBytes { buffer in
            buffer.storeBytes(of: UInt32(payload).littleEndian, toByteOffset: start, as: UInt32.self)
            let checksum = StateFileRecords.checksum(ofRecordAt: start, length: payload, in: UnsafeRawBufferPointer(buffer))
            buffer.storeBytes(of: checksum.littleEndian, toByteOffset: start + 4, as: UInt32.self)
        }
    }

    /// One queue entry: its URL, which optional fields follow, and those fields.
    private mutating func item(_ item: QueueItem) throws(Refusal) {
        try string(item.url, limit: QueueLimits.maximumURILength, "a URI")
        let tags = item.tags
        let hasLists = !tags.artists.isEmpty || !tags.albumArtists.isEmpty || !tags.genres.isEmpty
        var fields: UInt8 = 0
        if tags.title != nil { fields |= StateFileFormat.ItemField.title }
        if tags.album != nil { fields |= StateFileFormat.ItemField.album }
        if tags.date != nil { fields |= StateFileFormat.ItemField.date }
        if tags.trackNumber != nil { fields |= StateFileFormat.ItemField.trackNumber }
        if tags.discNumber != nil { fields |= StateFileFormat.ItemField.discNumber }
        // The reader refuses a negative length, so none is written: the entry keeps no length.
        let length = item.length.flatMap { $0 >= .zero ? $0 : nil }
        if length != nil { fields |= StateFileFormat.ItemField.length }
        if hasLists { fields |= StateFileFormat.ItemField.lists }
        if !item.progress.isEmpty { fields |= StateFileFormat.ItemField.progress }
        bytes.append(fields)
        if let title = tags.title { try tag(title) }
        if let album = tags.album { try tag(album) }
        if let date = tags.date { try tag(date) }
        if let number = tags.trackNumber { zigzag(Int64(number)) }
        if let number = tags.discNumber { zigzag(Int64(number)) }
        if let length {
            zigzag(length.components.seconds)
            zigzag(length.components.attoseconds)
        }
        if hasLists {
            for list in [tags.artists, tags.albumArtists, tags.genres] {
                guard list.count <= QueueLimits.maximumTagValues else {
                    throw Refusal(description: "a tag with \(list.count) values, more than \(QueueLimits.maximumTagValues)")
                }
                varint(list.count)
                for value in list { try tag(value) }
            }
        }
        if !item.progress.isEmpty { try progress(item.progress) }
    }

    /// An entry's progress: which fields follow, then the position in milliseconds, then the rate.
    private mutating func progress(_ progress: EntryProgress) throws(Refusal) {
        var fields: UInt8 = 0
        var milliseconds: Int64?
        switch progress.place {
        case .at(let position):
            guard position >= .zero else { throw Refusal(description: "a kept position before the start (\(position))") }
            fields |= StateFileFormat.ProgressField.at
            milliseconds = position.milliseconds
        case .finished: fields |= StateFileFormat.ProgressField.finished
        case nil: break
        }
        if progress.rate != nil { fields |= StateFileFormat.ProgressField.rate }
        bytes.append(fields)
        if let milliseconds { varint(UInt64(milliseconds)) }
        if let rate = progress.rate { try self.rate(rate) }
    }

    /// A rate, within what MPRIS's Rate accepts here.
    private mutating func rate(_ rate: Double) throws(Refusal) {
        guard StateFileFormat.rates.contains(rate) else { throw Refusal(description: "a rate of \(rate), outside \(StateFileFormat.rates)") }
        try double(rate, "the rate")
    }

    /// A tag value.
    private mutating func tag(_ value: String) throws(Refusal) {
        try string(value, limit: QueueLimits.maximumTagLength, "a tag value")
    }

    /// Text: its byte count, then its UTF-8.
    private mutating func string(_ text: String, limit: Int, _ what: String) throws(Refusal) {
        let count = text.utf8.count
        guard count <= limit else { throw Refusal(description: "\(what) of \(count) bytes, more than \(limit)") }
        varint(count)
        bytes.append(contentsOf: text.utf8)
    }

    /// A queue index, checked against the largest queue.
    private mutating func index(_ index: Int) throws(Refusal) {
        try Self.check(index)
        varint(index)
    }

    /// Refuses an index outside the largest queue.
    private static func check(_ index: Int) throws(Refusal) {
        guard index >= 0, index <= QueueLimits.maximumEntries else {
            throw Refusal(description: "the index \(index) is outside any queue")
        }
    }

    /// A finite double, as its bits.
    private mutating func double(_ value: Double, _ what: String) throws(Refusal) {
        guard value.isFinite else { throw Refusal(description: "\(what) is \(value), not a finite number") }
        fixed(value.bitPattern)
    }

    /// A count or index as an unsigned LEB128 varint.
    private mutating func varint(_ value: Int) {
        varint(UInt64(value))
    }

    /// An unsigned LEB128 varint: seven bits a byte, the high bit set on all but the last.
    private mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// A signed number as a zigzag varint (small magnitudes take few bytes either side of 0).
    private mutating func zigzag(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// A fixed-width little-endian integer.
    private mutating func fixed<Value: FixedWidthInteger>(_ value: Value) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
