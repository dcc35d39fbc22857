// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// What a press with no player needs to know of remote-playerd's saved state: how many entries
/// its queue has, and when it was saved. Read without making a single entry: the snapshot's count,
/// then the journal's inserts and removals counted.
public struct SavedStateSummary: Sendable, Equatable {
    /// The entries in the saved queue, after every whole edit in the journal.
    public var entries: Int
    /// When the file was last written: the last save of the queue or position.
    public var savedAt: Date

    /// A summary, for tests and for `SavedStateSummary.read`.
    public init(entries: Int, savedAt: Date) {
        self.entries = entries
        self.savedAt = savedAt
    }

    /// Why a file has no summary: the reason, in a few words that follow the file's path.
    public struct Refusal: Error, CustomStringConvertible {
        /// The reason.
        public let description: String
    }

    /// The summary of the state file at `path`, or nil if there is none. Throws for a file that
    /// remote-playerd would refuse too (and start with an empty queue).
    public static func read(_ path: String) throws(Refusal) -> SavedStateSummary? {
        let file: StateFileBytes
        do throws(StateFileBytes.Failure) {
            guard let read = try StateFileBytes.read(path) else { return nil }
            file = read
        } catch {
            throw Refusal(description: error.description)
        }
        let entries = try file.bytes.withUnsafeBytes { bytes in Result { () throws(Refusal) in try count(in: bytes) } }.get()
        return SavedStateSummary(entries: entries, savedAt: Date(timeIntervalSince1970: file.modified))
    }

    /// The entries of the state file `bytes`.
    package static func count(in bytes: UnsafeRawBufferPointer) throws(Refusal) -> Int {
        guard StateFileRecords.hasMagic(bytes) else {
            throw Refusal(description: "not a state file of version 2 or later (remote-playerd migrates an older one when it next starts)")
        }
        guard let version = StateFileRecords.version(of: bytes), StateFileFormat.versions.contains(version) else {
            throw Refusal(description: "not a state file of version \(StateFileFormat.versions.lowerBound) to \(StateFileFormat.versions.upperBound)")
        }
        var entries = 0
        do throws(StateFileRecords.Damage) {
            _ = try StateFileRecords.walk(
                bytes,
                // The entries, and version 3's order before shuffling after them, are not read.
                snapshot: { reader throws(StateRecordReader.Malformed) in
                    try reader.skipCurrent()
                    try reader.skipSettings()
                    if version >= StateFileFormat.version { _ = try reader.double("the rate") }
                    entries = try reader.count(limit: reader.remaining / 2, "entries")
                },
                edits: { reader, count throws(StateRecordReader.Malformed) in
                    for _ in 0..<count { entries += try reader.skipEdit() }
                    guard entries >= 0 else { throw StateRecordReader.Malformed(description: "more removals than entries") }
                })
        } catch {
            throw Refusal(description: error.description)
        }
        return entries
    }
}

extension StateRecordReader {
    /// Passes over one edit; returns how it changes the number of entries.
    mutating func skipEdit() throws(Malformed) -> Int {
        let tag = try byte()
        switch StateFileFormat.EditTag(rawValue: tag) {
        case .inserted:
            try skipIndex()
            let inserted = try count(limit: remaining / 2, "entries")
            for _ in 0..<inserted { try skipItem() }
            return inserted
        case .removed:
            try skipIndex()
            return -1
        case .updated:
            try skipIndex()
            try skipItem()
            return 0
        case .current:
            try skipCurrent()
            return 0
        case .settings:
            try skipSettings()
            return 0
        case .rate:
            _ = try double("the rate")
            return 0
        case nil: throw Malformed(description: "an edit of unknown kind \(tag)")
        }
    }

    /// Passes over an edit's queue index. Nothing is allocated for it, and remote-playerd checks
    /// it against the queue; it is not bounded by the bytes left in its record (a removal at
    /// 5 000 takes two bytes).
    mutating func skipIndex() throws(Malformed) {
        _ = try varint()
    }

    /// Passes over a `.current` edit's fields: the index plus one, and the position.
    mutating func skipCurrent() throws(Malformed) {
        _ = try varint()
        _ = try double("the position")
    }

    /// Passes over a `.settings` edit's fields: the volume, the loop mode and shuffle.
    mutating func skipSettings() throws(Malformed) {
        _ = try double("the volume")
        _ = try byte()
        _ = try byte()
    }

    /// Passes over a queue entry: its URL, which optional fields follow, and those fields.
    mutating func skipItem() throws(Malformed) {
        try skipText(limit: remaining, "a URI")
        let fields = try byte()
        guard fields & ~StateFileFormat.ItemField.all == 0 else { throw Malformed(description: "an entry with unknown fields \(fields)") }
        for field in [StateFileFormat.ItemField.title, StateFileFormat.ItemField.album, StateFileFormat.ItemField.date] where fields & field != 0 {
            try skipText(limit: remaining, "a tag value")
        }
        for field in [StateFileFormat.ItemField.trackNumber, StateFileFormat.ItemField.discNumber] where fields & field != 0 {
            _ = try zigzag()
        }
        if fields & StateFileFormat.ItemField.length != 0 {
            _ = try zigzag()
            _ = try zigzag()
        }
        if fields & StateFileFormat.ItemField.lists != 0 {
            for _ in 0..<3 {
                let values = try count(limit: remaining, "tag values")
                for _ in 0..<values { try skipText(limit: remaining, "a tag value") }
            }
        }
        if fields & StateFileFormat.ItemField.progress != 0 {
            let progress = try byte()
            if progress & StateFileFormat.ProgressField.at != 0 { _ = try varint() }
            if progress & StateFileFormat.ProgressField.rate != 0 { _ = try double("a rate") }
        }
    }
}
