// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer

/// A queue that takes many single-entry edits in a row cheaply: a journal of thousands of
/// inserts and removals is replayed onto a 100 000-entry snapshot in milliseconds.
///
/// Inserting into or removing from a plain array of 100 000 items moves half of it each time;
/// here the order is kept as references to the items, in chunks of about `chunkSize`, so an edit
/// moves only one chunk's references. Until the first insert or removal the queue is left as it
/// came, so a journal of position changes costs nothing.
///
/// A shuffled queue's order before shuffling follows the edits as `MPVPlayer` keeps it: each
/// item has a place in that order, an inserted item goes after every item before it, a removed
/// one leaves it, an updated one keeps its place.
struct QueueReplay {
    /// References in a chunk after a split; a chunk is split once it holds twice as many.
    static let chunkSize = 1024
    /// The snapshot's items, then every item that an edit brought.
    private var pool: [QueueItem]
    /// The queue's order, as indices into `pool`, chunk after chunk. Empty until `ordered`.
    private var chunks: [[Int32]] = []
    /// Whether an insert or a removal has happened, so that `chunks` holds the order.
    private var ordered = false
    /// While the order before shuffling is followed: each item of `pool`'s place in it. A
    /// snapshot item's place is where that order puts it, an inserted item's its index in `pool`,
    /// which is past every place before it.
    private var places: [Int32]?
    /// The number of entries in the queue.
    private(set) var count: Int

    /// An edit's index outside the queue.
    struct OutOfRange: Error, CustomStringConvertible {
        /// The edit and the queue's length.
        let description: String
    }

    /// A replay starting from `queue`; with `places` (`UnshuffledOrder.places(of:entries:)` of
    /// its order before shuffling), that order is followed too.
    init(_ queue: [QueueItem], places: [Int32]? = nil) {
        pool = queue
        count = queue.count
        self.places = places?.count == queue.count ? places : nil
    }

    /// Stops following the order before shuffling: shuffle went on or off without the queue
    /// being saved whole, so that order is no longer known.
    mutating func forgetUnshuffledOrder() {
        places = nil
    }

    /// Inserts `items` so that they are at `index ..< index + items.count`.
    mutating func insert(_ items: [QueueItem], at index: Int) throws(OutOfRange) {
        guard index >= 0, index <= count else {
            throw OutOfRange(description: "an insert at \(index) into a queue of \(count) entries")
        }
        guard !items.isEmpty else { return }
        order()
        let references = (pool.count..<pool.count + items.count).map { Int32($0) }
        places?.append(contentsOf: references)
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
        // The new item takes the replaced one's place in the order before shuffling.
        if let place = places?[Int(chunks[chunk][offset])] { places?.append(place) }
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

    /// The order before shuffling of the queue `finished()` gives, as its indices in that order;
    /// nil when it is not followed.
    func unshuffledOrder() -> [Int]? {
        guard let places else { return nil }
        // Each place holds the index of the entry there, or -1 for a place an edit emptied.
        var byPlace = [Int32](repeating: -1, count: places.count)
        var index: Int32 = 0
        if ordered {
            for chunk in chunks {
                for reference in chunk {
                    byPlace[Int(places[Int(reference)])] = index
                    index += 1
                }
            }
        } else {
            for place in places {
                byPlace[Int(place)] = index
                index += 1
            }
        }
        var order: [Int] = []
        order.reserveCapacity(count)
        for index in byPlace where index >= 0 { order.append(Int(index)) }
        return order
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
