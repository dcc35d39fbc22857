// SPDX-License-Identifier: Apache-2.0
import Dispatch

/// When a new current entry is shown to clients: once its tags and its art are known, so that a
/// change of track is announced once, complete, instead of first with the file name and a moment
/// later with the tags (a desktop shows a notification for each). A file that never opens is
/// shown after `wait`.
struct TrackAnnouncement {
    /// The longest a new current entry waits for its tags and art before it is shown anyway.
    /// They take 10–50 ms; a second covers a machine under load, where 300 ms was seen to pass.
    static let wait: Duration = .seconds(1)

    /// Entries whose file mpv has opened, so their tags are read.
    var tagsRead: Set<Int64> = []
    /// Entries whose cover art has been asked for.
    var artAsked: Set<Int64> = []
    /// Entries whose cover art has been looked for (found or not).
    var artLookedUp: Set<Int64> = []
    /// The fallback for the entry waiting now.
    var timer: (any DispatchSourceTimer)?

    /// Whether entry `id` is complete.
    func isReady(_ id: Int64) -> Bool { tagsRead.contains(id) && artLookedUp.contains(id) }

    /// Forgets entry `id` (removed from the queue), or every entry (the queue replaced): the sets
    /// hold the queue's entries only, not every entry seen since the daemon started.
    mutating func forget(_ id: Int64?) {
        guard let id else {
            (tagsRead, artAsked, artLookedUp) = ([], [], [])
            return
        }
        tagsRead.remove(id)
        artAsked.remove(id)
        artLookedUp.remove(id)
    }

    /// Ends the wait.
    mutating func cancel() {
        timer?.cancel()
        timer = nil
    }
}

extension MPVPlayer {
    /// The current entry changed: what was kept for the old one goes, and the new one is shown
    /// once it is complete.
    func currentChanged() {
        keptSeekTarget = nil
        announcement.cancel()
        applyEntryRate()
        currentEntryChangedForChapters()
        if let currentID { lookForArt(currentID) }
        showCurrentWhenReady()
    }

    /// Shows the current entry if it is complete (or nothing was shown before), else once it is,
    /// or after `TrackAnnouncement.wait`.
    func showCurrentWhenReady() {
        guard shownID != currentID else { return announcement.cancel() }
        // The first entry shown, or none, is shown at once: only a change of track waits.
        guard let id = currentID, shownID != nil, !announcement.isReady(id) else {
            announcement.cancel()
            shownID = currentID
            changed(.state)
            return
        }
        guard announcement.timer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + TrackAnnouncement.wait.dispatch)
        timer.setEventHandler {
            MainActor.assumeIsolated { [weak self] in
                guard let self else { return }
                self.announcement.timer = nil
                guard self.shownID != self.currentID else { return }
                self.shownID = self.currentID
                self.changed(.state)
            }
        }
        announcement.timer = timer
        timer.resume()
    }

    /// Entry `id`'s file opened: its tags are known.
    func tagsRead(_ id: Int64) {
        announcement.tagsRead.insert(id)
        if id == currentID { showCurrentWhenReady() }
    }

    /// Looks for entry `id`'s cover art, once.
    func lookForArt(_ id: Int64) {
        guard !announcement.artAsked.contains(id) else { return }
        findArt(for: id)
    }

    /// Entry `id`'s art has been looked for.
    func artLookedUp(_ id: Int64) {
        announcement.artLookedUp.insert(id)
        if id == currentID { showCurrentWhenReady() }
    }
}
