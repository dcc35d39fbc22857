import MPRIS

/// A player that plays nothing: a queue, a position the test moves by hand, and settings.
/// It exists only for the MPRIS layer's tests.
@MainActor
final class InMemoryPlayer: MediaPlayer {
    var playbackStatus = PlaybackStatus.stopped
    var loopStatus = LoopStatus.none
    var shuffle = false
    var volume = 1.0
    var rate = 1.0
    let minimumRate = 0.25
    let maximumRate = 4.0
    var position = Duration.zero
    var queue: [Track]
    var currentIndex: Int?
    var supportedURISchemes = ["file", "http", "https"]
    var supportedMIMETypes = ["audio/mpeg", "audio/flac"]
    var onChange: (@MainActor (MediaPlayerChange) -> Void)?
    private var nextID: Int

    init(tracks: Int = 3) {
        queue = (1...max(1, tracks)).map { index in
            Track(
                id: index, url: "file:///music/\(index).flac", title: "Tone \(index)", artists: ["Test Artist"],
                album: "Test Album", albumArtists: ["Album Artist"], genres: ["Test"], trackNumber: index, discNumber: 1,
                length: .seconds(180), artURL: "file:///music/cover.jpg", date: "2026")
        }
        nextID = queue.count + 1
        currentIndex = 0
    }

    var currentTrack: Track? { currentIndex.map { queue[$0] } }
    var canGoNext: Bool { currentIndex.map { $0 + 1 < queue.count || loopStatus == .playlist } ?? false }
    var canGoPrevious: Bool { currentIndex != nil }
    var canPlay: Bool { !queue.isEmpty }
    var canPause: Bool { !queue.isEmpty }
    var canSeek: Bool { currentTrack != nil }

    private func changed() { onChange?(.state) }

    func play() {
        if currentIndex == nil, !queue.isEmpty { currentIndex = 0 }
        playbackStatus = .playing
        changed()
    }

    func pause() {
        guard playbackStatus == .playing else { return }
        playbackStatus = .paused
        changed()
    }

    func stop() {
        playbackStatus = .stopped
        position = .zero
        changed()
    }

    func next() {
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

    func previous() {
        guard let index = currentIndex else { return }
        currentIndex = max(0, index - 1)
        position = .zero
        changed()
        onChange?(.seeked(.zero))
    }

    func seek(by offset: Duration) {
        let target = position + offset
        if let length = currentTrack?.length, target > length { return next() }
        setPosition(max(.zero, target))
    }

    func setPosition(_ position: Duration) {
        self.position = position
        onChange?(.seeked(position))
    }

    func setLoopStatus(_ status: LoopStatus) {
        loopStatus = status
        changed()
    }

    func setShuffle(_ shuffle: Bool) {
        self.shuffle = shuffle
        changed()
    }

    func setVolume(_ volume: Double) {
        self.volume = volume
        changed()
    }

    func setRate(_ rate: Double) {
        self.rate = rate
        changed()
    }

    func openURI(_ uri: String) throws(MediaPlayerError) {
        let track = try makeTrack(uri)
        queue.append(track)
        currentIndex = queue.count - 1
        playbackStatus = .playing
        onChange?(.trackListReplaced)
        changed()
    }

    func addTrack(uri: String, after: Int?, makeCurrent: Bool) throws(MediaPlayerError) {
        let track = try makeTrack(uri)
        let index = after.flatMap { id in queue.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0
        queue.insert(track, at: index)
        if let current = currentIndex, current >= index { currentIndex = current + 1 }
        if makeCurrent { currentIndex = index }
        onChange?(.trackAdded(track, after: after))
        changed()
    }

    func removeTrack(id: Int) throws(MediaPlayerError) {
        guard let index = queue.firstIndex(where: { $0.id == id }) else { throw .noSuchTrack(id) }
        queue.remove(at: index)
        if let current = currentIndex {
            currentIndex = queue.isEmpty ? nil : (current > index ? current - 1 : min(current, queue.count - 1))
        }
        onChange?(.trackRemoved(id))
        changed()
    }

    func goTo(trackID id: Int) throws(MediaPlayerError) {
        guard let index = queue.firstIndex(where: { $0.id == id }) else { throw .noSuchTrack(id) }
        currentIndex = index
        position = .zero
        changed()
        onChange?(.seeked(.zero))
    }

    /// Replaces the current track's tags, as a tag reader would.
    func retag(_ body: (inout Track) -> Void) {
        guard let index = currentIndex else { return }
        body(&queue[index])
        onChange?(.trackMetadataChanged(queue[index]))
    }

    private func makeTrack(_ uri: String) throws(MediaPlayerError) -> Track {
        let scheme = uri.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        guard uri.contains(":"), supportedURISchemes.contains(scheme.lowercased()) else {
            throw .unsupportedScheme(uri: uri, supported: supportedURISchemes)
        }
        defer { nextID += 1 }
        return Track(id: nextID, url: uri, title: String(uri.split(separator: "/").last ?? ""))
    }
}
