// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer

/// One change to a saved `PlayerState`, as the state file's journal records it: the queue is
/// edited in place, so that saving after a change writes in proportion to the change.
///
/// Indices are those of the moment the edit happened; edits are applied in the order they
/// happened (`PlayerState.applying(_:)`).
public enum StateEdit: Sendable, Equatable {
    /// Items inserted: they are now at `queue[at ..< at + items.count]`.
    case inserted([QueueItem], at: Int)
    /// The entry at `at` removed; the entries after it moved up by one.
    case removed(at: Int)
    /// The entry at `at` replaced: its tags (or given length) changed.
    case updated(QueueItem, at: Int)
    /// The current entry and the position in it, in seconds.
    case current(index: Int?, position: Double)
    /// The volume (1.0 is 100%), the loop mode and shuffle.
    case settings(volume: Double, loop: MPVPlayer.Loop, shuffle: Bool)
    /// The playback rate (version 4).
    case rate(Double)

    /// Whether a file must be version 4 to hold it: a rate, or an entry with progress.
    public var needsVersion4: Bool {
        switch self {
        case .rate: true
        case .inserted(let items, _): items.contains { !$0.progress.isEmpty }
        case .updated(let item, _): !item.progress.isEmpty
        case .removed, .current, .settings: false
        }
    }
}
