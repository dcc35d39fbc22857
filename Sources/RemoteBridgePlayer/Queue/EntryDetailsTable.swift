// SPDX-License-Identifier: Apache-2.0
/// What the queue knows of its entries beyond URL and title (tags read from the file, a
/// length, cover art), by id, for the entries that have any; held compactly.
///
/// An entry's record is 40 bytes in one array: its length, and numbers into two `InternTable`s,
/// one of tag sets (artists, album, album artists, genres, date: the same for an album's tracks)
/// and one of art URLs (one cover for a folder). A hash table of ids finds the record: 4 bytes a
/// slot, beside the id. A client that reads every entry's metadata of a 100 000 track library
/// makes the daemon read and keep every entry's tags: as a dictionary of `QueueEntry.Tags`
/// values, whose 262 144 slots (at most three quarters full) each held some 150 bytes and whose
/// strings and arrays were each on the heap, that was 44 MiB.
struct EntryDetailsTable: Sendable {
    /// An entry's tags other than its given title (which the queue keeps with its URL), its
    /// length and its art.
    struct Details: Sendable, Equatable {
        var tags: QueueEntry.Tags
        var length: Duration?
        var artURL: String?
        var hasGivenLength: Bool

        /// Whether it holds nothing, and so needs no record.
        var isEmpty: Bool { tags == QueueEntry.Tags() && length == nil && artURL == nil && !hasGivenLength }
    }

    /// One entry's record.
    private struct Record: Sendable {
        var tagSet: Int32
        var artURL: Int32
        /// The track and disc numbers, or `outside` when nil or not in 32 bits (then in the tag set).
        var trackNumber: Int32
        var discNumber: Int32
        /// The length, as its exact seconds and attoseconds; meaningless when `hasLength` is false.
        var lengthSeconds: Int64
        var lengthAttoseconds: Int64
        var hasLength: Bool
        var hasGivenLength: Bool

        var length: Duration? {
            hasLength ? Duration(secondsComponent: lengthSeconds, attosecondsComponent: lengthAttoseconds) : nil
        }

        static let none: Int32 = -1
        static let outside = Int32.min
    }

    /// Each record by number; a number let go holds a stale record until used again.
    private var records: [Record] = []
    /// The record number of each entry that has one.
    private var numbers: [Int64: Int32] = [:]
    /// Record numbers let go, to be used again.
    private var unused: [Int32] = []
    /// The tags an album's tracks share, each set once; with the rare ones that do not fit a
    /// record (a title other than the given one, a track or disc number past 32 bits).
    private var tagSets = InternTable<QueueEntry.Tags>()
    private var artURLs = InternTable<String>()

    /// How many entries have a record.
    var count: Int { numbers.count }
    /// How many distinct tag sets and art URLs are held (for tests).
    var sharedValues: Int { tagSets.count + artURLs.count }

    /// The details of entry `id`; nil when it has none. Setting nil, or empty details, drops them.
    subscript(id: Int64) -> Details? {
        get { numbers[id].map { details(of: records[Int($0)]) } }
        set {
            let old = numbers.removeValue(forKey: id)
            if let old {
                release(records[Int(old)])
                unused.append(old)
            }
            guard let newValue, !newValue.isEmpty else {
                if numbers.isEmpty { removeAll() }
                return
            }
            let stored = record(of: newValue)
            if let number = unused.popLast() {
                records[Int(number)] = stored
                numbers[id] = number
            } else {
                numbers[id] = Int32(records.count)
                records.append(stored)
            }
        }
    }

    /// Lets go of the records' storage once no entry has one.
    private mutating func removeAll() {
        records = []
        unused = []
    }

    private func details(of record: Record) -> Details {
        var tags = record.tagSet == Record.none ? QueueEntry.Tags() : tagSets[record.tagSet]
        if record.trackNumber != Record.outside { tags.trackNumber = Int(record.trackNumber) }
        if record.discNumber != Record.outside { tags.discNumber = Int(record.discNumber) }
        return Details(
            tags: tags, length: record.length, artURL: record.artURL == Record.none ? nil : artURLs[record.artURL],
            hasGivenLength: record.hasGivenLength)
    }

    private mutating func record(of details: Details) -> Record {
        var shared = details.tags
        let track = Self.packed(shared.trackNumber)
        let disc = Self.packed(shared.discNumber)
        if track != Record.outside { shared.trackNumber = nil }
        if disc != Record.outside { shared.discNumber = nil }
        return Record(
            tagSet: shared == QueueEntry.Tags() ? Record.none : tagSets.use(shared),
            artURL: details.artURL.map { artURLs.use($0) } ?? Record.none,
            trackNumber: track, discNumber: disc, lengthSeconds: details.length?.components.seconds ?? 0,
            lengthAttoseconds: details.length?.components.attoseconds ?? 0, hasLength: details.length != nil, hasGivenLength: details.hasGivenLength)
    }

    private mutating func release(_ record: Record) {
        if record.tagSet != Record.none { tagSets.release(record.tagSet) }
        if record.artURL != Record.none { artURLs.release(record.artURL) }
    }

    /// A number as a record holds it: itself when it fits in 32 bits (and is not the marker),
    /// else the marker, and the number stays in the tag set.
    private static func packed(_ number: Int?) -> Int32 {
        guard let number, let small = Int32(exactly: number), small != Record.outside else { return Record.outside }
        return small
    }
}
