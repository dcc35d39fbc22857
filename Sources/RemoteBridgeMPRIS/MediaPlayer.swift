// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgeCore

/// MPRIS's PlaybackStatus.
public enum PlaybackStatus: String, Sendable, CaseIterable {
    /// A track is playing.
    case playing = "Playing"
    /// A track is paused.
    case paused = "Paused"
    /// Nothing is playing.
    case stopped = "Stopped"
}

/// MPRIS's LoopStatus.
public enum LoopStatus: String, Sendable, CaseIterable {
    /// Stop at the end of the queue.
    case none = "None"
    /// Repeat the current track.
    case track = "Track"
    /// Start the queue again at its end.
    case playlist = "Playlist"
}

/// Why a player refused a request. The MPRIS server turns each into a D-Bus error reply.
public enum MediaPlayerError: Error, Sendable, Equatable {
    /// The URI's scheme is not one the player accepts (`NotSupported`), and why.
    case unsupportedScheme(uri: String, reason: String)
    /// A limit on the queue or on a value's size would be passed (`LimitsExceeded`).
    case limitsExceeded(String)
    /// The URI or value is malformed (`InvalidArgs`).
    case invalidArgument(String)
    /// No such track in the queue (`io.github.remotebridge.Error.NoSuchTrack`).
    case noSuchTrack(Int)
    /// Anything else, explained (`Failed`).
    case failed(String)
}

/// What changed in a player, so the MPRIS server can announce it.
public enum MediaPlayerChange: Sendable, Equatable {
    /// One or more of the player's properties may have changed.
    case state
    /// The position jumped (a seek, a track change, a restart): MPRIS `Seeked`.
    case seeked(Duration)
    /// The whole queue was replaced.
    case trackListReplaced
    /// The queue changed while it is still being filled: `Tracks` is invalidated, and a
    /// `trackListReplaced` follows once it is complete (no signal for each part).
    case trackListChanged
    /// A track was added after the track with the given id (nil: at the start).
    case trackAdded(Track, after: Int?)
    /// The track with this id was removed.
    case trackRemoved(Int)
    /// A track's metadata changed (tags read, art found).
    case trackMetadataChanged(Track)
    /// An item could not be queued or played (a URL, a reason). MPRIS has no signal for it;
    /// the daemon logs it.
    case loadFailed(url: String, reason: String)
}

/// A player that the MPRIS server can present on the bus: a `ControllablePlayer` (transport,
/// seeking, scanning, which `PlayerController` drives when events arrive; the server never
/// calls them itself, since MPRIS transport calls become events) with the state MPRIS shows
/// and the settings the server changes directly (see docs/remote-playerd.md, "On the bus: MPRIS and RemoteControl1").
@MainActor
public protocol MediaPlayer: ControllablePlayer {
    /// Playing, paused or stopped.
    var playbackStatus: PlaybackStatus { get }
    /// The loop mode.
    var loopStatus: LoopStatus { get }
    /// Whether the queue plays in random order.
    var shuffle: Bool { get }
    /// The volume, 1.0 being 100%.
    var volume: Double { get }
    /// The playback rate, 1.0 being normal speed.
    var rate: Double { get }
    /// The lowest rate accepted.
    var minimumRate: Double { get }
    /// The highest rate accepted.
    var maximumRate: Double { get }
    /// The position in the current track.
    var position: Duration { get }
    /// The current track, if any.
    var currentTrack: Track? { get }
    /// The queue's track ids, in play order.
    var trackIDs: [Int] { get }
    /// The tracks with these ids, in the order asked; ids not in the queue are left out.
    func tracks(withIDs ids: [Int]) -> [Track]
    /// Whether the track with this id is in the queue.
    func containsTrack(id: Int) -> Bool
    /// Whether `next()` would do something.
    var canGoNext: Bool { get }
    /// Whether `previous()` would do something.
    var canGoPrevious: Bool { get }
    /// Whether `play()` would do something.
    var canPlay: Bool { get }
    /// Whether `pause()` would do something.
    var canPause: Bool { get }
    /// Whether seeking works on the current track.
    var canSeek: Bool { get }
    /// The URI schemes `openURI` accepts.
    var supportedURISchemes: [String] { get }
    /// The MIME types the player can play.
    var supportedMIMETypes: [String] { get }
    /// Told of each change; the server listens.
    var listeners: Listeners<MediaPlayerChange> { get }

    /// Sets the loop mode.
    func setLoopStatus(_ status: LoopStatus)
    /// Turns shuffle on or off.
    func setShuffle(_ shuffle: Bool)
    /// Sets the volume (already clamped to 0 or more).
    func setVolume(_ volume: Double)
    /// Sets the rate (already checked against the range; never 0).
    func setRate(_ rate: Double)
    /// Opens a URI: adds it to the queue and plays it.
    func openURI(_ uri: String) throws(MediaPlayerError)
    /// Adds a URI after the track with id `after` (nil: at the start), optionally making it current.
    func addTrack(uri: String, after: Int?, makeCurrent: Bool) throws(MediaPlayerError)
    /// Removes a track.
    func removeTrack(id: Int) throws(MediaPlayerError)
    /// Jumps to a track.
    func goTo(trackID id: Int) throws(MediaPlayerError)
}
