// SPDX-License-Identifier: Apache-2.0
/// What mpv holds: the current entry and the next, handed over one at a time, and nothing else.
extension MPVPlayer {
    /// Makes entry `index` current at once (so state saved a moment later already says so),
    /// and has mpv play it, in place of whatever it held.
    func playIndex(_ index: Int) {
        guard entries.indices.contains(index) else { return }
        let entry = entries[index]
        endHeardTransition()
        // Always reloaded, the same entry too: a seek before it opens waits for it.
        loadedID = nil
        currentID = entry.id
        guard mpv.isRunning else { return becomeCurrentWithoutEngine(entry) }
        do throws(PlayerError) {
            try checkLocation(entry.url)
            let mpvID = try handToMPV(entry, mode: "replace")
            window.replaced(with: mpvID, entry: entry.id)
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
        try? mpv.set("pause", true)
        try? mpv.command(["stop"])
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
        // mpv's playlist, read once: its ids in order, and the one it plays.
        let list = mpv.get("playlist").array ?? []
        var order = list.compactMap { $0["id"]?.int64 }
        let playing = list.first { $0["playing"]?.flag == true }?["id"]?.int64
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
            window.appended(try handToMPV(next, mode: "append"), entry: next.id)
        } catch {
            changed(.loadFailed(url: QueueLimits.excerpt(next.url), reason: error.reason))
        }
    }

    /// Hands one entry to mpv; returns mpv's id for it.
    private func handToMPV(_ entry: QueueEntry, mode: String) throws(PlayerError) -> Int64 {
        let result = try mpv.commandResult(["loadfile", entry.url, mode])
        guard let mpvID = result["playlist_entry_id"]?.int64 else {
            throw PlayerError(operation: "loadfile", reason: "mpv gave no playlist entry id")
        }
        return mpvID
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
        guard let index = order.firstIndex(of: mpvID) else { return false }
        try? mpv.command(["playlist-remove", String(index)])
        order.remove(at: index)
        return true
    }

    /// mpv's playlist, as its entry ids in order.
    func mpvPlaylistIDs() -> [Int64] {
        (mpv.get("playlist").array ?? []).compactMap { $0["id"]?.int64 }
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
    func guardMPVPlaylist() {
        // Nothing opens while mpv drains the end of the queue, and a call would wait for it.
        guard !isDraining else { return }
        let list = mpv.get("playlist").array ?? []
        for (index, item) in list.enumerated().reversed() {
            guard let mpvID = item["id"]?.int64, !window.holds(mpvID) else { continue }
            try? mpv.command(["playlist-remove", String(index)])
            changed(.loadFailed(url: QueueLimits.excerpt(item["filename"]?.string ?? "?"), reason: Self.intruderReason))
        }
    }

    /// mpv is about to open the entry it is loading. Unless the player handed that entry over
    /// and its location still passes the check, it is removed instead, and reported. mpv waits
    /// until the hook is continued, so nothing opens before this answer.
    func confirmLoad(hook id: UInt64) {
        defer { mpv.continueHook(id) }
        let loading = loadedFile.starting
        let location = mpv.get("stream-open-filename").string ?? "?"
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
        // By its id: the playlist guard may have removed it already, and "current" would then
        // name the entry after it.
        if let loading {
            guard removeFromMPV(loading) else { return }  // the guard was first, and said so
        } else {
            try? mpv.command(["playlist-remove", "current"])
        }
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
