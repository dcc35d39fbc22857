// SPDX-License-Identifier: Apache-2.0
/// The order a shuffled queue had before it was shuffled, as the state keeps it
/// (`PlayerState.unshuffledOrder`): the queue's indices in that order, each once.
///
/// The saver, the reader and the journal's replay all check it here, so that an order that is
/// not one of the queue's entries, each once, is refused by name and never indexes past an array.
enum UnshuffledOrder {
    /// An order that does not name each entry of its queue once.
    struct NotAPermutation: Error, CustomStringConvertible {
        /// What is wrong, in plain words.
        let description: String
    }

    /// Each entry's place in `order`, by the entry's index: `order` inverted. Throws when `order`
    /// does not name each index of a queue of `entries` entries exactly once.
    static func places(of order: [Int], entries: Int) throws(NotAPermutation) -> [Int32] {
        guard order.count == entries else {
            throw NotAPermutation(description: "an order before shuffling of \(order.count) entries, for a queue of \(entries)")
        }
        var places = [Int32](repeating: -1, count: entries)
        for (place, index) in order.enumerated() {
            guard index >= 0, index < entries else {
                throw NotAPermutation(description: "the order before shuffling names entry \(index) of a queue of \(entries)")
            }
            guard places[index] < 0 else {
                throw NotAPermutation(description: "the order before shuffling names entry \(index) twice")
            }
            places[index] = Int32(place)
        }
        return places
    }
}
