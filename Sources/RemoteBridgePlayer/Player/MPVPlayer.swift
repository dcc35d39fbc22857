// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeProcess
import RemoteBridgeEngineProtocol
import RemoteBridgeDurations
import Dispatch
import RemoteBridgeListeners
import FoundationEssentials
import Glibc

/// The player adapter: its queue, its state, and mpv, which plays in the engine process
/// (`remotebridge-engine`) that the player starts when there is something to play and lets go
/// when there is not (`EngineClient`), on the main actor.
///
/// It knows nothing of D-Bus or MPRIS. State comes from observed mpv properties and events,
/// which the engine sends and its client hands to the main actor; the position is carried forward
/// from the engine's last report. Nothing here waits for the engine: commands go without waiting
/// for their replies, and reads are answered by the client's model (`EngineClient`). Every
/// command is an argv array.
@MainActor
public final class MPVPlayer {
    /// How the player was set up.
    public let configuration: Configuration
    /// mpv, in the engine process while one runs (MPVPlayer+Engine.swift).
    let mpv: EngineClient
    /// The queue, in play order (the shuffled order while `shuffle` is on). The player owns it:
    /// mpv only ever holds the current entry and the next (`MPVWindow`), each checked before it
    /// was handed over.
    public internal(set) var entries = PlayQueue()
    /// The current entry's id; kept when stopped, so play resumes there.
    public internal(set) var currentID: Int64? {
        didSet { if currentID != oldValue { currentChanged() } }
    }
    /// The entry clients are shown as current: `currentID` once its tags and art are known, or
    /// after `TrackAnnouncement.wait`, so that a change of track is announced once, complete.
    public internal(set) var shownID: Int64? {
        didSet { if shownID != oldValue { updateStreamTitle() } }
    }
    var announcement = TrackAnnouncement()
    /// A change of entry that mpv made by itself and the listener does not hear yet.
    var transition: HeardTransition?
    /// Where the last seek was asked to go: shown while paused (mpv reads short there).
    var keptSeekTarget: Duration?
    /// The last position read from mpv while playing, in which entry, and when.
    var lastHeard: (id: Int64?, position: Duration, at: ContinuousClock.Instant)?
    /// Where the current entry was last found in `entries`.
    var currentIndexHint = 0
    /// The id the next accepted entry gets.
    var nextEntryID: Int64 = 1
    /// What mpv's playlist holds: each of its entries the player handed over, by mpv's id.
    var window = MPVWindow()
    /// While shuffled, the queue's order before shuffling, to return to when shuffle goes off:
    /// entries added since are appended; removed ones are passed over, and swept out now and then
    /// (`sweepUnshuffledOrderIfStale()`; `unshuffledIndices` reads it). Nil when not shuffled, or when
    /// a queue was loaded while shuffled.
    var unshuffledOrder: [Int64]?
    /// mpv's `pause` property.
    public internal(set) var isPaused = true
    /// mpv's `idle-active`: nothing is loaded (stopped, or an empty queue).
    public internal(set) var isIdle = true
    /// mpv's volume, 0 to `volume-max` (100 is full).
    public internal(set) var mpvVolume = 100.0
    /// The playback speed (MPRIS Rate), 1 being normal.
    public internal(set) var speed = 1.0
    /// The loop mode, set at once by `setLoop(_:)` and kept in step with mpv's properties.
    public internal(set) var loop = Loop.none
    /// Whether the queue is shuffled.
    public internal(set) var shuffle = false
    /// Whether mpv can seek in the current file.
    var mpvSeekable = false
    /// Whether the current file can be sought in: as mpv says once it has opened the file; before
    /// (no engine, or one starting or opening it), yes: a seek is kept for when the file opens.
    public var isSeekable: Bool { mpv.isRunning && loadedID == currentID ? mpvSeekable : true }
    /// The audio output mpv actually opened, such as `pulse` or `null`.
    public internal(set) var currentAudioOutput: String?
    /// What the player announces to its `listeners`.
    public enum Announcement: Sendable, Equatable {
        /// The player changed (see `Change`).
        case changed(Change)
        /// mpv moved the position; announced only after `reportPositionMoves()`. The player
        /// never needs it (the position is read when asked); tests use it to wait for a position
        /// without polling.
        case positionMoved
        /// The audio output went away or came back, worth a log line.
        case audioOutput(AudioOutputReport)
        /// The engine started, was let go, or ended without warning, worth a log line.
        case engine(EngineReport)
    }

    /// Told of each change, on the main actor.
    public let listeners = Listeners<Announcement>()

    /// Has mpv report each move of the position (`Event.positionMoved`) from now on.
    public func reportPositionMoves() {
        guard !isObservingPosition else { return }
        isObservingPosition = true
        mpv.observe("time-pos")
    }

    /// Tells the listeners of a change.
    func changed(_ change: Change) {
        listeners.announce(.changed(change))
        switch change {
        case .state:
            scheduleEngineRelease()
            chapterMayHaveChanged()
            sleepTimerMayHaveChanged()
        case .seeked:
            chapterMayHaveChanged()
            sleepTimerMayHaveChanged()
        default: break
        }
    }

    var isObservingPosition = false
    var pendingStart: (id: Int64, position: Duration)?
    /// The entry last handed to mpv with a start position (its key), and that position.
    var handedStart: (key: Int64, position: Duration)?
    /// The current entry failed to play and mpv has not started another since.
    var failedCurrent = false
    /// Entries that failed to play since one last opened.
    var failedInARow = 0
    /// The current entry's chapters (MPVPlayer+Chapters.swift).
    var chapterBook = ChapterBook()
    /// The sleep timer, and its fade while one runs (MPVPlayer+SleepTimer.swift).
    var sleep = SleepState()
    /// The entry whose file mpv has finished opening; seeks before that are kept for it.
    var loadedID: Int64?
    /// Which entry mpv has loaded, by mpv's event order: per-file values go to it alone.
    var loadedFile = LoadedFile()
    var scanTimer: (any DispatchSourceTimer)?
    var scanDirection = 0
    var isShutDown = false
    /// Entries whose tags have been read from their files, or are being read (MPVPlayer+FileTags.swift).
    var tagsLookedUp: Set<Int64> = []
    /// Where files' tags are read, one at a time, off the main actor.
    let tagReader = DispatchQueue(label: "remote-playerd.tag-reader", qos: .utility)
    /// The audio output going and coming back (MPVPlayer+AudioOutput.swift).
    var audioOutput = AudioOutputState()
    /// The stream name last given to mpv (MPVPlayer+StreamTitle.swift).
    var streamTitle: String?
    /// Lets the engine go after `Configuration.releaseEngineAfter` without playing (MPVPlayer+Engine.swift).
    var engineRelease: (any DispatchSourceTimer)?
    /// The entry the last engine to end without warning had open, and how many in a row have
    /// ended on it: a second is counted as the entry failing (MPVPlayer+Engine.swift).
    var engineLosses: (id: Int64, count: Int)?

    /// Makes a player with an empty queue. No engine runs until there is something to play;
    /// throws when the engine program is not where it should be.
    public init(configuration: Configuration = Configuration()) throws(PlayerError) {
        self.configuration = configuration
        audioOutput.isWatched = Self.watchesAudioOutput(configuration.audioOutput)
        var options = ContainedPlayback.options(allowedSchemes: configuration.allowedSchemes)
        // Audio output: see MPVPlayer+AudioOutput.swift.
        options += Self.audioOutputOptions(for: configuration.audioOutput)
        options += configuration.audioStream?.mpvOptions ?? []
        options += configuration.replayGainOptions
        let executable = try EngineLocation.find().get()
        mpv = EngineClient(
            executable: executable, options: options.map { EngineOption(name: $0.0, value: $0.1) },
            environment: EngineEnvironment.make(from: ProcessEnvironment.current, stream: configuration.audioStream),
            hiddenSockets: configuration.hiddenSockets)
        for name in ["pause", "idle-active", "duration", "metadata", "playlist", "volume", "speed", "loop-file", "seekable", "current-ao", "eof-reached", "volume-max", "core-idle", "chapter-list"] {
            mpv.observe(name)
        }
        mpv.addHook(ContainedPlayback.loadHook)
        mpv.events.add { [weak self] event in
            switch event {
            case .ready(let pid, let confinement): self?.listeners.announce(.engine(.started(pid: pid, confinement: confinement)))
            case .startFailed(let reason, let otherVersion): self?.engineCannotStart(reason: reason, otherVersion: otherVersion)
            case .mpv(let event): self?.handle(event)
            case .lost(let reason, let position, let reportedAt): self?.engineLost(reason: reason, position: position, reportedAt: reportedAt)
            }
        }
    }

    /// Ends the engine. The player does nothing afterwards.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        endScanning()
        endSleepTimer()
        chapterBook.timer?.cancel()
        cancelEngineRelease()
        mpv.shutdown()
    }

    // MARK: State

    /// Playing, paused or stopped.
    public var status: Status {
        if isIdle || currentID == nil || entries.isEmpty { return .stopped }
        return isPaused || audioOutput.showsPaused ? .paused : .playing
    }

    /// The current entry, if any.
    public var current: QueueEntry? { currentIndex.map { entries[$0] } }

    /// The entry clients are shown as current (see `shownID`).
    public var shown: QueueEntry? {
        guard let id = shownID else { return nil }
        return entries.index(of: id, hint: currentIndexHint).map { entries[$0] }
    }

    /// The index of the current entry in `entries`. Asked for on every change and property read:
    /// where it was last found is tried first, so that a large queue is not searched each time.
    public var currentIndex: Int? {
        guard let id = currentID, let index = entries.index(of: id, hint: currentIndexHint) else { return nil }
        currentIndexHint = index
        return index
    }

    /// The position in the current entry as heard, read from mpv now; within the entry's length.
    public var position: Duration {
        guard status != .stopped else { return .zero }
        return heardPosition
    }

    /// The position to save for a restart: where the current file is to open if it has not opened
    /// yet (a save right after a restore keeps the restored position), else `position`.
    public var resumePosition: Duration {
        if let pending = pendingStart, pending.id == currentID { return pending.position }
        return position
    }

    /// The volume as a fraction: 1.0 is mpv's 100.
    /// While the sleep timer fades the volume out, the volume from before the fade.
    public var volume: Double { sleep.fadeFrom ?? mpvVolume / 100 }

    /// The highest volume mpv accepts, as a fraction.
    public var maximumVolume: Double { (mpv.value("volume-max").double ?? 130) / 100 }
}
