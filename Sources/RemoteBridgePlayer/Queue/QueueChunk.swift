// SPDX-License-Identifier: Apache-2.0
/// A run of consecutive entries of a `PlayQueue`: their ids, and where each one's URL and title
/// are in the chunk's own text. An insert or a removal moves only this chunk's entries, and a
/// compaction copies only its text.
///
/// An entry's URL is kept as its folder's number (`FolderTable`, shared by the whole queue) and
/// the rest of it; its title, when given, follows in `text`. The other details are the queue's.
struct QueueChunk: Sendable {
    /// The chunk's number, by which `ChunkTable` names it; the same while the chunk lives.
    let number: UInt32
    /// The entries' ids, in order.
    private(set) var ids: [Int64] = []
    /// Where each entry's URL and title are; parallel to `ids`.
    private var slots: [Slot] = []
    /// The URL and title bytes of the entries, one after another. A removed entry's bytes stay
    /// until `compactIfWasteful()` finds more dead bytes than live ones.
    private var text: [UInt8] = []
    /// Bytes of `text` that no entry uses any more.
    private var deadBytes = 0

    /// An entry's place: its folder, and in `text` the rest of its URL, then its title.
    struct Slot: Sendable {
        var start: UInt32
        /// The folder's number in the queue's `FolderTable`; `noFolder` for a URL without a `/`.
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

    /// An empty chunk numbered `number`, with room for `entries` entries and `textBytes` bytes.
    init(number: UInt32, entries: Int, textBytes: Int) {
        self.number = number
        ids.reserveCapacity(entries)
        slots.reserveCapacity(entries)
        text.reserveCapacity(textBytes)
    }

    /// The entries held.
    var count: Int { ids.count }
    /// The bytes of text the entries use.
    var liveBytes: Int { text.count - deadBytes }

    /// Where the entry with `id` is, if this chunk holds it.
    func offset(of id: Int64) -> Int? {
        ids.withUnsafeBufferPointer { buffer in
            for offset in buffer.indices where buffer[offset] == id { return offset }
            return nil
        }
    }

    // MARK: Reading

    /// The URL of the entry at `offset`.
    func url(at offset: Int, folders: FolderTable) -> String {
        let slot = slots[offset]
        let rest = string(at: Int(slot.start), count: Int(slot.urlLength))
        return slot.folder == Slot.noFolder ? rest : folders[slot.folder] + rest
    }

    /// The title given with the entry at `offset`, if any.
    func title(at offset: Int) -> String? {
        let slot = slots[offset]
        guard slot.titleLength != Slot.noTitle else { return nil }
        return string(at: Int(slot.start) + Int(slot.urlLength), count: Int(slot.titleLength))
    }

    /// The bytes of text the entry at `offset` takes.
    func textBytes(at offset: Int) -> Int {
        slots[offset].byteCount
    }

    /// The text of `count` bytes at `start`.
    private func string(at start: Int, count: Int) -> String {
        text.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<start + count]), as: UTF8.self)
        }
    }

    // MARK: Changing

    /// Stores `entries` (their ids, URLs and titles) at `offset`, in order, growing by a quarter
    /// at a time up to `limit` entries, so that a chunk that fills up wastes little room.
    mutating func insert(_ entries: some Collection<QueueEntry>, at offset: Int, folders: inout FolderTable, limit: Int) {
        makeRoom(for: entries.count, limit: limit)
        if entries.count == 1, let entry = entries.first {
            ids.insert(entry.id, at: offset)
            slots.insert(store(entry, folders: &folders), at: offset)
            return
        }
        var newSlots: [Slot] = []
        newSlots.reserveCapacity(entries.count)
        for entry in entries { newSlots.append(store(entry, folders: &folders)) }
        ids.insert(contentsOf: entries.lazy.map(\.id), at: offset)
        slots.insert(contentsOf: newSlots, at: offset)
    }

    /// Removes the entry at `offset`, letting its folder and text go; returns its id.
    mutating func remove(at offset: Int, folders: inout FolderTable) -> Int64 {
        let id = ids.remove(at: offset)
        let slot = slots.remove(at: offset)
        deadBytes += slot.byteCount
        if slot.folder != Slot.noFolder { folders.release(slot.folder) }
        compactIfWasteful()
        shrinkIfSparse()
        return id
    }

    /// Appends a copy of the entry at `offset` of `source`: its id, its folder number and its text.
    mutating func append(_ offset: Int, of source: QueueChunk) {
        var slot = source.slots[offset]
        let start = Int(slot.start)
        slot.start = UInt32(text.count)
        source.text.withUnsafeBufferPointer { bytes in
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<start + slot.byteCount]))
        }
        ids.append(source.ids[offset])
        slots.append(slot)
    }

    /// Moves the entries from `offset` on to the end of `other`, with their text; the entries
    /// keep their folders.
    mutating func moveEntries(from offset: Int, to other: inout QueueChunk) {
        other.reserveText((offset..<count).reduce(0) { $0 + slots[$1].byteCount })
        for moving in offset..<count {
            other.append(moving, of: self)
            deadBytes += slots[moving].byteCount
        }
        ids.removeSubrange(offset...)
        slots.removeSubrange(offset...)
        compactIfWasteful()
    }

    /// Stores an entry's text, and its folder in `folders`; returns its slot.
    private mutating func store(_ entry: QueueEntry, folders: inout FolderTable) -> Slot {
        reserveText(entry.url.utf8.count + (entry.tags.title?.utf8.count ?? 0))
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
        precondition(text.count <= UInt32.max, "a chunk's text stays within 4 GiB")
        return Slot(start: UInt32(start), folder: folder, urlLength: UInt32(urlLength), titleLength: titleLength)
    }

    // MARK: Room

    /// Room for `extra` more entries: a quarter more at a time (at least 16), up to `limit`.
    private mutating func makeRoom(for extra: Int, limit: Int) {
        let needed = count + extra
        guard needed > ids.capacity || needed > slots.capacity else { return }
        let grown = Swift.min(Swift.max(needed, ids.capacity + Swift.max(16, ids.capacity / 4)), Swift.max(limit, needed))
        ids.reserveCapacity(grown)
        slots.reserveCapacity(grown)
    }

    /// Room for `extra` more bytes of text: a quarter more at a time, not the double of an array's own growth.
    private mutating func reserveText(_ extra: Int) {
        let needed = text.count + extra
        guard needed > text.capacity else { return }
        text.reserveCapacity(Swift.max(needed, text.capacity + Swift.max(256, text.capacity / 4)))
    }

    /// Copies the live entries' text into a new buffer, leaving the dead bytes behind, once
    /// there are more dead bytes than live ones (and more than a few).
    private mutating func compactIfWasteful() {
        guard deadBytes > 1024, deadBytes > text.count / 2 || ids.isEmpty else { return }
        var compacted: [UInt8] = []
        compacted.reserveCapacity(liveBytes + liveBytes / 8)
        text.withUnsafeBufferPointer { bytes in
            for index in slots.indices {
                let start = Int(slots[index].start)
                slots[index].start = UInt32(compacted.count)
                compacted.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<start + slots[index].byteCount]))
            }
        }
        text = compacted
        deadBytes = 0
    }

    /// Gives back the room of a chunk that has lost most of its entries.
    private mutating func shrinkIfSparse() {
        guard ids.capacity > 64, count * 4 < ids.capacity else { return }
        var fewerIDs: [Int64] = []
        fewerIDs.reserveCapacity(count + count / 4)
        fewerIDs.append(contentsOf: ids)
        ids = fewerIDs
        var fewerSlots: [Slot] = []
        fewerSlots.reserveCapacity(count + count / 4)
        fewerSlots.append(contentsOf: slots)
        slots = fewerSlots
    }
}
