// SPDX-License-Identifier: Apache-2.0
/// A `PlayQueue`'s entries as chunks of consecutive entries (`QueueChunk`), in play order, and
/// where each position and each id is.
///
/// - A position is found by a binary search of the chunks' first positions.
/// - An id is found through `ChunkTable` (its chunk's number), then a scan of that chunk's ids.
/// - An insert or a removal moves the entries of one chunk, and the first positions of the
///   chunks after it. A full chunk splits in two; two neighbours that hold no more than a
///   quarter of a chunk between them merge. So every chunk holds at most `capacity` entries,
///   any two neighbours more than `capacity / 4`, and n entries take from n / `capacity` to
///   8n / `capacity` + 1 chunks.
struct QueueChunks: Sendable {
    /// The most entries a chunk holds.
    let capacity: Int
    /// The chunks, in play order; none is empty.
    private(set) var chunks: [QueueChunk] = []
    /// The position of each chunk's first entry; parallel to `chunks`.
    private var firsts: [Int] = []
    /// The index in `chunks` of the chunk with each number; -1 for a number not in use.
    private var indexOfNumber: [Int32] = []
    /// Chunk numbers not in use, to be used again.
    private var unusedNumbers: [UInt32] = []
    /// Each entry's chunk, by id.
    private var table = ChunkTable()
    /// The entries in all.
    private(set) var count = 0

    /// No entries, in chunks of at most `capacity`.
    init(capacity: Int) {
        precondition(capacity >= 4, "a chunk holds at least 4 entries")
        self.capacity = capacity
    }

    /// Where the entry at `position` is: its chunk's index in `chunks`, and its offset there.
    func place(of position: Int) -> (chunk: Int, offset: Int) {
        precondition(position >= 0 && position < count, "index \(position) is outside the queue's \(count) entries")
        let chunk = chunk(containing: position)
        return (chunk, position - firsts[chunk])
    }

    /// Where the entry with `id` is, if it is in the queue.
    func place(of id: Int64) -> (chunk: Int, offset: Int)? {
        table.first(id) { number in
            let chunk = Int(indexOfNumber[Int(number)])
            return chunks[chunk].offset(of: id).map { (chunk: chunk, offset: $0) }
        }
    }

    /// The position of the entry at `offset` in chunk `chunk`.
    func position(chunk: Int, offset: Int) -> Int {
        firsts[chunk] + offset
    }

    /// Makes room in the id table for `extra` more entries.
    mutating func reserveCapacity(_ extra: Int) {
        table.reserveCapacity(count + extra)
    }

    // MARK: Inserting

    /// Stores `entries` at `position`, in order.
    mutating func insert(_ entries: some Collection<QueueEntry>, at position: Int, folders: inout FolderTable) {
        precondition(position >= 0 && position <= count, "index \(position) is outside the queue's \(count) entries and its end")
        guard !entries.isEmpty else { return }
        defer { count += entries.count }
        guard let last = chunks.indices.last else {
            return addChunks(entries, at: 0, atEnd: true, folders: &folders)
        }
        var chunk = position == count ? last : self.chunk(containing: position)
        var offset = position - firsts[chunk]
        if chunks[chunk].count + entries.count <= capacity {
            insert(entries, into: chunk, at: offset, folders: &folders)
        } else if position == count {
            // At the end: the last chunk fills up, then new chunks follow.
            let room = capacity - chunks[chunk].count
            insert(entries.prefix(room), into: chunk, at: offset, folders: &folders)
            addChunks(entries.dropFirst(room), at: chunks.count, atEnd: true, folders: &folders)
        } else if entries.count <= capacity / 2 {
            // The chunk splits in halves, and the entries go into the one they fall in.
            let half = chunks[chunk].count / 2
            split(chunk, at: half)
            if offset > half {
                chunk += 1
                offset -= half
            }
            insert(entries, into: chunk, at: offset, folders: &folders)
        } else {
            // Many entries: chunks of their own, between the two parts of the chunk they fall in.
            // Each new chunk is at least half full; a small part left on either side merges
            // with its neighbour there, if the two are small.
            if offset > 0 {
                split(chunk, at: offset)
                chunk += 1
            }
            let before = chunks.count
            addChunks(entries, at: chunk, atEnd: false, folders: &folders)
            mergeSmallNeighbours(of: chunk + chunks.count - before)
            if offset > 0 { mergeSmallNeighbours(of: chunk - 1) }
        }
    }

    /// Stores `entries` in chunk `chunk`, which has room for them, at `offset`.
    private mutating func insert(_ entries: some Collection<QueueEntry>, into chunk: Int, at offset: Int, folders: inout FolderTable) {
        guard !entries.isEmpty else { return }
        chunks[chunk].insert(entries, at: offset, folders: &folders, limit: capacity)
        let number = chunks[chunk].number
        for entry in entries { table.add(entry.id, chunk: number) }
        for later in chunk + 1..<chunks.count { firsts[later] += entries.count }
    }

    /// Stores `entries` in new chunks at `index` of `chunks`: evenly filled, each at least half
    /// full; or, `atEnd` of the queue, full ones, then a last one with room to fill up.
    private mutating func addChunks(_ entries: some Collection<QueueEntry>, at index: Int, atEnd: Bool, folders: inout FolderTable) {
        guard !entries.isEmpty else { return }
        let pieces = (entries.count + capacity - 1) / capacity
        var rest = entries[...]
        for piece in 0..<pieces {
            let size = atEnd ? min(capacity, rest.count) : rest.count / (pieces - piece)
            let room = atEnd ? capacity : size
            var chunk = QueueChunk(number: newNumber(), entries: room, textBytes: textBytes(for: room))
            chunk.insert(rest.prefix(size), at: 0, folders: &folders, limit: capacity)
            for id in chunk.ids { table.add(id, chunk: chunk.number) }
            chunks.insert(chunk, at: index + piece)
            firsts.insert(0, at: index + piece)
            rest = rest.dropFirst(size)
        }
        renumber(from: index)
    }

    /// About the bytes of text `entries` entries take, going by the last chunk's.
    private func textBytes(for entries: Int) -> Int {
        guard let last = chunks.last, last.count > 0 else { return 0 }
        return last.liveBytes / last.count * entries * 17 / 16
    }

    /// Moves the entries of chunk `index` from `offset` on into a new chunk after it.
    private mutating func split(_ index: Int, at offset: Int) {
        var right = QueueChunk(number: newNumber(), entries: chunks[index].count - offset, textBytes: 0)
        chunks[index].moveEntries(from: offset, to: &right)
        let from = chunks[index].number
        for id in right.ids { table.move(id, from: from, to: right.number) }
        chunks.insert(right, at: index + 1)
        firsts.insert(0, at: index + 1)
        renumber(from: index + 1)
    }

    // MARK: Removing

    /// Removes the entry at `position`, letting its folder go; returns its id.
    mutating func remove(at position: Int, folders: inout FolderTable) -> Int64 {
        let (chunk, offset) = place(of: position)
        let id = chunks[chunk].remove(at: offset, folders: &folders)
        table.remove(id, chunk: chunks[chunk].number)
        count -= 1
        if chunks[chunk].count == 0 {
            let gone = chunks.remove(at: chunk)
            firsts.remove(at: chunk)
            release(gone.number)
            renumber(from: chunk)
        } else {
            for later in chunk + 1..<chunks.count { firsts[later] -= 1 }
            mergeSmallNeighbours(of: chunk)
        }
        return id
    }

    /// Merges chunk `index` with a neighbour when the two hold no more than a quarter of a chunk.
    private mutating func mergeSmallNeighbours(of index: Int) {
        var index = index
        if index > 0, chunks[index - 1].count + chunks[index].count <= capacity / 4 {
            mergeIntoPrevious(index)
            index -= 1
        }
        if index + 1 < chunks.count, chunks[index].count + chunks[index + 1].count <= capacity / 4 {
            mergeIntoPrevious(index + 1)
        }
    }

    /// Moves the entries of chunk `index` to the end of the chunk before it, and drops it.
    private mutating func mergeIntoPrevious(_ index: Int) {
        var gone = chunks.remove(at: index)
        firsts.remove(at: index)
        let moved = gone.ids
        gone.moveEntries(from: 0, to: &chunks[index - 1])
        let to = chunks[index - 1].number
        for id in moved { table.move(id, from: gone.number, to: to) }
        release(gone.number)
        renumber(from: index)
    }

    // MARK: Reordering

    /// The same entries, the one at `order[i]` now at position `i`, in full chunks. `order`
    /// names each position once.
    func reordered(_ order: [Int]) -> QueueChunks {
        precondition(order.count == count, "a new order names every entry once")
        // Where each entry is now: its chunk's index in the high 32 bits, its offset in the low.
        var places: [UInt64] = []
        places.reserveCapacity(count)
        for (index, chunk) in chunks.enumerated() {
            for offset in 0..<chunk.count { places.append(UInt64(index) << 32 | UInt64(offset)) }
        }
        var placed = [Bool](repeating: false, count: count)
        var result = QueueChunks(capacity: capacity)
        result.table.reserveCapacity(count)
        var start = 0
        while start < order.count {
            let end = min(start + capacity, order.count)
            var bytes = 0
            for position in order[start..<end] {
                precondition(position >= 0 && position < count && !placed[position], "a new order names every entry once")
                placed[position] = true
                bytes += chunks[Int(places[position] >> 32)].textBytes(at: Int(places[position] & 0xFFFF_FFFF))
            }
            var chunk = QueueChunk(number: result.newNumber(), entries: end - start, textBytes: bytes)
            for position in order[start..<end] {
                chunk.append(Int(places[position] & 0xFFFF_FFFF), of: chunks[Int(places[position] >> 32)])
            }
            for id in chunk.ids { result.table.add(id, chunk: chunk.number) }
            result.indexOfNumber[Int(chunk.number)] = Int32(result.chunks.count)
            result.chunks.append(chunk)
            result.firsts.append(start)
            start = end
        }
        result.count = count
        return result
    }

    // MARK: Bookkeeping

    /// What is wrong with the chunks' bookkeeping, in words; empty when nothing is: each chunk's
    /// size, first position and number, and the counts. (Whether each id is found where it is,
    /// tests ask of the queue.) For tests.
    func problems() -> [String] {
        var found: [String] = []
        var position = 0
        for (index, chunk) in chunks.enumerated() {
            if chunk.count == 0 || chunk.count > capacity { found.append("chunk \(index) holds \(chunk.count) of at most \(capacity)") }
            if firsts[index] != position { found.append("chunk \(index) starts at \(firsts[index]), not \(position)") }
            if indexOfNumber[Int(chunk.number)] != Int32(index) { found.append("chunk \(index)'s number \(chunk.number) names \(indexOfNumber[Int(chunk.number)])") }
            if index > 0, chunks[index - 1].count + chunk.count <= capacity / 4 {
                found.append("chunks \(index - 1) and \(index) hold \(chunks[index - 1].count + chunk.count) together, a quarter of a chunk or less")
            }
            position += chunk.count
        }
        if position != count { found.append("the chunks hold \(position) entries, not \(count)") }
        if table.count != count { found.append("the id table holds \(table.count) entries, not \(count)") }
        if firsts.count != chunks.count { found.append("\(firsts.count) first positions for \(chunks.count) chunks") }
        let inUse = indexOfNumber.filter { $0 >= 0 }.count
        if inUse != chunks.count { found.append("\(inUse) chunk numbers in use for \(chunks.count) chunks") }
        return found
    }

    /// The index of the chunk that holds `position` (the last chunk for the end).
    private func chunk(containing position: Int) -> Int {
        var low = 0
        var high = firsts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if firsts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The first positions and numbers' indices of the chunks from `index` on, after chunks
    /// came or went there.
    private mutating func renumber(from index: Int) {
        for chunk in index..<chunks.count {
            firsts[chunk] = chunk == 0 ? 0 : firsts[chunk - 1] + chunks[chunk - 1].count
            indexOfNumber[Int(chunks[chunk].number)] = Int32(chunk)
        }
    }

    /// A chunk number not in use.
    private mutating func newNumber() -> UInt32 {
        if let number = unusedNumbers.popLast() { return number }
        indexOfNumber.append(-1)
        return UInt32(indexOfNumber.count - 1)
    }

    /// Chunk number `number` is no longer in use.
    private mutating func release(_ number: UInt32) {
        indexOfNumber[Int(number)] = -1
        unusedNumbers.append(number)
    }
}
