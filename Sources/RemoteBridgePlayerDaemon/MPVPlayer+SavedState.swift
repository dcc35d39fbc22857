// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgePlayer

extension QueueItem {
    /// What the state file keeps of a queue entry: its URL, its tags, and its length only when
    /// that was given with it (a length mpv measured is measured again).
    init(saving entry: QueueEntry) {
        self.init(url: entry.url, tags: entry.tags, length: entry.hasGivenLength ? entry.length : nil)
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
    var savedMarks: (current: StateEdit, settings: StateEdit) { stateWithoutQueue.marks }

    /// The state to save with an empty queue.
    private var stateWithoutQueue: PlayerState {
        PlayerState(queue: [], currentIndex: currentIndex, position: resumePosition.inSeconds, volume: volume, loop: loop, shuffle: shuffle)
    }
}
