// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgePlayer
import RemoteBridgeStateFile

extension QueueItem {
    /// What the state file keeps of a queue entry: its URL, its tags, and its length only when
    /// that was given with it (a length mpv measured is measured again).
    init(saving entry: QueueEntry) {
        self.init(url: entry.url, tags: entry.tags, length: entry.hasGivenLength ? entry.length : nil, progress: entry.progress)
    }
}

extension MPVPlayer {
    /// The whole state to save: every entry, the current one, the position, the settings and,
    /// while shuffled, the order before shuffling.
    var savedState: PlayerState {
        var state = stateWithoutQueue
        state.queue = entries.map(QueueItem.init(saving:))
        state.unshuffledOrder = unshuffledIndices
        return state
    }

    /// The current entry, position and settings, as the `.current` and `.settings` edits that
    /// record them: what a save compares with what it last wrote, without looking at the queue.
    var savedMarks: PlayerState.Marks { stateWithoutQueue.marks }

    /// The state to save with an empty queue.
    private var stateWithoutQueue: PlayerState {
        var state = PlayerState(queue: [], currentIndex: currentIndex, position: resumePosition.inSeconds, volume: volume, loop: loop, shuffle: shuffle)
        // Kept per entry instead, each with its own; the player's is 1 between entries.
        state.rate = configuration.rateMemory == .global && StateFileFormat.rates.contains(speed) ? speed : 1
        return state
    }
}
