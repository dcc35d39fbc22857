// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer

extension StatePersistence {
    /// Records what one of the player's own changes does to the saved queue: an insert, a
    /// removal or an entry's new tags as that edit alone, a queue replaced as a whole as a full
    /// save. The other changes (status, position) reach `changed()` and `positionChanged()`
    /// through the daemon.
    func record(_ change: MPVPlayer.Change, of player: MPVPlayer) {
        switch change {
        case .entriesInserted(let index, let count):
            let entries = player.entries
            record(.inserted((index..<index + count).map { QueueItem(saving: entries[$0]) }, at: index))
        case .entryRemoved(let index, _):
            record(.removed(at: index))
        case .entryChanged(let entry), .entryProgressChanged(let entry):
            guard let index = player.entries.index(of: entry.id, hint: player.currentIndex) else { return }
            record(.updated(QueueItem(saving: entry), at: index))
        case .queueChanged:
            queueReplaced()
        case .state, .seeked, .loadFailed, .chapters, .sleepTimer:
            break
        }
    }
}
