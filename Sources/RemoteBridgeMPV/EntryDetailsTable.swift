/// What the queue knows of its entries beyond URL and title (tags read from the file, a
/// length, cover art), by id, for the entries that have any; held compactly.
///
/// An entry's record is 40 bytes: its length, and numbers into two `InternTable`s, one of tag
/// sets (artists, album, album artists, genres, date: the same for an album's tracks) and one of
/// art URLs (one cover for a folder). A client that reads every entry's metadata of a 100 000
/// track library makes the daemon read and keep every entry's tags: as `QueueEntry.Tags`
/// values, with their strings and arrays each on the heap, that was about 440 bytes an entry,
/// 44 MiB in all.
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

    /// The tags that an album's tracks share, and the rare ones that do not fit a record: a
    /// title other than the given one, a track or disc number past 32 bits.
    private struct TagSet: Hashable, Sendable {
        var tags: QueueEntry.Tags
    }

    /// One entry's record.
    private struct Record: Sendable {
        var tagSet: Int32
        var artURL: Int32
        /// The track and disc numbers, or `outside` when nil or not in 32 bits (then in the tag set).
        var trackNumber: Int32
        var discNumber: Int32
        var length: Duration?
        var hasGivenLength: Bool

        static let none: Int32 = -1
        static let outside = Int32.min
    }

    private var records: [Int64: Record] = [:]
    private var tagSets = InternTable<TagSet>()
    private var artURLs = InternTable<String>()

    /// How many entries have a record.
    var count: Int { records.count }
    /// How many distinct tag sets and art URLs are held (for tests).
    var sharedValues: Int { tagSets.count + artURLs.count }

    /// The details of entry `id`; nil when it has none. Setting nil, or empty details, drops them.
    subscript(id: Int64) -> Details? {
        get { records[id].map(details(of:)) }
        set {
            if let old = records.removeValue(forKey: id) { release(old) }
            guard let newValue, !newValue.isEmpty else { return }
            records[id] = record(of: newValue)
        }
    }

    private func details(of record: Record) -> Details {
        var tags = record.tagSet == Record.none ? QueueEntry.Tags() : tagSets[record.tagSet].tags
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
            tagSet: shared == QueueEntry.Tags() ? Record.none : tagSets.use(TagSet(tags: shared)),
            artURL: details.artURL.map { artURLs.use($0) } ?? Record.none,
            trackNumber: track, discNumber: disc, length: details.length, hasGivenLength: details.hasGivenLength)
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
