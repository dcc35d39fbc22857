// SPDX-License-Identifier: Apache-2.0
/// Which chunk of a `PlayQueue` holds each entry: a hash table from an entry's id to its chunk's
/// number, so that an id is found without a scan of the queue.
///
/// It is kept small, 8 bytes a slot: a slot holds the id's low 32 bits and the chunk's number,
/// and the chunk itself is the judge of whether it holds the whole id (`PlayQueue` looks there
/// for the entry's place anyway). Two ids with the same low 32 bits (which the player, counting
/// from 1, never gives) are both kept, as two slots; a lookup tries each chunk they name. The
/// table is so a multiset of (low bits, chunk) pairs, and every change names the pair it adds,
/// moves or removes.
///
/// Open addressing with linear probing, at most 80 % full, and backward-shift deletion, so
/// that no tombstones build up under a stream of inserts and removals.
struct ChunkTable: Sendable {
    private struct Slot: Sendable {
        /// The id's low 32 bits.
        var key: UInt32
        /// The chunk's number; `ChunkTable.empty` for a free slot.
        var chunk: UInt32
    }

    /// The chunk number of a free slot; no chunk has it.
    static let empty = UInt32.max
    private var slots: [Slot] = []
    /// The pairs held.
    private(set) var count = 0

    /// An empty table.
    init() {}

    /// Makes room for `total` pairs in all without growing again.
    mutating func reserveCapacity(_ total: Int) {
        let wanted = Self.capacity(for: total)
        if wanted > slots.count { rehash(capacity: wanted) }
    }

    /// Adds the pair of `id` and `chunk`.
    mutating func add(_ id: Int64, chunk: UInt32) {
        precondition(chunk != Self.empty, "chunk numbers stay below UInt32.max")
        // Past 80 % full it grows to 67 %: by half again, 10 to 12 bytes an entry at rest.
        if (count + 1) * 5 > slots.count * 4 { rehash(capacity: Self.capacity(for: (count + 1) * 6 / 5)) }
        place(Slot(key: Self.key(id), chunk: chunk))
        count += 1
    }

    /// Removes the pair of `id` and `chunk`, which must be held.
    mutating func remove(_ id: Int64, chunk: UInt32) {
        guard let found = slot(of: id, chunk: chunk) else { preconditionFailure("entry \(id) is not in chunk \(chunk)") }
        vacate(found)
        count -= 1
        // Shrinks once most of it stands empty (a queue cleared entry by entry).
        if slots.count > 64, count * 8 < slots.count { rehash(capacity: Self.capacity(for: count * 6 / 5)) }
    }

    /// The pair of `id` and `from` becomes the pair of `id` and `to`: the entry moved to another chunk.
    mutating func move(_ id: Int64, from: UInt32, to: UInt32) {
        guard let found = slot(of: id, chunk: from) else { preconditionFailure("entry \(id) is not in chunk \(from)") }
        slots[found].chunk = to
    }

    /// The first non-nil answer of `body` for the chunks paired with ids like `id` (the same low
    /// 32 bits), in the table's order; nil when none answers.
    func first<Answer>(_ id: Int64, _ body: (UInt32) -> Answer?) -> Answer? {
        guard !slots.isEmpty else { return nil }
        let key = Self.key(id)
        var index = home(of: key)
        while slots[index].chunk != Self.empty {
            if slots[index].key == key, let answer = body(slots[index].chunk) { return answer }
            index = next(index)
        }
        return nil
    }

    // MARK: Slots

    /// The slot holding the pair of `id` and `chunk`.
    private func slot(of id: Int64, chunk: UInt32) -> Int? {
        guard !slots.isEmpty else { return nil }
        let key = Self.key(id)
        var index = home(of: key)
        while slots[index].chunk != Self.empty {
            if slots[index].key == key, slots[index].chunk == chunk { return index }
            index = next(index)
        }
        return nil
    }

    /// Puts `slot` in the first free slot from its home on.
    private mutating func place(_ slot: Slot) {
        var index = home(of: slot.key)
        while slots[index].chunk != Self.empty { index = next(index) }
        slots[index] = slot
    }

    /// Empties slot `index`, moving back the slots after it that may stand in its place, so that
    /// each stays reachable from its home without a gap.
    private mutating func vacate(_ index: Int) {
        var hole = index
        var index = next(index)
        while slots[index].chunk != Self.empty {
            let home = home(of: slots[index].key)
            // The slot may move to the hole unless its home lies after the hole, up to the slot itself.
            let stays = hole <= index ? (hole < home && home <= index) : (hole < home || home <= index)
            if !stays {
                slots[hole] = slots[index]
                hole = index
            }
            index = next(index)
        }
        slots[hole] = Slot(key: 0, chunk: Self.empty)
    }

    private func next(_ index: Int) -> Int {
        index + 1 == slots.count ? 0 : index + 1
    }

    /// Where the probe for `key` starts: Fibonacci hashing, scaled to the table's size.
    private func home(of key: UInt32) -> Int {
        let mixed = UInt64(key) &* 0x9E37_79B9_7F4A_7C15
        return Int(mixed.multipliedFullWidth(by: UInt64(slots.count)).high)
    }

    /// Lays the pairs out again in a table of `capacity` slots.
    private mutating func rehash(capacity: Int) {
        let old = slots
        slots = [Slot](repeating: Slot(key: 0, chunk: Self.empty), count: capacity)
        for slot in old where slot.chunk != Self.empty { place(slot) }
    }

    /// The slots that hold `total` pairs at most 80 % full.
    private static func capacity(for total: Int) -> Int {
        Swift.max(8, total * 5 / 4 + 1)
    }

    private static func key(_ id: Int64) -> UInt32 {
        UInt32(truncatingIfNeeded: id)
    }
}
