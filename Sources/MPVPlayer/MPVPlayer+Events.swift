import DurationConversions
import FoundationEssentials
import Glibc

/// mpv's events and property changes, turned into state, art and `Change`s.
extension MPVPlayer {
    func handle(_ event: MPVEvent) {
        switch event {
        case .propertyChange(let name, let value):
            propertyChanged(name, value)
        case .startFile(let id):
            if id != 0 { loadedFile.startFile(id) }
            if let awaited = awaitedStartID, awaited != id { return }
            awaitedStartID = nil
            if id != 0 { currentID = id }
            onChange?(.state)
        case .fileLoaded(let duration, let metadata):
            fileLoaded(loadedFile.fileLoaded(), duration: duration, metadata: metadata)
        case .endFile(let id, let reason):
            loadedFile.endFile(id)
            if case .error(let reason) = reason {
                let url = entries.first { $0.id == id }?.url ?? current?.url ?? "?"
                onChange?(.loadFailed(url: url, reason: reason))
            } else if case .audioOutputFailed(let reason) = reason {
                audioOutputFailedOpeningFile(entryID: id, reason: reason)
            }
        case .playbackRestart:
            if !isScanning { onChange?(.seeked(position)) }
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

    func propertyChanged(_ name: String, _ value: MPVNode) {
        audioOutputPropertyChanged(name, value)
        switch name {
        case "pause": isPaused = value.flag ?? true
        case "idle-active": isIdle = value.flag ?? false
        case "volume": mpvVolume = value.double ?? mpvVolume
        case "speed": speed = value.double ?? speed
        case "loop-file", "loop-playlist":
            let file = mpv.get("loop-file")
            let playlist = mpv.get("loop-playlist")
            loop = Self.isLooping(file) ? .track : Self.isLooping(playlist) ? .playlist : .none
        case "seekable": isSeekable = value.flag ?? false
        case "current-ao": currentAudioOutput = value.string
        case "time-pos":
            onPositionTick?()
            return
        case "playlist":
            // The event's copy may be older than commands sent since; read the live playlist.
            refreshPlaylist()
            onChange?(.queueChanged)
            return
        case "duration":
            guard let seconds = value.double, seconds.isFinite, seconds > 0 else { return }
            // A length given with the item wins: mpv's grows while a generated source plays.
            update(loadedFile.owner) { entry in
                if !entry.hasGivenLength { entry.length = .milliseconds(Int64(seconds * 1000)) }
            }
            return
        case "metadata":
            if value != .none { update(loadedFile.owner) { $0.tags = QueueEntry.Tags(mpvMetadata: value).filled(from: $0.tags) } }
            return
        default: return
        }
        onChange?(.state)
    }

    private static func isLooping(_ node: MPVNode) -> Bool {
        if let flag = node.flag { return flag }
        if let string = node.string { return string != "no" }
        if let number = node.int64 { return number > 0 }
        return false
    }

    /// The file of entry `id` is open: seek where it was asked to start, and take its length,
    /// tags and art (read as the event was taken, so they are this file's, whatever is current now).
    func fileLoaded(_ id: Int64?, duration: Double?, metadata: MPVNode) {
        guard let id else { return }
        if id == currentID {
            loadedID = id
            if let pending = pendingStart, pending.id == id {
                pendingStart = nil
                seek(to: pending.position)
            }
        }
        update(id) { entry in
            if let duration, duration.isFinite, duration > 0, !entry.hasGivenLength {
                entry.length = .milliseconds(Int64(duration * 1000))
            }
            if metadata != .none { entry.tags = QueueEntry.Tags(mpvMetadata: metadata).filled(from: entry.tags) }
        }
        findArt(for: id)
        onChange?(.state)
    }

    /// Looks for cover art off the main actor (reading a file may block), then sets it on the entry.
    func findArt(for id: Int64) {
        guard let entry = entries.first(where: { $0.id == id }), entry.artURL == nil else { return }
        let url = entry.url
        let cache = configuration.artCacheDirectory
        let cacheLimit = configuration.artCacheLimit
        Task.detached(priority: .utility) {
            guard let art = FolderArt.find(for: url) ?? EmbeddedArt.extract(from: url, into: cache, limit: cacheLimit) else { return }
            await MainActor.run { [weak self] in
                self?.update(id) { entry in if entry.artURL == nil, entry.url == url { entry.artURL = art } }
                self?.onChange?(.state)
            }
        }
    }

    /// Changes the entry with `id`, if it is still in the queue, and announces the change.
    func update(_ id: Int64?, _ body: (inout QueueEntry) -> Void) {
        guard let id, let index = entries.firstIndex(where: { $0.id == id }) else { return }
        let before = entries[index]
        body(&entries[index])
        if entries[index] != before { onChange?(.entryChanged(entries[index])) }
    }

    func refreshPlaylist() {
        let list = mpv.get("playlist").array ?? []
        var known: [Int64: QueueEntry] = [:]
        for entry in entries { known[entry.id] = entry }
        entries = list.compactMap { item in
            guard let id = item["id"]?.int64, let url = item["filename"]?.string else { return nil }
            if let existing = known[id] { return existing }
            // mpv appends in order, so new entries match the items handed to it in order. The
            // item's own URL is kept: mpv rewrites some (av://lavfi:… becomes lavfi:…).
            guard !pendingItems.isEmpty else { return QueueEntry(id: id, url: url, tags: QueueEntry.Tags()) }
            let item = pendingItems.removeFirst()
            return QueueEntry(id: id, url: item.url, tags: item.tags, length: item.length)
        }
        if let currentID, !entries.contains(where: { $0.id == currentID }) { self.currentID = nil }
    }

    func startAt(index: Int) {
        guard entries.indices.contains(index) else { return }
        try? mpv.set("pause", false)
        playIndex(index)
    }

    /// Makes entry `index` current at once (so state saved a moment later already says so),
    /// and asks mpv to play it.
    func playIndex(_ index: Int) {
        if entries.indices.contains(index) {
            if entries[index].id != currentID { loadedID = nil }
            currentID = entries[index].id
            awaitedStartID = entries[index].id
        }
        do throws(MPVError) {
            try mpv.command(["playlist-play-index", String(index)])
        } catch {
            awaitedStartID = nil
        }
    }

    /// Seconds with three decimals, as mpv's time arguments take them ("-12.345").
    static func seconds(_ duration: Duration) -> String {
        // Clamped far beyond any real position, so the conversion to an integer cannot trap.
        let thousandths = Int64(min(max(duration.inSeconds * 1000, -1e15), 1e15).rounded())
        let fraction = String(thousandths.magnitude % 1000)
        let sign = thousandths < 0 ? "-" : ""
        return "\(sign)\(thousandths.magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
