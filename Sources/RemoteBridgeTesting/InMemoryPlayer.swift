// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgeMPRIS
import RemoteBridgeCore

/// A player that plays nothing: a queue, a position the test moves by hand, and settings.
/// It exists for the MPRIS layer's tests and benchmarks; the real player is `MPVPlayer`. Its
/// transport follows the same rules as `MPVPlayer`'s: one conformance suite
/// (`ControllablePlayerRulesTests`) runs against both.
@MainActor
public final class InMemoryPlayer: MediaPlayer {
    /// Playing, paused or stopped.
    public var playbackStatus = PlaybackStatus.stopped
    /// The loop mode.
    public var loopStatus = LoopStatus.none
    /// Whether the queue plays shuffled.
    public var shuffle = false
    /// The volume, 1 being 100%.
    public var volume = 1.0
    /// The playback rate.
    public var rate = 1.0
    /// The lowest rate accepted.
    public let minimumRate = 0.25
    /// The highest rate accepted.
    public let maximumRate = 4.0
    /// The position in the current track; nothing moves it but the test and the player's own commands.
    public var position = Duration.zero
    /// Which way a held seek button is scanning, if one is.
    public var scanning: ScanDirection?
    /// A scan's direction.
    public enum ScanDirection: Sendable { case forward, backward }
    /// The queue.
    public var queue: [Track]
    /// The index of the current track in `queue`, if any.
    public var currentIndex: Int?
    /// The URI schemes `openURI` accepts.
    public var supportedURISchemes = TransportDefaults.uriSchemes
    /// previousTrack restarts the track when more than this has played; zero turns it off.
    public var previousRestartThreshold = TransportDefaults.previousRestartsAfter
    /// The MIME types it claims to play.
    public var supportedMIMETypes = ["audio/mpeg", "audio/flac"]
    /// Told of each change; the MPRIS server listens.
    public let listeners = Listeners<MediaPlayerChange>()
    private var nextID: Int

    /// Makes a player with `tracks` three-minute tracks, the first one current.
    public init(tracks: Int = 3) {
        queue = (1...max(1, tracks)).map { index in
            Track(
                id: index, url: "file:///music/\(index).flac", title: "Tone \(index)", artists: ["Test Artist"],
                album: "Test Album", albumArtists: ["Album Artist"], genres: ["Test"], trackNumber: index, discNumber: 1,
                length: .seconds(180), artURL: "file:///music/cover.jpg", date: "2026")
        }
        nextID = queue.count + 1
        currentIndex = 0
    }

    /// The current track, if any.
    public var currentTrack: Track? { currentIndex.map { queue[$0] } }
    /// Whether there is a next track (or the queue loops).
    public var canGoNext: Bool { currentIndex.map { $0 + 1 < queue.count || loopStatus == .playlist } ?? false }
    /// Whether previous() would do something.
    public var canGoPrevious: Bool { currentIndex != nil }
    /// The queue's track ids, in order.
    public var trackIDs: [Int] { queue.map(\.id) }
    /// The tracks with these ids, in the order asked.
    public func tracks(withIDs ids: [Int]) -> [Track] { ids.compactMap { id in queue.first { $0.id == id } } }
    /// Whether the track with this id is in the queue.
    public func containsTrack(id: Int) -> Bool { queue.contains { $0.id == id } }
    /// Whether there is anything to play.
    public var canPlay: Bool { !queue.isEmpty }
    /// Whether there is anything to pause.
    public var canPause: Bool { !queue.isEmpty }
    /// Whether there is a track to seek in.
    public var canSeek: Bool { currentTrack != nil }

    private func changed() { listeners.announce(.state) }

    /// Plays the current track, or the first; with nothing queued, does nothing.
    public func play() {
        guard !queue.isEmpty else { return }
        if currentIndex == nil { currentIndex = 0 }
        playbackStatus = .playing
        changed()
    }

    /// Pauses.
    public func pause() {
        guard playbackStatus == .playing else { return }
        playbackStatus = .paused
        changed()
    }

    /// Stops, keeping the current track; a scan ends.
    public func stop() {
        scanning = nil
        playbackStatus = .stopped
        position = .zero
        changed()
    }

    /// Goes to the next track; at the end, wraps when looping the playlist, else stops.
    public func next() {
        guard let index = currentIndex else { return }
        if index + 1 < queue.count {
            currentIndex = index + 1
        } else if loopStatus == .playlist {
            currentIndex = 0
        } else {
            return stop()
        }
        position = .zero
        changed()
        listeners.announce(.seeked(.zero))
    }

    /// Restarts the track if more than `previousRestartThreshold` has played, or at the first
    /// track; otherwise goes to the previous one. At the first track with the threshold off,
    /// does nothing (MPRIS: no previous track, no effect).
    public func previous() {
        guard let index = currentIndex else { return }
        if previousRestartThreshold > .zero, position > previousRestartThreshold || index == 0 {
            return setPosition(.zero)
        }
        guard index > 0 else { return }
        currentIndex = index - 1
        position = .zero
        changed()
        listeners.announce(.seeked(.zero))
    }

    /// Moves by `offset`; reaching the end goes to the next track, before the start clamps to 0.
    public func seek(by offset: Duration) {
        let target = position + offset
        if let length = currentTrack?.length, target >= length { return next() }
        setPosition(max(.zero, target))
    }

    /// Jumps to `position` and signals Seeked.
    public func setPosition(_ position: Duration) {
        self.position = position
        listeners.announce(.seeked(position))
    }

    /// Sets the loop mode.
    public func setLoopStatus(_ status: LoopStatus) {
        loopStatus = status
        changed()
    }

    /// Sets shuffle.
    public func setShuffle(_ shuffle: Bool) {
        self.shuffle = shuffle
        changed()
    }

    /// Sets the volume.
    public func setVolume(_ volume: Double) {
        self.volume = volume
        changed()
    }

    /// Sets the rate.
    public func setRate(_ rate: Double) {
        self.rate = rate
        changed()
    }

    /// Appends `uri` and makes it current, or refuses an unsupported scheme.
    public func openURI(_ uri: String) throws(MediaPlayerError) {
        let track = try makeTrack(uri)
        queue.append(track)
        currentIndex = queue.count - 1
        playbackStatus = .playing
        listeners.announce(.trackListReplaced)
        changed()
    }

    /// Inserts `uri` after the track `after` (nil: at the start), optionally making it current.
    public func addTrack(uri: String, after: Int?, makeCurrent: Bool) throws(MediaPlayerError) {
        let track = try makeTrack(uri)
        let index = after.flatMap { id in queue.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0
        queue.insert(track, at: index)
        if let current = currentIndex, current >= index { currentIndex = current + 1 }
        if makeCurrent { currentIndex = index }
        listeners.announce(.trackAdded(track, after: after))
        changed()
    }

    /// Removes the track `id`.
    public func removeTrack(id: Int) throws(MediaPlayerError) {
        guard let index = queue.firstIndex(where: { $0.id == id }) else { throw .noSuchTrack(id) }
        queue.remove(at: index)
        if let current = currentIndex {
            currentIndex = queue.isEmpty ? nil : (current > index ? current - 1 : min(current, queue.count - 1))
        }
        listeners.announce(.trackRemoved(id))
        changed()
    }

    /// Makes the track `id` current.
    public func goTo(trackID id: Int) throws(MediaPlayerError) {
        guard let index = queue.firstIndex(where: { $0.id == id }) else { throw .noSuchTrack(id) }
        currentIndex = index
        position = .zero
        changed()
        listeners.announce(.seeked(.zero))
    }

    /// Replaces the current track's tags, as a tag reader would.
    public func retag(_ body: (inout Track) -> Void) {
        guard let index = currentIndex else { return }
        body(&queue[index])
        listeners.announce(.trackMetadataChanged(queue[index]))
    }

    private func makeTrack(_ uri: String) throws(MediaPlayerError) -> Track {
        let scheme = uri.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        guard uri.contains(":"), supportedURISchemes.contains(scheme.lowercased()) else {
            throw .unsupportedScheme(uri: uri, reason: "the scheme is not one of \(supportedURISchemes.joined(separator: ", "))")
        }
        defer { nextID += 1 }
        return Track(id: nextID, url: uri, title: String(uri.split(separator: "/").last ?? ""))
    }
}
