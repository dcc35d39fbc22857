// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer
import RemoteBridgeStateFile

/// What survives a restart: the queue, where we were in it, the settings and, while shuffled,
/// the order to go back to.
public struct PlayerState: Equatable, Sendable {
    /// The newest version of the file format this program writes (`StateFileFormat`: 4 for a
    /// state with a rate or an entry's progress, 3 for a shuffled queue with its order before
    /// shuffling, else 2); version 1, the JSON of earlier releases, is still read and migrated.
    public static let currentVersion = StateFileFormat.version
    /// The queue, with any tags that were given for its entries.
    public var queue: [QueueItem]
    /// The current entry's index in `queue`.
    public var currentIndex: Int?
    /// The position in the current entry, in seconds.
    public var position: Double
    /// The volume, 1.0 being 100%.
    public var volume: Double
    /// The loop mode.
    public var loop: MPVPlayer.Loop
    /// Whether the queue was shuffled.
    public var shuffle: Bool
    /// The playback rate (with `remember-rate = "global"`), 1 being normal.
    public var rate: Double = 1
    /// While shuffled, the order the queue had before shuffling, which turning shuffle off gives
    /// back: `queue`'s indices in that order, each once. Nil when not shuffled, or when that
    /// order is not known (a file of an earlier release): `queue`'s own order stands for it then.
    public var unshuffledOrder: [Int]?

    /// Makes a state.
    public init(
        queue: [QueueItem], currentIndex: Int?, position: Double, volume: Double, loop: MPVPlayer.Loop, shuffle: Bool,
        unshuffledOrder: [Int]? = nil
    ) {
        self.queue = queue
        self.currentIndex = currentIndex
        self.position = position
        self.volume = volume
        self.loop = loop
        self.shuffle = shuffle
        self.unshuffledOrder = unshuffledOrder
    }

    /// Everything but the queue, as the two edits that set it: `.current` and `.settings`. The
    /// saver compares each with what it last wrote, so an unchanged one is not written again.
    public var marks: Marks {
        Marks(current: .current(index: currentIndex, position: position), settings: .settings(volume: volume, loop: loop, shuffle: shuffle), rate: .rate(rate))
    }

    /// Everything but the queue, as the edits that set it.
    public struct Marks: Equatable, Sendable {
        /// The `.current` edit.
        public var current: StateEdit
        /// The `.settings` edit.
        public var settings: StateEdit
        /// The `.rate` edit.
        public var rate: StateEdit
    }

    /// Whether the file that holds this state must be version 4: it has a rate other than 1,
    /// or an entry with progress.
    public var needsVersion4: Bool {
        rate != 1 || queue.contains { !$0.progress.isEmpty }
    }

    /// This state with `edits` applied in order, the order before shuffling kept as the player
    /// keeps it (see `QueueReplay`).
    public func applying(_ edits: [StateEdit]) throws(EditError) -> PlayerState {
        var replay: QueueReplay
        do throws(UnshuffledOrder.NotAPermutation) {
            replay = QueueReplay(queue, places: try places())
        } catch {
            throw EditError(description: error.description)
        }
        var result = self
        for (number, edit) in edits.enumerated() {
            do throws(QueueReplay.OutOfRange) {
                try result.apply(edit, to: &replay)
            } catch {
                throw EditError(description: "edit \(number + 1) of \(edits.count): \(error.description)")
            }
        }
        result.finish(replay)
        return result
    }

    /// The places of `unshuffledOrder` for `QueueReplay`, or nil when there is none to follow.
    func places() throws(UnshuffledOrder.NotAPermutation) -> [Int32]? {
        guard shuffle, let unshuffledOrder else { return nil }
        return try UnshuffledOrder.places(of: unshuffledOrder, entries: queue.count)
    }

    /// Takes the queue, and its order before shuffling, from `replay` once every edit is applied.
    mutating func finish(_ replay: QueueReplay) {
        queue = replay.finished()
        unshuffledOrder = shuffle ? replay.unshuffledOrder() : nil
    }

    /// Applies one edit: a queue edit to `replay` (which holds the queue meanwhile), the others
    /// to this state.
    mutating func apply(_ edit: StateEdit, to replay: inout QueueReplay) throws(QueueReplay.OutOfRange) {
        switch edit {
        case .inserted(let items, let index): try replay.insert(items, at: index)
        case .removed(let index): try replay.remove(at: index)
        case .updated(let item, let index): try replay.update(item, at: index)
        case .settings(_, _, let shuffle) where shuffle != self.shuffle:
            // The player saves the queue whole when shuffle changes; a journal that turns it
            // on or off without that has no order before shuffling to keep.
            replay.forgetUnshuffledOrder()
            set(edit)
        case .current, .settings, .rate: set(edit)
        }
    }

    /// Takes the current entry and position from a `.current` edit, or the settings from a
    /// `.settings` one; a queue edit changes nothing here.
    mutating func set(_ mark: StateEdit) {
        switch mark {
        case .current(let index, let position):
            currentIndex = index
            self.position = position
        case .settings(let volume, let loop, let shuffle):
            self.volume = volume
            self.loop = loop
            self.shuffle = shuffle
        case .rate(let rate):
            self.rate = rate
        case .inserted, .removed, .updated: break
        }
    }

    /// An edit that does not fit the state it is applied to (an index outside the queue).
    public struct EditError: Error, CustomStringConvertible {
        /// Which edit, and why it does not fit.
        public let description: String
    }
}
