import RemoteBridgeMPRIS

/// A player that plays nothing: a queue, a position the test moves by hand, and settings.
/// It exists for the MPRIS layer's tests and benchmarks; the real player is `MPVPlayer`.
@MainActor
public final class InMemoryPlayer: MediaPlayer {
    public var playbackStatus = PlaybackStatus.stopped
    public var loopStatus = LoopStatus.none
    public var shuffle = false
    public var volume = 1.0
    public var rate = 1.0
    public let minimumRate = 0.25
    public let maximumRate = 4.0
    public var position = Duration.zero
    /// Which way a held seek button is scanning, if one is.
    public var scanning: ScanDirection?
    /// A scan's direction.
    public enum ScanDirection: Sendable { case forward, backward }
    public var queue: [Track]
    /// The index of the current track in `queue`, if any.
    public var currentIndex: Int?
    public var supportedURISchemes = ["file", "http", "https"]
    public var supportedMIMETypes = ["audio/mpeg", "audio/flac"]
    public var onChange: (@MainActor (MediaPlayerChange) -> Void)?
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

    public var currentTrack: Track? { currentIndex.map { queue[$0] } }
    public var canGoNext: Bool { currentIndex.map { $0 + 1 < queue.count || loopStatus == .playlist } ?? false }
    public var canGoPrevious: Bool { currentIndex != nil }
    public var canPlay: Bool { !queue.isEmpty }
    public var canPause: Bool { !queue.isEmpty }
    public var canSeek: Bool { currentTrack != nil }

    private func changed() { onChange?(.state) }

    public func play() {
        if currentIndex == nil, !queue.isEmpty { currentIndex = 0 }
        playbackStatus = .playing
        changed()
    }

    public func pause() {
        guard playbackStatus == .playing else { return }
        playbackStatus = .paused
        changed()
    }

    public func stop() {
        playbackStatus = .stopped
        position = .zero
        changed()
    }

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
        onChange?(.seeked(.zero))
    }

    public func previous() {
        guard let index = currentIndex else { return }
        currentIndex = max(0, index - 1)
        position = .zero
        changed()
        onChange?(.seeked(.zero))
    }

    public func seek(by offset: Duration) {
        let target = position + offset
        if let length = currentTrack?.length, target > length { return next() }
        setPosition(max(.zero, target))
    }

    public func setPosition(_ position: Duration) {
        self.position = position
        onChange?(.seeked(position))
    }

    public func setLoopStatus(_ status: LoopStatus) {
        loopStatus = status
        changed()
    }

    public func setShuffle(_ shuffle: Bool) {
        self.shuffle = shuffle
        changed()
    }

    public func setVolume(_ volume: Double) {
        self.volume = volume
        changed()
    }

    public func setRate(_ rate: Double) {
        self.rate = rate
        changed()
    }

    public func openURI(_ uri: String) throws(MediaPlayerError) {
        let track = try makeTrack(uri)
        queue.append(track)
        currentIndex = queue.count - 1
        playbackStatus = .playing
        onChange?(.trackListReplaced)
        changed()
    }

    public func addTrack(uri: String, after: Int?, makeCurrent: Bool) throws(MediaPlayerError) {
        let track = try makeTrack(uri)
        let index = after.flatMap { id in queue.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0
        queue.insert(track, at: index)
        if let current = currentIndex, current >= index { currentIndex = current + 1 }
        if makeCurrent { currentIndex = index }
        onChange?(.trackAdded(track, after: after))
        changed()
    }

    public func removeTrack(id: Int) throws(MediaPlayerError) {
        guard let index = queue.firstIndex(where: { $0.id == id }) else { throw .noSuchTrack(id) }
        queue.remove(at: index)
        if let current = currentIndex {
            currentIndex = queue.isEmpty ? nil : (current > index ? current - 1 : min(current, queue.count - 1))
        }
        onChange?(.trackRemoved(id))
        changed()
    }

    public func goTo(trackID id: Int) throws(MediaPlayerError) {
        guard let index = queue.firstIndex(where: { $0.id == id }) else { throw .noSuchTrack(id) }
        currentIndex = index
        position = .zero
        changed()
        onChange?(.seeked(.zero))
    }

    /// Replaces the current track's tags, as a tag reader would.
    public func retag(_ body: (inout Track) -> Void) {
        guard let index = currentIndex else { return }
        body(&queue[index])
        onChange?(.trackMetadataChanged(queue[index]))
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
