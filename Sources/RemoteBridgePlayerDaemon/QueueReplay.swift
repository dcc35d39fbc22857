import RemoteBridgeMPV

/// A queue that takes many single-entry edits in a row cheaply: a journal of thousands of
/// inserts and removals is replayed onto a 100 000-entry snapshot in milliseconds.
///
/// Inserting into or removing from a plain array of 100 000 items moves half of it each time;
/// here the order is kept as references to the items, in chunks of about `chunkSize`, so an edit
/// moves only one chunk's references. Until the first insert or removal the queue is left as it
/// came, so a journal of position changes costs nothing.
struct QueueReplay {
    /// References in a chunk after a split; a chunk is split once it holds twice as many.
    static let chunkSize = 1024
    /// The snapshot's items, then every item that an edit brought.
    private var pool: [QueueItem]
    /// The queue's order, as indices into `pool`, chunk after chunk. Empty until `ordered`.
    private var chunks: [[Int32]] = []
    /// Whether an insert or a removal has happened, so that `chunks` holds the order.
    private var ordered = false
    /// The number of entries in the queue.
    private(set) var count: Int

    /// An edit's index outside the queue.
    struct OutOfRange: Error, CustomStringConvertible {
        /// The edit and the queue's length.
        let description: String
    }

    /// A replay starting from `queue`.
    init(_ queue: [QueueItem]) {
        pool = queue
        count = queue.count
    }

    /// Inserts `items` so that they are at `index ..< index + items.count`.
    mutating func insert(_ items: [QueueItem], at index: Int) throws(OutOfRange) {
        guard index >= 0, index <= count else {
            throw OutOfRange(description: "an insert at \(index) into a queue of \(count) entries")
        }
        guard !items.isEmpty else { return }
        order()
        let references = (pool.count..<pool.count + items.count).map { Int32($0) }
        pool.append(contentsOf: items)
        count += items.count
        guard !chunks.isEmpty else {
            chunks = Self.split(references[...])
            return
        }
        let (chunk, offset) = locate(index, end: true)
        chunks[chunk].insert(contentsOf: references, at: offset)
        if chunks[chunk].count > 2 * Self.chunkSize {
            chunks.replaceSubrange(chunk...chunk, with: Self.split(chunks[chunk][...]))
        }
    }

    /// Removes the entry at `index`.
    mutating func remove(at index: Int) throws(OutOfRange) {
        guard index >= 0, index < count else {
            throw OutOfRange(description: "a removal at \(index) from a queue of \(count) entries")
        }
        order()
        let (chunk, offset) = locate(index, end: false)
        chunks[chunk].remove(at: offset)
        if chunks[chunk].isEmpty { chunks.remove(at: chunk) }
        count -= 1
    }

    /// Replaces the entry at `index` with `item`.
    mutating func update(_ item: QueueItem, at index: Int) throws(OutOfRange) {
        guard index >= 0, index < count else {
            throw OutOfRange(description: "an update at \(index) in a queue of \(count) entries")
        }
        guard ordered else {
            pool[index] = item
            return
        }
        let (chunk, offset) = locate(index, end: false)
        pool.append(item)
        chunks[chunk][offset] = Int32(pool.count - 1)
    }

    /// The queue, in order.
    func finished() -> [QueueItem] {
        guard ordered else { return pool }
        var queue: [QueueItem] = []
        queue.reserveCapacity(count)
        for chunk in chunks {
            for reference in chunk { queue.append(pool[Int(reference)]) }
        }
        return queue
    }

    /// Switches from the queue as it came to references in chunks, before the first insert or removal.
    private mutating func order() {
        guard !ordered else { return }
        ordered = true
        chunks = Self.split((0..<Int32(count)).map { $0 }[...])
    }

    /// The chunk that holds `index`, and its offset there. With `end`, an index just past the
    /// last entry names the end of the last chunk.
    private func locate(_ index: Int, end: Bool) -> (chunk: Int, offset: Int) {
        var rest = index
        for (chunk, references) in chunks.enumerated() {
            if rest < references.count || (end && rest == references.count && chunk == chunks.count - 1) {
                return (chunk, rest)
            }
            rest -= references.count
        }
        return (chunks.count - 1, chunks[chunks.count - 1].count)
    }

    /// `references` cut into chunks of `chunkSize`.
    private static func split(_ references: ArraySlice<Int32>) -> [[Int32]] {
        stride(from: references.startIndex, to: references.endIndex, by: chunkSize).map { start in
            Array(references[start..<min(start + chunkSize, references.endIndex)])
        }
    }
}
