// SPDX-License-Identifier: Apache-2.0

/// What the player says of itself: whether it plays, its loop mode, and what changed.
extension MPVPlayer {
    /// Playing, paused or stopped.
    public enum Status: String, Sendable {
        case playing, paused, stopped
    }

    /// The loop mode.
    public enum Loop: String, Sendable, Codable {
        case none, track, playlist
    }

    /// What changed, for whoever presents the player.
    public enum Change: Sendable, Equatable {
        /// Status, volume, rate, loop, shuffle, current entry or its tags may have changed.
        case state
        /// The position jumped.
        case seeked(Duration)
        /// The queue was replaced or reordered as a whole (a load, shuffle turned on or off).
        case queueChanged
        /// Entries were inserted: `entries[index ..< index + count]` are the new ones.
        case entriesInserted(at: Int, count: Int)
        /// The entry `id` was removed from `index` (the entries after it moved up by one).
        case entryRemoved(at: Int, id: Int64)
        /// An entry's tags, length or art changed.
        case entryChanged(QueueEntry)
        /// An entry could not be played; playback went on with the next one.
        case loadFailed(url: String, reason: String)
        /// Where an entry was left, or its rate, changed (`EntryProgress`): saved, not shown.
        case entryProgressChanged(QueueEntry)
        /// The current entry's chapters, or the chapter playing, changed.
        case chapters
        /// The sleep timer was set, changed, went off or ended.
        case sleepTimer
    }
}
