// SPDX-License-Identifier: Apache-2.0
/// The player's queue, in play order, kept compact: a library of 100 000 entries costs little
/// more than its paths, and a change of one entry costs the same at that size as at 10.
///
/// Each entry is an id, a folder number (`FolderTable`: a library's folders are held once), a
/// range of text holding the rest of its URL and its given title, and, only for the entries
/// that have more (tags read from the file, a length, cover art), a record in `EntryDetailsTable`.
/// Reading an entry builds a `QueueEntry`.
///
/// The entries are held in chunks of up to 1 024 (`QueueChunks`): an insert or a removal moves
/// the entries of one chunk, never the queue's. An id is found through a hash table of each
/// entry's chunk (`ChunkTable`, about 10 bytes an entry), then a scan of that chunk's ids; a
/// position through a binary search of the chunks' first positions.
public struct PlayQueue: RandomAccessCollection, Sendable {
    public typealias Indices = Range<Int>

    /// The most entries a chunk holds, unless a test asks for fewer.
    static let defaultChunkCapacity = 1024
    /// The entries' ids, URLs and titles, in chunks.
    private var chunks: QueueChunks
    /// The entries' folders, each once.
    private var folders = FolderTable()
    /// What is known of an entry beyond its URL and title, by id: only entries that have any.
    private var details = EntryDetailsTable()
    /// Where entries were left and their rates (`EntryProgress`), by id: only entries that have
    /// any, a few of a library's.
    private var progress: [Int64: EntryProgress] = [:]
    /// The entries with progress, by their URL's hash: an entry opened again finds its kept
    /// place at once, however many entries have one (a scan of 10 000 URLs made every AddTrack
    /// of a 100 000-entry library 25 times slower). One id a hash, the one whose progress
    /// changed last; the others of the same hash (the same URL queued twice, or a collision),
    /// rare, in `moreProgressByURL`, older first. (An array for every hash cost 0.7 MiB for
    /// 10 000 kept places.)
    private var progressByURL: [Int: Int64] = [:]
    private var moreProgressByURL: [Int: [Int64]] = [:]

    private typealias Details = EntryDetailsTable.Details

    /// An empty queue.
    public init() {
        self.init(chunkCapacity: Self.defaultChunkCapacity)
    }

    /// An empty queue whose chunks hold at most `chunkCapacity` entries (tests ask for few, to
    /// reach chunk boundaries with few entries).
    init(chunkCapacity: Int) {
        chunks = QueueChunks(capacity: chunkCapacity)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { chunks.count }
    public var count: Int { chunks.count }
    public var indices: Range<Int> { 0..<chunks.count }

    /// The entry at `position`.
    public subscript(position: Int) -> QueueEntry {
        let (chunk, offset) = chunks.place(of: position)
        return entry(in: chunks.chunks[chunk], at: offset)
    }

    /// The entries' ids, in play order: the whole list, built for the asking.
    public var ids: [Int64] {
        var all: [Int64] = []
        all.reserveCapacity(count)
        for chunk in chunks.chunks { all.append(contentsOf: chunk.ids) }
        return all
    }

    /// The id of the entry at `position`.
    public func id(at position: Int) -> Int64 {
        let (chunk, offset) = chunks.place(of: position)
        return chunks.chunks[chunk].ids[offset]
    }

    /// The URL of the entry at `position`, without the rest of it.
    public func url(at position: Int) -> String {
        let (chunk, offset) = chunks.place(of: position)
        return chunks.chunks[chunk].url(at: offset, folders: folders)
    }

    /// The index of the entry with `id`; `hint` is where it was last seen, checked first.
    public func index(of id: Int64, hint: Int? = nil) -> Int? {
        if let hint, indices.contains(hint), self.id(at: hint) == id { return hint }
        return chunks.place(of: id).map { chunks.position(chunk: $0.chunk, offset: $0.offset) }
    }

    /// The entry with `id`, if it is in the queue.
    public func entry(id: Int64) -> QueueEntry? {
        chunks.place(of: id).map { entry(in: chunks.chunks[$0.chunk], at: $0.offset) }
    }

    /// Whether the entry with `id` is in the queue.
    public func contains(id: Int64) -> Bool { chunks.place(of: id) != nil }

    /// The indices of the entries with `wanted` ids, by id; ids not in the queue are left out.
    public func indices(of wanted: some Collection<Int64>) -> [Int64: Int] {
        var found: [Int64: Int] = [:]
        found.reserveCapacity(wanted.count)
        for id in wanted {
            if let index = index(of: id) { found[id] = index }
        }
        return found
    }

    /// The entry at `offset` of `chunk`, with its details.
    private func entry(in chunk: QueueChunk, at offset: Int) -> QueueEntry {
        let id = chunk.ids[offset]
        var entry = QueueEntry(id: id, url: chunk.url(at: offset, folders: folders), tags: QueueEntry.Tags())
        if let more = details[id] {
            entry.tags = more.tags
            entry.length = more.length
            entry.artURL = more.artURL
            entry.hasGivenLength = more.hasGivenLength
        }
        if entry.tags.title == nil { entry.tags.title = chunk.title(at: offset) }
        if !progress.isEmpty, let kept = progress[id] { entry.progress = kept }
        return entry
    }

    /// The entries that have progress (`EntryProgress`), by id.
    public var entriesWithProgress: [Int64: EntryProgress] { progress }

    /// The progress of another entry of the queue at the same place as `url`, if one has any
    /// (the one whose progress changed last): an episode opened again resumes where it was left.
    /// A plain path and its `file://` URI are one place (`QueueEntry.sameLocation`). Looks only
    /// at the entries with progress whose place has the same hash.
    public func progress(ofURL url: String) -> EntryProgress? {
        let location = QueueEntry.location(of: url)
        let key = location.hashValue
        guard let last = progressByURL[key] else { return nil }
        for id in CollectionOfOne(last) + (moreProgressByURL[key] ?? []).reversed() {
            guard let place = chunks.place(of: id), let kept = progress[id] else { continue }
            if QueueEntry.location(of: chunks.chunks[place.chunk].url(at: place.offset, folders: folders)) == location { return kept }
        }
        return nil
    }

    /// Keeps `value` as entry `id`'s progress (none when empty), and its URL's place in
    /// `progressByURL`.
    private mutating func setProgress(_ value: EntryProgress, for id: Int64, url: @autoclosure () -> String) {
        let had = progress[id] != nil
        progress[id] = value.isEmpty ? nil : value
        guard had || !value.isEmpty else { return }
        let key = QueueEntry.location(of: url()).hashValue
        if !value.isEmpty {
            // The last changed is found first.
            guard progressByURL[key] != id else { return }
            moreProgressByURL[key]?.removeAll { $0 == id }
            if let previous = progressByURL[key] { moreProgressByURL[key, default: []].append(previous) }
            progressByURL[key] = id
        } else if progressByURL[key] == id {
            progressByURL[key] = moreProgressByURL[key]?.popLast()
            if moreProgressByURL[key]?.isEmpty == true { moreProgressByURL[key] = nil }
        } else {
            moreProgressByURL[key]?.removeAll { $0 == id }
            if moreProgressByURL[key]?.isEmpty == true { moreProgressByURL[key] = nil }
        }
    }

    // MARK: Changing

    /// Makes room for `count` more entries without the id table growing meanwhile. (Each chunk's
    /// text grows by a quarter at a time as it fills.)
    public mutating func reserveCapacity(_ count: Int) {
        chunks.reserveCapacity(count)
    }

    /// Inserts `entries` at `index`, in order.
    public mutating func insert(contentsOf entries: some Collection<QueueEntry>, at index: Int) {
        chunks.insert(entries, at: index, folders: &folders)
        for entry in entries {
            var tags = entry.tags
            tags.title = nil
            setDetails(Details(tags: tags, length: entry.length, artURL: entry.artURL, hasGivenLength: entry.hasGivenLength), for: entry.id)
            if !entry.progress.isEmpty { setProgress(entry.progress, for: entry.id, url: entry.url) }
        }
    }

    /// Inserts one entry at `index`.
    public mutating func insert(_ entry: QueueEntry, at index: Int) {
        insert(contentsOf: CollectionOfOne(entry), at: index)
    }

    /// Removes the entry at `index`; returns its id.
    @discardableResult
    public mutating func remove(at index: Int) -> Int64 {
        let url = progress.isEmpty || progress[id(at: index)] == nil ? nil : self.url(at: index)
        let id = chunks.remove(at: index, folders: &folders)
        details[id] = nil
        if let url { setProgress(EntryProgress(), for: id, url: url) }
        return id
    }

    /// Empties the queue.
    public mutating func removeAll() {
        self = PlayQueue(chunkCapacity: chunks.capacity)
    }

    /// Changes the entry at `index` (its id and URL stay); returns whether anything changed.
    @discardableResult
    public mutating func update(at index: Int, _ body: (inout QueueEntry) -> Void) -> Bool {
        let before = self[index]
        var after = before
        body(&after)
        after.id = before.id
        after.url = before.url
        guard after != before else { return false }
        let (chunk, offset) = chunks.place(of: index)
        var tags = after.tags
        if tags.title == chunks.chunks[chunk].title(at: offset) { tags.title = nil }
        setDetails(Details(tags: tags, length: after.length, artURL: after.artURL, hasGivenLength: after.hasGivenLength), for: after.id)
        setProgress(after.progress, for: after.id, url: after.url)
        return true
    }

    /// Puts the entries in a new order: the entry at `order[i]` goes to index `i`. `order` is a
    /// permutation of the indices.
    public mutating func reorder(_ order: [Int]) {
        chunks = chunks.reordered(order)
    }

    /// Keeps `more` for entry `id` (nothing, when it holds nothing).
    private mutating func setDetails(_ more: Details, for id: Int64) {
        details[id] = more
    }
}

extension PlayQueue {
    /// What is wrong with the chunks' bookkeeping, in words; empty when nothing is. For tests.
    func chunkProblems() -> [String] { chunks.problems() }
    /// The chunks' sizes, in order. For tests.
    var chunkSizes: [Int] { chunks.chunks.map(\.count) }
}
