/// The player's queue, in play order, kept compact: a library of 100 000 entries costs little
/// more than its paths.
///
/// Each entry is an id, a folder number (`FolderTable`: a library's folders are held once), a
/// range of `text` holding the rest of its URL and its given title, and, only for the entries
/// that have more (tags read from the file, a length, cover art), a record in `EntryDetailsTable`.
/// Reading an entry builds a `QueueEntry`. Ids are looked up by a scan of one array of integers:
/// 100 000 of them take some tens of microseconds, which keeps inserts and removals as cheap as
/// lookups (an index of ids would have to be renumbered on each of them).
public struct PlayQueue: RandomAccessCollection, Sendable {
    /// The entries' ids, in play order.
    public private(set) var ids: [Int64] = []
    /// Where each entry's URL and title are in `text`; parallel to `ids`.
    private var slots: [Slot] = []
    /// The entries' folders, each once.
    private var folders = FolderTable()
    /// The URL and title bytes of every entry, one after another. A removed entry's bytes stay
    /// until `compactText()` finds more dead bytes than live ones.
    private var text: [UInt8] = []
    /// Bytes of `text` that no entry uses any more.
    private var deadBytes = 0
    /// What is known of an entry beyond its URL and title, by id: only entries that have any.
    private var details = EntryDetailsTable()

    /// An entry's place: its folder, and in `text` the rest of its URL, then its title.
    private struct Slot: Sendable {
        var start: Int
        /// The folder's number in `folders`; `noFolder` for a URL without a `/`.
        var folder: Int32
        /// The bytes of the URL after its folder.
        var urlLength: UInt32
        /// `UInt32.max` for no title.
        var titleLength: UInt32

        static let noTitle = UInt32.max
        static let noFolder: Int32 = -1
        var titleBytes: Int { titleLength == Self.noTitle ? 0 : Int(titleLength) }
        var byteCount: Int { Int(urlLength) + titleBytes }
    }

    private typealias Details = EntryDetailsTable.Details

    /// An empty queue.
    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { ids.count }

    /// The entry at `position`.
    public subscript(position: Int) -> QueueEntry {
        let id = ids[position]
        let slot = slots[position]
        var entry = QueueEntry(id: id, url: url(at: position), tags: QueueEntry.Tags())
        if let more = details[id] {
            entry.tags = more.tags
            entry.length = more.length
            entry.artURL = more.artURL
            entry.hasGivenLength = more.hasGivenLength
        }
        if entry.tags.title == nil, slot.titleLength != Slot.noTitle {
            entry.tags.title = string(at: slot.start + Int(slot.urlLength), count: Int(slot.titleLength))
        }
        return entry
    }

    /// The URL of the entry at `position`, without the rest of it.
    public func url(at position: Int) -> String {
        let slot = slots[position]
        let rest = string(at: slot.start, count: Int(slot.urlLength))
        return slot.folder == Slot.noFolder ? rest : folders[slot.folder] + rest
    }

    /// The index of the entry with `id`; `hint` is where it was last seen, checked first.
    public func index(of id: Int64, hint: Int? = nil) -> Int? {
        if let hint, ids.indices.contains(hint), ids[hint] == id { return hint }
        return ids.firstIndex(of: id)
    }

    /// The entry with `id`, if it is in the queue.
    public func entry(id: Int64) -> QueueEntry? { index(of: id).map { self[$0] } }

    /// Whether the entry with `id` is in the queue.
    public func contains(id: Int64) -> Bool { ids.contains(id) }

    /// The indices of the entries with `wanted` ids, by id: one pass over the queue, however many
    /// are asked for.
    public func indices(of wanted: some Collection<Int64>) -> [Int64: Int] {
        guard wanted.count > 4 else {
            var found: [Int64: Int] = [:]
            for id in wanted { if let index = index(of: id) { found[id] = index } }
            return found
        }
        let asked = Set(wanted)
        var found: [Int64: Int] = [:]
        found.reserveCapacity(asked.count)
        for (index, id) in ids.enumerated() where asked.contains(id) {
            found[id] = index
            if found.count == asked.count { break }
        }
        return found
    }

    // MARK: Changing

    /// Makes room for `count` more entries with about `textBytes` of URLs and titles.
    public mutating func reserveCapacity(_ count: Int, textBytes: Int = 0) {
        ids.reserveCapacity(ids.count + count)
        slots.reserveCapacity(slots.count + count)
        if textBytes > 0 { text.reserveCapacity(text.count + textBytes) }
    }

    /// Inserts `entries` at `index`, in order.
    public mutating func insert(contentsOf entries: some Collection<QueueEntry>, at index: Int) {
        var newSlots: [Slot] = []
        newSlots.reserveCapacity(entries.count)
        for entry in entries {
            newSlots.append(store(entry))
        }
        ids.insert(contentsOf: entries.map(\.id), at: index)
        slots.insert(contentsOf: newSlots, at: index)
    }

    /// Inserts one entry at `index`.
    public mutating func insert(_ entry: QueueEntry, at index: Int) {
        insert(contentsOf: CollectionOfOne(entry), at: index)
    }

    /// Removes the entry at `index`; returns its id.
    @discardableResult
    public mutating func remove(at index: Int) -> Int64 {
        let id = ids.remove(at: index)
        let slot = slots.remove(at: index)
        deadBytes += slot.byteCount
        if slot.folder != Slot.noFolder { folders.release(slot.folder) }
        details[id] = nil
        if deadBytes > 1 << 16, deadBytes > text.count / 2 { compactText() }
        return id
    }

    /// Empties the queue.
    public mutating func removeAll() {
        self = PlayQueue()
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
        let slot = slots[index]
        let storedTitle = slot.titleLength == Slot.noTitle ? nil : string(at: slot.start + Int(slot.urlLength), count: Int(slot.titleLength))
        var tags = after.tags
        if tags.title == storedTitle { tags.title = nil }
        setDetails(Details(tags: tags, length: after.length, artURL: after.artURL, hasGivenLength: after.hasGivenLength), for: after.id)
        return true
    }

    /// Puts the entries in a new order: the entry at `order[i]` goes to index `i`. `order` is a
    /// permutation of the indices.
    public mutating func reorder(_ order: [Int]) {
        precondition(order.count == ids.count, "a new order names every entry once")
        ids = order.map { ids[$0] }
        slots = order.map { slots[$0] }
    }

    // MARK: Storage

    /// Stores an entry's text and details; returns its slot.
    private mutating func store(_ entry: QueueEntry) -> Slot {
        let start = text.count
        var folder = Slot.noFolder
        var urlLength = entry.url.utf8.count
        if let (path, rest) = FolderTable.split(entry.url) {
            folder = folders.use(path)
            text.append(contentsOf: rest.utf8)
            urlLength = rest.utf8.count
        } else {
            text.append(contentsOf: entry.url.utf8)
        }
        var titleLength = Slot.noTitle
        if let title = entry.tags.title {
            text.append(contentsOf: title.utf8)
            titleLength = UInt32(title.utf8.count)
        }
        var tags = entry.tags
        tags.title = nil
        setDetails(Details(tags: tags, length: entry.length, artURL: entry.artURL, hasGivenLength: entry.hasGivenLength), for: entry.id)
        return Slot(start: start, folder: folder, urlLength: UInt32(urlLength), titleLength: titleLength)
    }

    /// Keeps `more` for entry `id` (nothing, when it holds nothing).
    private mutating func setDetails(_ more: Details, for id: Int64) {
        details[id] = more
    }

    /// The text of `count` bytes at `start`.
    private func string(at start: Int, count: Int) -> String {
        text.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<start + count]), as: UTF8.self)
        }
    }

    /// Copies the live entries' text into a new buffer, leaving the dead bytes behind.
    private mutating func compactText() {
        var compacted: [UInt8] = []
        compacted.reserveCapacity(text.count - deadBytes)
        for index in slots.indices {
            let slot = slots[index]
            let start = compacted.count
            compacted.append(contentsOf: text[slot.start..<slot.start + slot.byteCount])
            slots[index].start = start
        }
        text = compacted
        deadBytes = 0
    }
}
