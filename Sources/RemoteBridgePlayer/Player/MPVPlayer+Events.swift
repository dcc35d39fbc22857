// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol
import RemoteBridgeDurations
import FoundationEssentials
import Glibc

/// mpv's events and property changes, turned into state, art and `Change`s.
extension MPVPlayer {
    func handle(_ event: MPVEvent) {
        switch event {
        case .propertyChange(let name, let value):
            propertyChanged(name, value)
        case .startFile(let mpvID):
            loadedFile.startFile(mpvID)
            failedCurrent = false
            mpvStarted(mpvID)
            changed(.state)
        case .fileLoaded(let duration, let metadata):
            failedInARow = 0
            let key = loadedFile.fileLoaded()
            fileLoaded(key.flatMap(window.entry(forMPV:)), key: key, duration: duration, metadata: metadata)
        case .endFile(let mpvID, let reason):
            let owner = window.entry(forMPV: mpvID)
            if let pending = transition, owner == pending.id { endHeardTransition() }
            loadedFile.endFile(mpvID)
            if case .error(let reason) = reason, let owner, let entry = entries.entry(id: owner) {
                changed(.loadFailed(url: QueueLimits.excerpt(entry.url), reason: reason))
                if owner == currentID { failedCurrent = true }
                failedInARow += 1
            } else if case .audioOutputFailed(let reason) = reason {
                audioOutputFailedOpeningFile(entry: owner, reason: reason)
            }
        case .hook(let name, let id, let location):
            if name == ContainedPlayback.loadHook {
                confirmLoad(hook: id, location: location)
            } else {
                mpv.continueHook(id)
            }
        case .playbackRestart:
            audioOutputPlaybackRestarted()
            playbackRestarted()
        case .seek:
            break
        case .audioReconfig:
            audioOutputMayHaveChanged()
        case .logMessage(let prefix, let level, let text):
            audioOutputLogged(prefix: prefix, level: level, text: text)
        case .shutdown:
            endScanning(announce: false)
        }
    }

    /// mpv (re)started playback: after a seek, a file's start, or a loop's wrap. The jump is
    /// announced when it is heard; a paused seek announces the target it was asked for.
    func playbackRestarted() {
        if transition != nil {
            _ = checkHeardTransition()
            return
        }
        guard !isScanning else { return }
        let paused = mpv.value("pause").flag ?? isPaused
        if paused, let target = keptSeekTarget {
            changed(.seeked(target))
            return
        }
        keptSeekTarget = nil
        // A file that loops wraps while its end is still to be heard: announce the wrap then.
        if !paused, loop == .track, let pts = heardPTS, pts < -Self.heardTolerance, let currentID {
            beginHeardTransition(to: currentID)
            _ = checkHeardTransition()
            return
        }
        changed(.seeked(position))
    }

    func propertyChanged(_ name: String, _ value: MPVNode) {
        audioOutputPropertyChanged(name, value)
        switch name {
        case "pause":
            // What was asked last, until mpv has done it: an older value (a new engine's first,
            // paused) is not announced on the way.
            isPaused = mpv.value("pause").flag ?? value.flag ?? true
            if !isPaused { keptSeekTarget = nil }
            if transition != nil { _ = checkHeardTransition() }
        case "idle-active":
            // The value once mpv has done what was asked since: the event's may be older than
            // a stop or a load.
            mpv.read("idle-active") { [weak self] live in self?.idleChanged(live.flag ?? value.flag ?? false) }
            return
        case "volume": mpvVolume = value.double ?? mpvVolume
        case "speed": speed = value.double ?? speed
        case "loop-file":
            // The playlist loop is the player's own (mpv holds only two entries); mpv loops a file.
            // The live value: the event's may be older than a setLoop(_:) since.
            if Self.isLooping(mpv.value("loop-file")) {
                loop = .track
            } else if loop == .track {
                loop = .none
            }
        case "seekable": mpvSeekable = value.flag ?? false
        case "eof-reached":
            // The end of the queue has been heard (keep-open): stop there, as mpv would have.
            guard value.flag == true, let index = currentIndex, self.index(after: index) == nil else { return }
            stop()
        case "current-ao": currentAudioOutput = value.string
        case "time-pos":
            listeners.announce(.positionMoved)
            return
        case "playlist":
            guardMPVPlaylist(value)
            return
        case "chapter-list":
            mpvChaptersChanged(value)
            return
        case "duration":
            guard let seconds = value.double, seconds.isFinite, seconds > 0 else { return }
            // A length given with the item wins: mpv's grows while a generated source plays.
            update(loadedFile.owner.flatMap(window.entry(forMPV:))) { entry in
                if !entry.hasGivenLength { entry.length = .milliseconds(Int64(seconds * 1000)) }
            }
            return
        case "metadata":
            if value != .none { update(loadedFile.owner.flatMap(window.entry(forMPV:))) { $0.tags = QueueEntry.Tags(mpvMetadata: value).filled(from: $0.tags) } }
            return
        default: return
        }
        changed(.state)
    }

    /// mpv's `idle-active` as it is after what was asked before its change was heard.
    private func idleChanged(_ idle: Bool) {
        isIdle = idle
        // The current entry failed before its successor was handed over, so mpv stopped
        // instead of going on: go on as mpv would have.
        // A looping queue of files that all fail stops after one round.
        if isIdle, failedCurrent, failedInARow < entries.count, let index = currentIndex, let next = self.index(after: index) {
            failedCurrent = false
            playIndex(next)
        }
        changed(.state)
    }

    private static func isLooping(_ node: MPVNode) -> Bool {
        if let flag = node.flag { return flag }
        if let string = node.string { return string != "no" }
        if let number = node.int64 { return number > 0 }
        return false
    }

    /// The file of entry `id` is open: seek where it was asked to start, and take its length,
    /// tags and art (read as the event was taken, so they are this file's, whatever is current now).
    func fileLoaded(_ id: Int64?, key: Int64?, duration: Double?, metadata: MPVNode) {
        defer { if handedStart?.key == key { handedStart = nil } }
        guard let id else { return }
        // Another entry opened: an earlier loss of the engine on one is no longer "in a row".
        if let losses = engineLosses, losses.id != id { engineLosses = nil }
        if id == currentID {
            loadedID = id
            if let pending = pendingStart, pending.id == id {
                pendingStart = nil
                // mpv opened it there (handed over with its start), unless asked elsewhere since.
                if handedStart.map({ $0.key != key || $0.position != pending.position }) ?? true { seek(to: pending.position) }
            }
        }
        update(id) { entry in
            if let duration, duration.isFinite, duration > 0, !entry.hasGivenLength {
                entry.length = .milliseconds(Int64(duration * 1000))
            }
            if metadata != .none { entry.tags = QueueEntry.Tags(mpvMetadata: metadata).filled(from: entry.tags) }
        }
        tagsRead(id)
        changed(.state)
    }

    /// Looks for cover art off the main actor (reading a file may block), then sets it on the entry.
    func findArt(for id: Int64) {
        guard let entry = entries.entry(id: id) else { return }
        guard entry.artURL == nil else { return artLookedUp(id) }
        announcement.artAsked.insert(id)
        let url = entry.url
        let cache = configuration.artCacheDirectory
        let cacheLimit = configuration.artCacheLimit
        Task.detached(priority: .utility) {
            let art = FolderArt.find(for: url) ?? EmbeddedArt.extract(from: url, into: cache, limit: cacheLimit)
            await MainActor.run { [weak self] in
                guard let self else { return }
                if let art {
                    self.update(id) { entry in if entry.artURL == nil, entry.url == url { entry.artURL = art } }
                }
                self.artLookedUp(id)
                self.changed(.state)
            }
        }
    }

    /// Changes the entry with `id`, if it is still in the queue, and announces the change.
    func update(_ id: Int64?, _ body: (inout QueueEntry) -> Void) {
        guard let id, let index = entries.index(of: id, hint: currentIndexHint) else { return }
        guard entries.update(at: index, body) else { return }
        if id == shownID { updateStreamTitle() }
        changed(.entryChanged(entries[index]))
    }

    /// Seconds with three decimals, as mpv's time arguments take them ("-12.345").
    static func seconds(_ duration: Duration) -> String {
        duration.decimalSeconds
    }
}
