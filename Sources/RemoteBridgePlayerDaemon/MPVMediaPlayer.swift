// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgeMPRIS
import RemoteBridgePlayer

/// Presents an `MPVPlayer` to the MPRIS server as a `MediaPlayer`.
///
/// This is an adapter rather than an extension of `MPVPlayer` (as a first sketch had it) because
/// both types announce changes of their own kind; an adapter keeps `MPVPlayer` free of MPRIS.
@MainActor
final class MPVMediaPlayer: MediaPlayer {
    let player: MPVPlayer
    /// Told of each change as MPRIS sees it, and of items that failed to load.
    let listeners = Listeners<MediaPlayerChange>()
    /// Whether the queue is being filled from a large source: its parts are announced as one
    /// TrackListReplaced at the end (`fillFinished()`), not each on its own.
    private(set) var isFilling = false

    /// The queue starts being filled in parts.
    func fillStarted() { isFilling = true }

    /// The queue is complete: clients are told of it as a whole.
    func fillFinished() {
        guard isFilling else { return }
        isFilling = false
        listeners.announce(.trackListReplaced)
        listeners.announce(.state)
    }

    /// The most entries added at once that are announced one TrackAdded each.
    static let mostTrackAddedSignals = 32

    init(player: MPVPlayer) {
        self.player = player
    }

    /// Starts presenting the player's changes. A separate step, so that whoever must hear the
    /// player's changes before MPRIS does (the daemon saves its state from them) listens first.
    func start() {
        player.listeners.add { [weak self] event in
            if case .changed(let change) = event { self?.forward(change) }
        }
    }

    private func forward(_ change: MPVPlayer.Change) {
        switch change {
        case .state:
            listeners.announce(.state)
        case .seeked(let position):
            listeners.announce(.seeked(position))
        case .queueChanged where isFilling, .entriesInserted where isFilling, .entryRemoved where isFilling:
            listeners.announce(.trackListChanged)
            listeners.announce(.state)
        case .queueChanged:
            listeners.announce(.trackListReplaced)
            listeners.announce(.state)
        case .entriesInserted(let index, let count):
            // One TrackAdded per entry for a few; past that, clients are better served by one
            // TrackListReplaced than by a flood of signals.
            if count <= Self.mostTrackAddedSignals {
                for offset in index..<index + count {
                    let after = offset > 0 ? Int(player.entries.id(at: offset - 1)) : nil
                    listeners.announce(.trackAdded(Self.track(player.entries[offset]), after: after))
                }
            } else {
                listeners.announce(.trackListReplaced)
            }
            listeners.announce(.state)
        case .entryRemoved(_, let id):
            listeners.announce(.trackRemoved(Int(id)))
            listeners.announce(.state)
        case .entryChanged(let entry):
            listeners.announce(.trackMetadataChanged(Self.track(entry)))
            listeners.announce(.state)
        case .loadFailed(let url, let reason):
            listeners.announce(.loadFailed(url: url, reason: reason))
        case .chapters:
            // The chapter is in Metadata (`remotebridge:chapter`); the rest is Playback1's.
            listeners.announce(.state)
        case .entryProgressChanged, .sleepTimer:
            // Not MPRIS's: the daemon's Playback1 service presents the timer.
            break
        }
    }

    static func track(_ entry: QueueEntry) -> Track {
        var track = Track(
            id: Int(entry.id), url: entry.url, title: entry.displayTitle, artists: entry.tags.artists, album: entry.tags.album,
            albumArtists: entry.tags.albumArtists, genres: entry.tags.genres, trackNumber: entry.tags.trackNumber,
            discNumber: entry.tags.discNumber, length: entry.length, artURL: entry.artURL, date: entry.tags.date)
        track.composers = entry.tags.composers
        track.comment = entry.tags.comment
        return track
    }

    var playbackStatus: PlaybackStatus {
        switch player.status {
        case .playing: .playing
        case .paused: .paused
        case .stopped: .stopped
        }
    }

    var loopStatus: LoopStatus {
        switch player.loop {
        case .none: .none
        case .track: .track
        case .playlist: .playlist
        }
    }

    var shuffle: Bool { player.shuffle }
    var volume: Double { player.volume }
    var rate: Double { player.speed }
    var minimumRate: Double { 0.25 }
    var maximumRate: Double { 4 }
    var position: Duration { player.position }
    var currentTrack: Track? {
        guard var track = player.shown.map(Self.track) else { return nil }
        // The chapter playing, beside the file's own title (the chapters are the current entry's).
        if player.shownID == player.currentID, let index = player.currentChapterIndex {
            track.chapter = player.chapters[index].title ?? "Chapter \(index + 1)"
        }
        return track
    }
    var trackIDs: [Int] { player.entries.ids.map { Int($0) } }
    func tracks(withIDs ids: [Int]) -> [Track] {
        let found = player.entries.indices(of: ids.lazy.map { Int64($0) })
        // What the client asks about has its tags read, if they are not known yet: they follow
        // as TrackMetadataChanged.
        player.readTags(of: ids.lazy.map { Int64($0) }.filter { found[$0] != nil })
        return ids.compactMap { id in found[Int64(id)].map { Self.track(player.entries[$0]) } }
    }
    func containsTrack(id: Int) -> Bool { player.entries.contains(id: Int64(id)) }
    var canGoNext: Bool {
        guard let index = player.currentIndex else { return false }
        return index + 1 < player.entries.count || player.loop == .playlist
    }
    var canGoPrevious: Bool { player.currentIndex != nil }
    var canPlay: Bool { !player.entries.isEmpty }
    var canPause: Bool { !player.entries.isEmpty }
    var canSeek: Bool { player.current != nil && (player.isSeekable || player.status == .stopped) }
    var supportedURISchemes: [String] { player.configuration.allowedSchemes }
    var supportedMIMETypes: [String] { PlayableTypes.mimeTypes }

    var isPlaying: Bool { player.isPlaying }
    var currentLength: Duration? { player.currentLength }
    func play() { player.play() }
    func pause() { player.pause() }
    func stop() { player.stop() }
    func next() { player.next() }
    func previous() { player.previous() }
    func seek(by offset: Duration) { player.seek(by: offset) }
    func seek(to position: Duration) { player.seek(to: position) }
    func beginScanning(forward: Bool) { player.beginScanning(forward: forward) }
    func endScanning() { player.endScanning() }
    func setLoopStatus(_ status: LoopStatus) {
        player.setLoop(status == .track ? .track : status == .playlist ? .playlist : .none)
    }
    func setShuffle(_ shuffle: Bool) { player.setShuffle(shuffle) }
    func setVolume(_ volume: Double) { player.setVolume(volume) }
    func setRate(_ rate: Double) { player.setSpeed(rate) }

    func openURI(_ uri: String) throws(MediaPlayerError) {
        do throws(PlayerError) {
            if let playlist = QueueSource.playlistItems(uri) {
                try player.open(try usable(playlist, of: uri))
            } else {
                try player.open(uri: uri)
            }
        } catch {
            throw Self.refusal(error, uri: uri)
        }
    }

    func addTrack(uri: String, after: Int?, makeCurrent: Bool) throws(MediaPlayerError) {
        do throws(PlayerError) {
            if let playlist = QueueSource.playlistItems(uri) {
                try player.insert(try usable(playlist, of: uri), after: after.map(Int64.init), makeCurrent: makeCurrent)
            } else {
                try player.insert(uri: uri, after: after.map(Int64.init), makeCurrent: makeCurrent)
            }
        } catch {
            throw Self.refusal(error, uri: uri)
        }
    }

    /// A playlist's entries: those that cannot be used are reported as load failures, and a
    /// playlist with none is an error.
    private func usable(_ playlist: (items: [QueueItem], problems: [String]), of uri: String) throws(PlayerError) -> [QueueItem] {
        for problem in playlist.problems { listeners.announce(.loadFailed(url: QueueLimits.excerpt(uri), reason: problem)) }
        guard !playlist.items.isEmpty else {
            throw PlayerError(operation: "open \(QueueLimits.excerpt(uri))", reason: playlist.problems.first ?? "the playlist has no entries")
        }
        return playlist.items
    }

    /// The MPRIS refusal for a player error.
    private static func refusal(_ error: PlayerError, uri: String) -> MediaPlayerError {
        switch error.kind {
        case .schemeNotAllowed: .unsupportedScheme(uri: uri, reason: error.reason)
        case .limitExceeded: .limitsExceeded(error.description)
        case .failed: .failed(error.description)
        }
    }

    func removeTrack(id: Int) throws(MediaPlayerError) {
        do throws(PlayerError) {
            try player.remove(id: Int64(id))
        } catch {
            throw .noSuchTrack(id)
        }
    }

    func goTo(trackID id: Int) throws(MediaPlayerError) {
        do throws(PlayerError) {
            try player.goTo(id: Int64(id))
        } catch {
            throw .noSuchTrack(id)
        }
    }

}
