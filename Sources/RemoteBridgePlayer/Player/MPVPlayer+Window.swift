// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol
/// What mpv holds: the current entry and the next, handed over one at a time, and nothing else.
extension MPVPlayer {
    /// Makes entry `index` current at once (so state saved a moment later already says so),
    /// and has mpv play it, in place of whatever it held.
    func playIndex(_ index: Int) {
        guard entries.indices.contains(index) else { return }
        let entry = entries[index]
        endHeardTransition()
        // Another entry, or this one again after a stop: it starts where it was left.
        let entering = currentID != entry.id || status == .stopped
        if currentID != entry.id, status != .stopped { leave(currentID, at: position) }
        // Always reloaded, the same entry too: a seek before it opens waits for it.
        loadedID = nil
        currentID = entry.id
        if entering, pendingStart?.id != entry.id, let kept = keptStart(of: entry) { pendingStart = (entry.id, kept) }
        guard mpv.isRunning else { return becomeCurrentWithoutEngine(entry) }
        do throws(PlayerError) {
            try checkLocation(entry.url)
            // Where it is to start, if asked before it opened: mpv opens it there.
            let start = pendingStart.flatMap { $0.id == entry.id && $0.position > .zero ? $0.position : nil }
            let key = try handToMPV(entry, mode: .replace, start: start)
            window.replaced(with: key, entry: entry.id)
            handedStart = start.map { (key, $0) }
            isIdle = false
        } catch {
            stopMPV()
            changed(.loadFailed(url: QueueLimits.excerpt(entry.url), reason: error.reason))
        }
        handNextToMPV()
    }

    /// Without an engine, `entry` is current, paused, at the start unless a position is kept for
    /// it; it opens when there is something to play.
    private func becomeCurrentWithoutEngine(_ entry: QueueEntry) {
        window.cleared()
        if let pending = pendingStart, pending.id != entry.id { pendingStart = nil }
        do throws(PlayerError) {
            try checkLocation(entry.url)
            isIdle = false
        } catch {
            changed(.loadFailed(url: QueueLimits.excerpt(entry.url), reason: error.reason))
        }
        readTags(of: [entry.id])
        handNextToMPV()
        changed(.state)
    }

    /// Empties mpv's playlist and closes its file. Paused first: stopping while playing would make
    /// mpv play out the sound it holds before it closes the output, under its lock, so that every
    /// call waits for it (0.6 s measured); paused, it just closes.
    func stopMPV() {
        endHeardTransition()
        mpv.set("pause", true)
        mpv.command(["stop"])
        window.cleared()
    }

    /// Unpauses and plays entry `index`.
    func startAt(index: Int) {
        guard entries.indices.contains(index) else { return }
        try? unpause(reloading: false)
        playIndex(index)
    }

    /// The index of the entry that follows entry `index`: the next one, or the first when the
    /// playlist loops; nil at the end.
    func index(after index: Int) -> Int? {
        if index + 1 < entries.count { return index + 1 }
        return loop == .playlist && !entries.isEmpty ? 0 : nil
    }

    /// Makes mpv hold the entry after the current one, and no other besides the current: what
    /// gapless playback and prefetching need, and no more.
    func handNextToMPV() {
        // The entry mpv plays now: the current one, or the one it went on to that is not heard yet.
        guard let currentIndex = (transition?.id ?? currentID).flatMap({ entries.index(of: $0, hint: currentIndexHint) }) else { return }
        // mpv's playlist as asked of it: its keys in order, and the one it plays.
        var order = mpv.playlist.keys
        let playing = mpv.playlist.playing
        let next = index(after: currentIndex).map { entries[$0] }
        if let next {
            lookForArt(next.id)
            readTags(of: [next.id])
        }
        var nextHeld = false
        // Only an entry after the playing one in mpv's playlist is held as next: mpv goes on
        // forwards (with a looping queue of one or two, the next entry's older copy can sit
        // before the playing one, and would never play).
        let anchor = window.awaited ?? playing
        let anchorPosition = anchor.flatMap { order.firstIndex(of: $0) }
        for mpvID in window.others(than: anchor) {
            let follows = anchorPosition.map { (order.firstIndex(of: mpvID) ?? -1) > $0 } ?? true
            if let next, !nextHeld, follows, window.entry(forMPV: mpvID) == next.id {
                nextHeld = true
            } else {
                removeFromMPV(mpvID, in: &order)
            }
        }
        guard let next, !nextHeld, playing != nil || window.awaited != nil else { return }
        do throws(PlayerError) {
            try checkLocation(next.url)
            // An episode left part-way resumes there when playback goes on to it by itself too.
            window.appended(try handToMPV(next, mode: .append, start: keptStart(of: next)), entry: next.id)
        } catch {
            changed(.loadFailed(url: QueueLimits.excerpt(next.url), reason: error.reason))
        }
    }

    /// Hands one entry to mpv; returns mpv's id for it.
    private func handToMPV(_ entry: QueueEntry, mode: EngineLoadMode, start: Duration? = nil) throws(PlayerError) -> Int64 {
        let id = entry.id
        let key = mpv.load(entry.url, mode, start: start.map(\.inSeconds)) { [weak self] error in self?.handOverFailed(id, error) }
        guard let key else { throw PlayerError(operation: "loadfile", reason: "the engine is not running") }
        return key
    }

    /// mpv would not take the entry `id` handed over (it takes any file; the file's own faults come
    /// as the end of the file): as when the hand-over could not be sent.
    private func handOverFailed(_ id: Int64, _ error: PlayerError) {
        guard let entry = entries.entry(id: id) else { return }
        if id == currentID { stopMPV() }
        changed(.loadFailed(url: QueueLimits.excerpt(entry.url), reason: error.reason))
    }

    /// Removes mpv's entry `mpvID` from its playlist; false if it was not there (any more).
    @discardableResult
    func removeFromMPV(_ mpvID: Int64) -> Bool {
        var order = mpvPlaylistIDs()
        return removeFromMPV(mpvID, in: &order)
    }

    /// Removes mpv's entry `mpvID`, finding it in `order` (mpv's playlist as last read), which
    /// is kept in step.
    @discardableResult
    private func removeFromMPV(_ mpvID: Int64, in order: inout [Int64]) -> Bool {
        window.removed(mpvID)
        order.removeAll { $0 == mpvID }
        return mpv.remove(mpvID)
    }

    /// mpv's playlist, as the keys of its entries in order (as asked of it).
    func mpvPlaylistIDs() -> [Int64] {
        mpv.playlist.keys
    }

    /// mpv began opening its entry `mpvID`. When that is the entry asked for, or the next one
    /// that mpv went on to by itself, it becomes current, and the one after it is handed over.
    func mpvStarted(_ mpvID: Int64) {
        let asked = window.awaited == mpvID
        guard window.started(mpvID), let id = window.entry(forMPV: mpvID) else { return }
        // Removed from the queue after mpv had it as next, before it started: play what follows
        // the current entry instead, or stop.
        guard entries.contains(id: id) else {
            if let index = currentIndex, let following = self.index(after: index) {
                playIndex(following)
            } else {
                stop()
            }
            return
        }
        if asked {
            if id != currentID { loadedID = nil }
            currentID = id
        } else if id != currentID || loop == .playlist {
            // mpv went on by itself, ahead of what is heard (see MPVPlayer+Heard.swift).
            beginHeardTransition(to: id)
        }
        handNextToMPV()
    }

    /// mpv's playlist changed: any entry in it that the player did not hand over (a playlist
    /// that mpv expanded by itself) is removed at once, before it can open, and reported.
    func guardMPVPlaylist(_ list: MPVNode) {
        // The engine names mpv's own entries 0. Ours that mpv no longer holds (a playlist file it
        // replaced by its items) are found by reading its playlist after what was asked.
        let keys = (list.array ?? []).compactMap { $0["id"]?.int64 }
        if keys.contains(0) { removeIntruders() }
        if keys.filter({ $0 != 0 }) != mpv.playlist.keys { mpv.read("playlist") { _ in } }
    }

    /// Removes what mpv added by itself, and says so once for each.
    private func removeIntruders() {
        mpv.removeForeign { [weak self] names in
            guard let self else { return }
            for name in names { self.changed(.loadFailed(url: QueueLimits.excerpt(name), reason: Self.intruderReason)) }
        }
    }

    /// mpv is about to open the entry it is loading. Unless the player handed that entry over
    /// and its location still passes the check, it is removed instead, and reported. mpv waits
    /// until the hook is continued, so nothing opens before this answer.
    func confirmLoad(hook id: UInt64, location: String) {
        defer { mpv.continueHook(id) }
        let loading = loadedFile.starting
        var refusal: String?
        if let loading, window.holds(loading) {
            do throws(PlayerError) {
                try checkLocation(location)
            } catch {
                refusal = error.reason
            }
        } else {
            refusal = Self.intruderReason
        }
        guard let refusal else { return }
        // By its key: the playlist guard may have removed it already. One of mpv's own is removed
        // with the others, and said once.
        guard let loading, loading != 0 else { return removeIntruders() }
        guard removeFromMPV(loading) else { return }  // the guard was first, and said so
        changed(.loadFailed(url: QueueLimits.excerpt(location), reason: refusal))
    }

    /// Why an entry that mpv made up itself is not played.
    static let intruderReason = "mpv found it inside another entry (a playlist); only the player's own queue is played"
}

extension MPVPlayer {
    /// What mpv's playlist holds now, as the player's entry ids in mpv's order (nil for an entry
    /// mpv made up itself, which the guards remove): at most the current entry and the next.
    public var handedToMPV: [Int64?] { mpvPlaylistIDs().map { window.entry(forMPV: $0) } }
}
