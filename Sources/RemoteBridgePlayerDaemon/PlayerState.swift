import RemoteBridgeMPV
import RemoteBridgeResume

/// What survives a restart: the queue, where we were in it, and the settings.
public struct PlayerState: Equatable, Sendable {
    /// The version of the file format this program writes (`StateFileFormat`); version 1, the
    /// JSON of earlier releases, is still read and migrated.
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

    /// Makes a state.
    public init(queue: [QueueItem], currentIndex: Int?, position: Double, volume: Double, loop: MPVPlayer.Loop, shuffle: Bool) {
        self.queue = queue
        self.currentIndex = currentIndex
        self.position = position
        self.volume = volume
        self.loop = loop
        self.shuffle = shuffle
    }

    /// Everything but the queue, as the two edits that set it: `.current` and `.settings`. The
    /// saver compares each with what it last wrote, so an unchanged one is not written again.
    public var marks: (current: StateEdit, settings: StateEdit) {
        (.current(index: currentIndex, position: position), .settings(volume: volume, loop: loop, shuffle: shuffle))
    }

    /// This state with `edits` applied in order.
    public func applying(_ edits: [StateEdit]) throws(EditError) -> PlayerState {
        var replay = QueueReplay(queue)
        var result = self
        for (number, edit) in edits.enumerated() {
            do throws(QueueReplay.OutOfRange) {
                try result.apply(edit, to: &replay)
            } catch {
                throw EditError(description: "edit \(number + 1) of \(edits.count): \(error.description)")
            }
        }
        result.queue = replay.finished()
        return result
    }

    /// Applies one edit: a queue edit to `replay` (which holds the queue meanwhile), the others
    /// to this state.
    mutating func apply(_ edit: StateEdit, to replay: inout QueueReplay) throws(QueueReplay.OutOfRange) {
        switch edit {
        case .inserted(let items, let index): try replay.insert(items, at: index)
        case .removed(let index): try replay.remove(at: index)
        case .updated(let item, let index): try replay.update(item, at: index)
        case .current, .settings: set(edit)
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
        case .inserted, .removed, .updated: break
        }
    }

    /// An edit that does not fit the state it is applied to (an index outside the queue).
    public struct EditError: Error, CustomStringConvertible {
        /// Which edit, and why it does not fit.
        public let description: String
    }
}
