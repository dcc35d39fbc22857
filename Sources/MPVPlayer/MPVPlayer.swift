import Dispatch
import Foundation
import RemoteControl

/// The player adapter: an embedded mpv, its queue, and its state, on the main actor.
///
/// It knows nothing of D-Bus or MPRIS. State comes from observed mpv properties and events,
/// which an mpv-owned thread hands to the main actor; the position is read from mpv when asked,
/// never polled. Every command is an argv array.
@MainActor
public final class MPVPlayer {
    /// How the player is set up.
    public struct Configuration: Sendable {
        /// mpv's audio output: `auto` tries the real outputs and falls back to `null`.
        public var audioOutput = "auto"
        /// URI schemes `open(uri:)` accepts.
        public var allowedSchemes = ["file", "http", "https"]
        /// Where embedded cover art is extracted to.
        public var artCacheDirectory: URL?
        /// previousTrack restarts the track when more than this has played; zero turns it off.
        public var previousRestartThreshold: Duration = .seconds(3)
        /// How often a scan jumps while a seek button is held.
        public var scanInterval: Duration = TransportDefaults.scanPeriod
        /// How far each scan jump goes.
        public var scanStep: Duration = TransportDefaults.scanStep
        /// The most the art cache may hold, in bytes; the least recently used files go first.
        public var artCacheLimit = 200 << 20
        /// The most entries the queue holds (`QueueLimits.maximumEntries`; tests lower it).
        public var maximumEntries = QueueLimits.maximumEntries

        /// The defaults.
        public init() {}
    }

    /// Playing, paused or stopped.
    public enum Status: String, Sendable {
        case playing, paused, stopped
    }

    /// The loop mode.
    public enum Loop: String, Sendable, Codable {
        case none, track, playlist
    }

    /// What changed, for whoever presents the player.
    public enum Change: Sendable, Equatable {
        /// Status, volume, rate, loop, shuffle, current entry or its tags may have changed.
        case state
        /// The position jumped.
        case seeked(Duration)
        /// The queue changed shape (entries added, removed or reordered).
        case queueChanged
        /// An entry's tags, length or art changed.
        case entryChanged(QueueEntry)
        /// An entry could not be played; playback went on with the next one.
        case loadFailed(url: String, reason: String)
    }

    public let configuration: Configuration
    private let mpv: MPVHandle
    /// The queue, in mpv's playlist order.
    public private(set) var entries: [QueueEntry] = []
    /// The current entry's id; kept when stopped, so play resumes there.
    public private(set) var currentID: Int64?
    public private(set) var isPaused = true
    public private(set) var isIdle = true
    /// mpv's volume, 0 to `volume-max` (100 is full).
    public private(set) var mpvVolume = 100.0
    public private(set) var speed = 1.0
    public private(set) var loop = Loop.none
    public private(set) var shuffle = false
    public private(set) var isSeekable = false
    /// The audio output mpv actually opened, such as `pulse` or `null`.
    public private(set) var currentAudioOutput: String?
    /// Called with each change, on the main actor.
    public var onChange: (@MainActor (Change) -> Void)?
    /// Called each time mpv moves the position, while set. The player never needs this (the
    /// position is read when asked); tests use it to wait for a position without polling.
    public var onPositionTick: (@MainActor () -> Void)? {
        didSet {
            guard onPositionTick != nil, !isObservingPosition else { return }
            isObservingPosition = true
            mpv.observe("time-pos")
        }
    }
    private var isObservingPosition = false
    /// Items handed to mpv whose playlist entries have not been seen yet, in order.
    private var pendingItems: [QueueItem] = []
    private var pendingStart: (id: Int64, position: Duration)?
    /// The entry whose file mpv has finished opening; seeks before that are kept for it.
    private var loadedID: Int64?
    /// The entry we asked mpv to play and whose start-file event has not come yet; start-file
    /// events of entries asked for earlier are stale and do not move `currentID` back.
    private var awaitedStartID: Int64?
    /// Which entry mpv has loaded, by mpv's event order: per-file values go to it alone.
    private var loadedFile = LoadedFile()
    private var scanTimer: (any DispatchSourceTimer)?
    private var scanDirection = 0
    private var isShutDown = false

    /// Starts mpv (no video, audio output from the configuration) with an empty queue.
    public init(configuration: Configuration = Configuration()) throws(MPVError) {
        self.configuration = configuration
        var options: [(String, String)] = [
            ("config", "no"), ("vo", "null"), ("video", "no"), ("idle", "yes"), ("terminal", "no"),
            ("input-default-bindings", "no"), ("input-terminal", "no"), ("keep-open", "no"),
            ("ytdl", "no"), ("audio-display", "no"), ("pause", "yes"),
        ]
        if configuration.audioOutput == "auto" {
            options.append(("audio-fallback-to-null", "yes"))
        } else {
            options.append(("ao", configuration.audioOutput))
        }
        mpv = try MPVHandle(options: options)
        for name in ["pause", "idle-active", "duration", "metadata", "playlist", "volume", "speed", "loop-file", "loop-playlist", "seekable", "current-ao"] {
            mpv.observe(name)
        }
        mpv.startEvents { event in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in self?.handle(event) }
            }
        }
    }

    /// Stops mpv. The player does nothing afterwards.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        endScanning()
        mpv.shutdown()
    }

    // MARK: State

    /// Playing, paused or stopped.
    public var status: Status {
        if isIdle || currentID == nil || entries.isEmpty { return .stopped }
        return isPaused ? .paused : .playing
    }

    /// The current entry, if any.
    public var current: QueueEntry? { currentID.flatMap { id in entries.first { $0.id == id } } }

    /// The index of the current entry in `entries`.
    public var currentIndex: Int? { currentID.flatMap { id in entries.firstIndex { $0.id == id } } }

    /// The position in the current entry, read from mpv now.
    public var position: Duration {
        guard status != .stopped, let seconds = mpv.getDouble("time-pos"), seconds.isFinite else { return .zero }
        return .milliseconds(Int64((max(0, seconds) * 1000).rounded()))
    }

    /// The position to save for a restart: where the current file is to open if it has not opened
    /// yet (a save right after a restore keeps the restored position), else `position`.
    public var resumePosition: Duration {
        if let pending = pendingStart, pending.id == currentID { return pending.position }
        return position
    }

    /// The volume as a fraction: 1.0 is mpv's 100.
    public var volume: Double { mpvVolume / 100 }

    /// The highest volume mpv accepts, as a fraction.
    public var maximumVolume: Double { (mpv.getDouble("volume-max") ?? 130) / 100 }

    // MARK: Queue

    /// Appends items to the queue. With `play`, the first of them starts playing. Items that
    /// fail `check(_:)` are left out and reported as load failures.
    public func append(_ items: [QueueItem], play: Bool = false) {
        let accepted = items.reduce(0) { count, item in queue(item) ? count + 1 : count }
        if play, accepted > 0 {
            refreshPlaylist()
            startAt(index: entries.count - accepted)
        }
    }

    /// Replaces the queue, making item `index` current at `position`, paused unless `play`.
    /// Items that fail `check(_:)` are left out (and reported); `index` still names the same item,
    /// or the next one kept if that item itself was left out.
    public func load(_ items: [QueueItem], currentIndex index: Int = 0, position: Duration = .zero, play: Bool = false) {
        try? mpv.command(["stop"])
        try? mpv.set("pause", !play)
        entries = []
        currentID = nil
        var startIndex = 0
        var startKept = false
        for (offset, item) in items.enumerated() {
            let kept = queue(item)
            if offset < index, kept { startIndex += 1 }
            if offset == index { startKept = kept }
        }
        refreshPlaylist()
        guard !entries.isEmpty else { return }
        startIndex = min(startIndex, entries.count - 1)
        if startKept, position > .zero {
            pendingStart = (entries[startIndex].id, position)
        }
        playIndex(startIndex)
    }

    /// Opens a URI: checks it, appends it, and plays it.
    public func open(uri: String) throws(MPVError) {
        try check(uri)
        guard queue(QueueItem(url: uri)) else { throw MPVError(operation: "open \(QueueLimits.excerpt(uri))", reason: "mpv refused it") }
        refreshPlaylist()
        startAt(index: entries.count - 1)
    }

    /// Inserts a URI after the entry `after` (nil: at the start), making it current if asked.
    public func insert(uri: String, after: Int64?, makeCurrent: Bool) throws(MPVError) {
        try check(uri)
        guard queue(QueueItem(url: uri)) else { throw MPVError(operation: "open \(QueueLimits.excerpt(uri))", reason: "mpv refused it") }
        refreshPlaylist()
        let from = entries.count - 1
        let to = after.flatMap { id in entries.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0
        if to != from { try mpv.command(["playlist-move", String(from), String(to)]) }
        refreshPlaylist()
        if makeCurrent { playIndex(to) }
    }

    /// Removes an entry.
    public func remove(id: Int64) throws(MPVError) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else {
            throw MPVError(operation: "remove", reason: "no entry \(id) in the queue")
        }
        try mpv.command(["playlist-remove", String(index)])
        refreshPlaylist()
    }

    /// Plays the entry with `id`.
    public func goTo(id: Int64) throws(MPVError) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else {
            throw MPVError(operation: "go to", reason: "no entry \(id) in the queue")
        }
        playIndex(index)
        try mpv.set("pause", false)
    }

    /// Hands one item to mpv, remembering it until its playlist entry appears. An item that
    /// fails `check(_:)` or that mpv refuses is reported as a load failure and left out.
    @discardableResult
    private func queue(_ item: QueueItem) -> Bool {
        do throws(MPVError) {
            try check(item.url)
            var item = item
            item.tags = item.tags.limited()
            pendingItems.append(item)
            do throws(MPVError) {
                try mpv.command(["loadfile", item.url, "append"])
            } catch {
                pendingItems.removeLast()
                throw error
            }
            return true
        } catch {
            onChange?(.loadFailed(url: QueueLimits.excerpt(item.url), reason: error.reason))
            return false
        }
    }

    /// Checks a URI or path before it may enter the queue, whatever its source (a client, the
    /// command line, a playlist, a folder, saved state): its length, the queue's length, and its
    /// scheme against the configuration. A plain path counts as `file`.
    public func check(_ uri: String) throws(MPVError) {
        let operation = "open \(QueueLimits.excerpt(uri))"
        guard uri.utf8.count <= QueueLimits.maximumURILength else {
            throw MPVError(
                operation: operation, reason: "the URI is longer than \(QueueLimits.maximumURILength) bytes", kind: .limitExceeded)
        }
        guard entries.count + pendingItems.count < configuration.maximumEntries else {
            throw MPVError(
                operation: operation, reason: "the queue is full (\(configuration.maximumEntries) entries); remove some first",
                kind: .limitExceeded)
        }
        guard !uri.utf8.contains(0) else { throw MPVError(operation: operation, reason: "it contains a NUL character") }
        if uri.hasPrefix("/"), Self.scheme(of: uri) == nil {
            guard configuration.allowedSchemes.contains("file") else {
                throw MPVError(operation: operation, reason: "local files are not allowed (the file scheme is not in supported-uri-schemes)", kind: .schemeNotAllowed)
            }
            return
        }
        try checkScheme(uri)
    }

    /// Checks a URI's scheme against the configuration.
    private func checkScheme(_ uri: String) throws(MPVError) {
        let operation = "open \(QueueLimits.excerpt(uri))"
        guard let scheme = Self.scheme(of: uri) else {
            throw MPVError(operation: operation, reason: "not a URI: it needs a scheme such as file:// or https://", kind: .schemeNotAllowed)
        }
        guard configuration.allowedSchemes.contains(scheme) else {
            throw MPVError(
                operation: operation,
                reason: "the \(scheme) scheme is not allowed (allowed: \(configuration.allowedSchemes.joined(separator: ", ")))",
                kind: .schemeNotAllowed)
        }
    }

    /// The lowercased scheme of a URI (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
    public nonisolated static func scheme(of uri: String) -> String? {
        guard let colon = uri.firstIndex(of: ":") else { return nil }
        let scheme = uri[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, CharacterSet.letters.contains(first),
            scheme.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    // MARK: Transport

    /// Resumes if paused; if stopped, starts the current entry, or the first.
    public func play() {
        if status == .stopped {
            guard !entries.isEmpty else { return }
            try? mpv.set("pause", false)
            playIndex(currentIndex ?? 0)
        } else {
            try? mpv.set("pause", false)
        }
    }

    /// Pauses.
    public func pause() {
        try? mpv.set("pause", true)
    }

    /// Stops, keeping the queue; the position goes to 0.
    public func stop() {
        endScanning()
        try? mpv.command(["stop", "keep-playlist"])
        try? mpv.set("pause", true)
    }

    /// The next entry; at the end, wraps when looping the playlist, else stops.
    public func next() {
        guard let index = currentIndex else { return }
        if index + 1 < entries.count {
            playIndex(index + 1)
        } else if loop == .playlist {
            playIndex(0)
        } else {
            stop()
        }
    }

    /// Restarts the track if more than the threshold has played; otherwise the previous entry.
    public func previous() {
        guard let index = currentIndex else { return }
        let threshold = configuration.previousRestartThreshold
        if threshold > .zero, position > threshold || index == 0 {
            seek(to: .zero)
        } else {
            playIndex(index - 1)
        }
    }

    /// Seeks relative to the position; before 0 clamps to 0; past the end moves to the next entry.
    public func seek(by offset: Duration) {
        let target = position + offset
        if let length = current?.length, target >= length {
            next()
        } else {
            seek(to: max(.zero, target))
        }
    }

    /// Seeks to an absolute position. Before the current file has opened, the seek waits for it.
    public func seek(to position: Duration) {
        if let currentID, loadedID != currentID {
            pendingStart = (currentID, position)
            return
        }
        try? mpv.command(["seek", Self.seconds(position), "absolute+exact"])
    }

    /// Starts scanning: repeated relative seeks at 4× real time or faster, until `endScanning()`.
    public func beginScanning(forward: Bool) {
        guard status != .stopped else { return }
        endScanning(announce: false)
        scanDirection = forward ? 1 : -1
        let timer = DispatchSource.makeTimerSource(queue: .main)
        let interval = configuration.scanInterval
        timer.schedule(deadline: .now() + interval.dispatch, repeating: interval.dispatch)
        timer.setEventHandler {
            MainActor.assumeIsolated { [weak self] in self?.scanTick() }
        }
        scanTimer = timer
        timer.resume()
    }

    /// Stops scanning, returns to normal playback, and announces the new position.
    public func endScanning() {
        endScanning(announce: true)
    }

    private func endScanning(announce: Bool) {
        guard let timer = scanTimer else { return }
        timer.cancel()
        scanTimer = nil
        scanDirection = 0
        if announce { onChange?(.seeked(position)) }
    }

    /// Whether a scan is in progress.
    public var isScanning: Bool { scanTimer != nil }

    private func scanTick() {
        let step = configuration.scanStep
        let target = position + (scanDirection > 0 ? step : .zero - step)
        if target <= .zero {
            seek(to: .zero)
            endScanning()
        } else if let length = current?.length, target >= length {
            endScanning()
            next()
        } else {
            try? mpv.command(["seek", Self.seconds(scanDirection > 0 ? step : .zero - step), "relative"])
            onChange?(.state)
        }
    }

    // MARK: Settings

    /// Sets the volume as a fraction (1.0 is 100%); negative clamps to 0, above the maximum to the maximum.
    public func setVolume(_ volume: Double) {
        guard volume.isFinite else { return }
        try? mpv.set("volume", min(max(0, volume), maximumVolume) * 100)
    }

    /// Sets the playback rate.
    public func setSpeed(_ speed: Double) {
        guard speed.isFinite, speed > 0 else { return }
        try? mpv.set("speed", speed)
    }

    /// Sets the loop mode.
    public func setLoop(_ loop: Loop) {
        try? mpv.set("loop-file", loop == .track ? "inf" : "no")
        try? mpv.set("loop-playlist", loop == .playlist ? "inf" : "no")
    }

    /// Shuffles or unshuffles the queue (mpv does not reshuffle when a flag changes).
    public func setShuffle(_ shuffle: Bool) {
        guard shuffle != self.shuffle else { return }
        self.shuffle = shuffle
        try? mpv.command([shuffle ? "playlist-shuffle" : "playlist-unshuffle"])
        refreshPlaylist()
        onChange?(.state)
    }

    // MARK: Events

    private func handle(_ event: MPVEvent) {
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
            }
        case .playbackRestart:
            if !isScanning { onChange?(.seeked(position)) }
        case .seek:
            break
        case .shutdown:
            endScanning(announce: false)
        }
    }

    private func propertyChanged(_ name: String, _ value: MPVNode) {
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
    private func fileLoaded(_ id: Int64?, duration: Double?, metadata: MPVNode) {
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
    private func findArt(for id: Int64) {
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
    private func update(_ id: Int64?, _ body: (inout QueueEntry) -> Void) {
        guard let id, let index = entries.firstIndex(where: { $0.id == id }) else { return }
        let before = entries[index]
        body(&entries[index])
        if entries[index] != before { onChange?(.entryChanged(entries[index])) }
    }

    private func refreshPlaylist() {
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

    private func startAt(index: Int) {
        guard entries.indices.contains(index) else { return }
        try? mpv.set("pause", false)
        playIndex(index)
    }

    /// Makes entry `index` current at once (so state saved a moment later already says so),
    /// and asks mpv to play it.
    private func playIndex(_ index: Int) {
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

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.3f", Double(seconds) + Double(attoseconds) / 1e18)
    }
}

extension Duration {
    /// As a DispatchTimeInterval, in nanoseconds.
    var dispatch: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
