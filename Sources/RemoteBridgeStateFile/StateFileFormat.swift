// SPDX-License-Identifier: Apache-2.0
/// The state file's layout, versions 2 to 4: a snapshot of the whole state, then a journal of
/// edits.
///
///     file       = magic "RBSTATE\n", version (UInt32), record, record…
///     record     = payload length (UInt32), CRC-32C of length and payload (UInt32), payload
///     payload    = kind (1 snapshot, 2 edits), then its fields
///     snapshot   = current, settings, rate (version 4), entry count, entries,
///                  unshuffled (version 3; version 4: a byte 0 or 1, then unshuffled if 1)
///     unshuffled = entry count, then the entries' indices in the order they had before shuffling
///     edits      = edit count, edits (each a tag byte, then the fields of its `StateEdit` case)
///
/// Version 4 adds what spoken word keeps: the rate, and each entry's progress (where it was
/// left, its own rate) after its other fields, flagged by `ItemField.progress`; and the `.rate`
/// edit. A file is written as version 4 only when it holds a rate other than 1 or an entry's
/// progress, so that every other file stays readable to earlier releases; an edit that needs
/// version 4 on an older file makes that write a full save.
///
/// Version 3 is version 2 with `unshuffled` at the end of the snapshot: a shuffled queue's order
/// before shuffling, each of its indices once. Only a shuffled queue whose order before shuffling
/// is known has one; every other file is written as version 2, which earlier releases read too.
/// The journal needs no more: shuffle turned on or off rewrites the file whole, and the edits
/// that follow keep the order before shuffling as the player does, an entry inserted going after
/// every entry before it, a removed one leaving it.
///
/// Integers are little-endian; counts, lengths and indices inside a payload are LEB128 varints,
/// signed numbers zigzag varints, numbers with a fraction IEEE 754 doubles, text a byte count and
/// UTF-8. The first record is always the snapshot; each write of edits is one record, so a kill
/// leaves all of a write or none of it. A record that is cut short or fails its checksum ends the
/// file: what follows it is the torn tail of an interrupted write, ignored and cut off before the
/// next append. Every length read is checked against the bytes left and against `QueueLimits`
/// before anything is allocated for it.
///
/// It lives here, below remote-playerd, so that what reads a file's summary without linking mpv
/// (`SavedStateSummary`, for headsetd and remotectl) reads the same layout the daemon writes.
public enum StateFileFormat {
    /// The newest version, written when the state holds a rate or an entry's progress.
    public static let version = 4
    /// The version of a file whose snapshot holds the order before shuffling and nothing of
    /// version 4's.
    public static let versionWithUnshuffledOrder = 3
    /// The version of a file whose snapshot holds no order before shuffling, as earlier releases
    /// wrote it too: the oldest this layout covers.
    public static let versionWithoutUnshuffledOrder = 2
    /// The versions read (version 1, JSON, is remote-playerd's to migrate).
    public static let versions = versionWithoutUnshuffledOrder...version

    /// The version of a file whose snapshot holds the order before shuffling (`unshuffled`) or
    /// not, so that a file without one stays readable to earlier releases.
    public static func version(withUnshuffledOrder: Bool, withProgress: Bool = false) -> Int {
        withProgress ? version : withUnshuffledOrder ? versionWithUnshuffledOrder : versionWithoutUnshuffledOrder
    }

    /// The rates a file holds: mpv's range.
    public static let rates: ClosedRange<Double> = 0.01...100

    /// The first bytes of every version-2-or-later file.
    public static let magic: [UInt8] = Array("RBSTATE\n".utf8)
    /// The magic and the version.
    public static let headerSize = magic.count + 4
    /// A record's length and checksum.
    public static let recordHeaderSize = 8

    /// What a record holds.
    public enum Kind: UInt8 {
        /// The whole state; always the first record.
        case snapshot = 1
        /// Edits written together, applied in order.
        case edits = 2
    }

    /// Which `StateEdit` an edit in a record is.
    public enum EditTag: UInt8 {
        /// `.inserted`: index, item count, items.
        case inserted = 1
        /// `.removed`: index.
        case removed = 2
        /// `.updated`: index, item.
        case updated = 3
        /// `.current`: index plus one (0 for none), position.
        case current = 4
        /// `.settings`: volume, loop (0 none, 1 track, 2 playlist), shuffle (0 or 1).
        case settings = 5
        /// `.rate`: the rate (version 4).
        case rate = 6
    }

    /// Which optional fields of an entry follow its URL: one bit each, in this order.
    public enum ItemField {
        /// The title.
        public static let title: UInt8 = 0x01
        /// The album.
        public static let album: UInt8 = 0x02
        /// The date, as tagged.
        public static let date: UInt8 = 0x04
        /// The track number.
        public static let trackNumber: UInt8 = 0x08
        /// The disc number.
        public static let discNumber: UInt8 = 0x10
        /// The given length: seconds, then attoseconds.
        public static let length: UInt8 = 0x20
        /// The artists, album artists and genres, as three lists.
        public static let lists: UInt8 = 0x40
        /// The entry's progress (version 4): a byte of `ProgressField`s, then the position in
        /// whole milliseconds if left part-way, then its rate if it has one.
        public static let progress: UInt8 = 0x80
        /// Every bit that has a meaning.
        public static let all: UInt8 = 0xFF
    }

    /// What an entry's progress holds: one bit each.
    public enum ProgressField {
        /// Left part-way: the position follows, a varint of milliseconds.
        public static let at: UInt8 = 0x01
        /// Played to its end.
        public static let finished: UInt8 = 0x02
        /// Its own rate follows, a double.
        public static let rate: UInt8 = 0x04
        /// Every bit that has a meaning.
        public static let all: UInt8 = 0x07
    }
}
