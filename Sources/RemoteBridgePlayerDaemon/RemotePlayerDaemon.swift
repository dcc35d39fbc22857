// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeConfiguration
import RemoteBridgeDBus
import Dispatch
import FoundationEssentials
import Glibc
import Logging
import RemoteBridgeDesktopKeys
import RemoteBridgeEvdev
import RemoteBridgeMPRIS
import RemoteBridgePlayer
import RemoteBridgeProcess
import RemoteBridgeCore
import RemoteBridgeText
import CRemoteBridgeHeap

/// `remote-playerd` put together: the application, the player and its controller, the MPRIS
/// server, the now-playing tracker, and state persistence. `main` only parses arguments.
@MainActor
public final class RemotePlayerDaemon {
    /// What the command line asks for.
    public struct Options: Sendable {
        /// The bus address; nil for the session bus.
        public var busAddress: String?
        /// Overrides `[player] name`.
        public var name: String?
        /// Take the bus name over from a running instance.
        public var replace = false
        /// Overrides `[player] audio-output`.
        public var audioOutput: String?
        /// Start playing at once.
        public var autoplay = false
        /// This process replaced the program that ran before a package upgrade, and goes on from
        /// the state it saved (`DaemonReplacement`).
        public var resumingAfterUpgrade = false
        /// Play the built-in demo queue.
        public var demo = false
        /// The configuration file; nil for the default path (where a missing file is fine).
        public var configPath: String?
        /// The configuration, when the program has read it already with these options applied
        /// (remote-playerd's `main` does, before any thread starts, for the audio stream's names):
        /// it is not read twice. Nil: the daemon reads it.
        public var configuration: PlayerConfiguration?
        /// The state file; nil for the default path.
        public var statePath: String?
        /// Neither read nor write state.
        public var noState = false
        /// Start the engine program at once, for a Play that is on its way: the bus started the
        /// daemon for a call (remote-playerd's main sets it when `DBUS_STARTER_BUS_TYPE` is set).
        public var prepareEngine = false
        /// Files, folders, URLs and playlists to queue, replacing the saved queue.
        public var items: [String] = []
        /// How often the state is saved while playing, unless `--state-save-interval` says
        /// otherwise: the most position a kill loses.
        public static let defaultStateSaveInterval: Duration = .seconds(5)
        /// How often the state is saved while playing.
        public var stateSaveInterval = defaultStateSaveInterval
        /// The most entries the queue holds; tests lower it to reach the limit quickly.
        public var maximumQueueLength = QueueLimits.maximumEntries
        /// Whether the daemon is its program's own, and lets go of the code its start-up ran
        /// once started (`cheap_release_startup_pages`): the remote-playerd executable sets it.
        /// Off where the daemon runs beside other work, as in a test process.
        public var releasesStartupPages = false

        /// The defaults.
        public init() {}
    }

    /// The settings read from the config file.
    public let configuration: PlayerConfiguration
    /// The session-bus connection the player is served on.
    public let connection: DBusConnection
    /// The application that delivers remote-control events.
    public let application = RemoteApplication()
    /// The mpv player.
    public let player: MPVPlayer
    /// The first responder, which plays every event on `player`.
    public let controller: PlayerController
    /// The MPRIS and RemoteControl1 server.
    public let server: MPRISServer
    /// All MPRIS players on the bus, followed to know whether this one is now playing (`RemoteApplication.isNowPlaying`).
    public let tracker: NowPlayingTracker
    /// The bus name owned: `org.mpris.MediaPlayer2.<name>`, or `.instance<pid>` if that was taken.
    public private(set) var busName = ""
    private let mediaPlayer: MPVMediaPlayer
    /// The desktop's media keys, grabbed whenever playback starts.
    public let mediaKeys: DesktopMediaKeys
    /// The input devices listed in `[input] devices`.
    public private(set) var inputReaders: [InputDeviceReader] = []
    private var wasPlaying = false
    private var persistence: StatePersistence?
    /// The queue given on the command line, while it is still being read.
    private var fill: QueueFill?
    private let logger: Logger
    private var finished = false
    private let stateSaveInterval: Duration
    /// Where the saving starts once the queue given on the command line is complete.
    private var storeAwaitingFill: StateStore?
    private var finishWaiters: [CheckedContinuation<Void, Never>] = []
    /// Gives the heap's free pages back once a burst of calls is over.
    private let heapTrim = QuietTimeTrim()
    /// The chapter last announced by `ChapterChanged`, of which entry.
    private var lastChapter: (id: Int64?, index: Int?) = (nil, nil)

    /// Why the daemon could not start.
    public struct StartError: Error, CustomStringConvertible {
        /// The explanation, in plain words.
        public let description: String
    }

    /// Starts everything: reads the configuration and state, starts mpv, connects, claims the
    /// name, exports MPRIS, and queues the media. Nothing plays unless asked.
    public init(options: Options, logger: Logger) async throws {
        self.logger = logger
        let paths = XDGPaths()
        let configuration = try options.configuration ?? Self.configuration(options: options, paths: paths)
        self.configuration = configuration
        stateSaveInterval = options.stateSaveInterval
        // The demo's generated tones never replace a user's saved queue.
        var stateStore = options.noState || options.demo ? nil : StateStore(path: options.statePath ?? paths.stateFile)
        var saved: PlayerState?
        if let store = stateStore {
            (saved, stateStore) = Self.loadState(from: store, logger: logger)
        }

        var playerConfiguration = MPVPlayer.Configuration()
        playerConfiguration.audioOutput = configuration.audioOutput
        playerConfiguration.audioStream = PlayerIdentity.audioStream(playerName: configuration.name)
        playerConfiguration.allowedSchemes = configuration.supportedURISchemes
        // The demo's tones are mpv's own generated sources (av://lavfi:...).
        if options.demo, !playerConfiguration.allowedSchemes.contains(DemoContent.scheme) {
            playerConfiguration.allowedSchemes.append(DemoContent.scheme)
        }
        playerConfiguration.previousRestartThreshold = configuration.previousRestartThreshold
        playerConfiguration.releaseEngineAfter = configuration.releaseEngineAfter
        playerConfiguration.replayGain = configuration.replayGain
        playerConfiguration.replayGainPreamp = configuration.replayGainPreamp
        playerConfiguration.hiddenSockets = EngineHiddenSockets.list(
            environment: ProcessEnvironment.variables(ProcessEnvironment.current), busAddress: options.busAddress)
        playerConfiguration.artCacheDirectory = URL(fileURLWithPath: paths.artCache)
        playerConfiguration.maximumEntries = options.maximumQueueLength
        playerConfiguration.positionMemory = PositionMemory(after: configuration.rememberPosition)
        playerConfiguration.rateMemory = configuration.rememberRate
        playerConfiguration.chapterStepsFrom = configuration.chapterSteps
        playerConfiguration.sleepFade = configuration.sleepFade
        playerConfiguration.spokenWordScanScale = (
            configuration.spokenWordSkipForward / configuration.skipForwardInterval,
            configuration.spokenWordSkipBackward / configuration.skipBackwardInterval
        )
        player = try MPVPlayer(configuration: playerConfiguration)
        // Loading libmpv (~70 ms) then overlaps the daemon's own start and the bus's activation.
        if options.prepareEngine { player.prepareEngine() }
        mediaPlayer = MPVMediaPlayer(player: player)
        controller = PlayerController(player: player, next: application)
        do {
            connection = try await DBusConnection.connect(to: options.busAddress)
        } catch {
            player.shutdown()
            throw StartError(description: error.message)
        }
        server = MPRISServer(
            connection: connection, application: application, player: mediaPlayer,
            identity: PlayerIdentity.mpris(playerName: configuration.name))
        server.additionalInterfaces = [Playback1Service.interface(for: player)]
        tracker = NowPlayingTracker(connection: connection)
        mediaKeys = DesktopMediaKeys(
            connection: connection, applicationName: configuration.name, skipForward: configuration.skipForwardInterval,
            skipBackward: configuration.skipBackwardInterval)
        application.beginReceivingRemoteControlEvents()
        controller.becomeFirstResponder()
        // Before the object is exported: clients may call as soon as the name appears, while
        // the rest of start-up (after the claim) is still to run, and a Quit must not be lost.
        server.listeners.add { [weak self] event in
            if case .quitRequested = event { self?.finish(reason: "Quit was called") }
        }
        // The state is saved from the player's own changes (a queue edit, with its index, is
        // saved as that edit alone), before they are presented to MPRIS: this listener comes
        // first, and the adapter's, which the server hears, after it.
        player.listeners.add { [weak self, logger] event in
            switch event {
            case .changed(let change):
                // After shutdown the state is saved for good: changes still on their way (mpv's
                // last events, a scan ended by the shutdown) are not recorded over it.
                guard let self, !self.isShutDown else { return }
                self.persistence?.record(change, of: self.player)
                Playback1Service.announce(change, of: self.player, on: self.server.object, lastChapter: &self.lastChapter)
                if change == .state { self.followKindOfEntry() }
            case .audioOutput(let report):
                if case .reopened = report { logger.notice("\(report)") } else { logger.warning("\(report)") }
            case .engine(let report):
                switch report {
                case .started, .released: logger.info("\(report)")
                case .cannotStart, .lost: logger.error("\(report)")
                case .otherVersion(_, _, let meantToPlay):
                    logger.notice("\(report)")
                    self?.replaceAfterUpgrade(playing: meantToPlay)
                }
            case .positionMoved: break
            }
        }
        mediaPlayer.start()
        try server.start()
        server.object?.listeners.add { [logger] event in
            if case .emitFailed(let error) = event { logger.error("a signal could not be sent: \(error)") }
        }
        openInputDevices()
        // Before the first load, so that an item refused at start-up is named too.
        mediaPlayer.listeners.add { [logger] change in
            if case .loadFailed(let url, let reason) = change { logger.warning("skipped \(url): \(reason)") }
        }
        // The queue is in place before the name appears, so the first client finds a ready
        // player; only a queue that takes longer to read than `fillWait` fills in behind it.
        queueMedia(options: options, saved: saved)
        if let fill, await fill.waitUntilFinished(atMost: Self.fillWait, withNothingReadAtMost: Self.emptyFillWait) { self.fill = nil }
        if let stateStore, fill != nil {
            // Nothing is saved while the queue fills: half of it is neither the old state nor
            // the new. The saving starts, with a full save, once it is complete (`fillFinished`).
            storeAwaitingFill = stateStore
        } else if let stateStore {
            // The file holds the player's queue only if the queue came from it, whole (the player
            // keeps the order of what it accepts), and, when shuffled, with the order before
            // shuffling (without one, the player takes the saved order for it, which the file
            // does not say yet).
            let restored = saved.flatMap { saved in
                options.items.isEmpty && saved.queue.count == player.entries.count && (!saved.shuffle || saved.unshuffledOrder != nil)
                    ? saved : nil
            }
            persistence = makePersistence(store: stateStore, written: restored)
            // A queue given on the command line is on disk before the name appears on the bus.
            if !options.items.isEmpty { persistence?.saveNow() }
        }
        saved = nil
        returnFreeMemory()
        // Before the claim: another client may take the name over before the claim's own
        // reply has come back to this actor, and its NameLost must not go unheard.
        connection.listeners.add { [weak self] event in
            switch event {
            case .nameLost(let name): self?.nameLost(name)
            case .disconnected: self?.finish(reason: "the bus went away")
            case .nameAcquired: break
            }
        }
        busName = try await MPRISNames.claim(configuration.name, on: connection, replace: options.replace)
        if namesLostEarly.contains(busName) { nameLost(busName) }
        logger.info("on the bus as \(busName)", metadata: ["bus": "\(connection.address)"])
        if let fill { logger.info("the queue fills in behind the name: \(OutsideText.escaped(fill.progress, maximumBytes: OutsideText.messageBytes))") }
        wireUp()
        try await tracker.start()
        if options.releasesStartupPages { releaseStartupPages() }
    }

    /// Lets go of the code start-up ran once its last messages are written (the claim's, the
    /// first signals').
    private func releaseStartupPages() {
        afterMessagesWritten { _ = cheap_release_startup_pages() }
    }

    /// Saves the state to `store`, which holds `written` (nil: the first write is a full save).
    private func makePersistence(store: StateStore, written: PlayerState?) -> StatePersistence {
        StatePersistence(
            store: store, periodicInterval: stateSaveInterval, written: written,
            snapshot: { [weak self] in self?.currentState }, marks: { [weak self] in self?.player.savedMarks },
            report: { [logger] failure in logger.error("\(failure.description)") })
    }

    private func wireUp() {
        mediaPlayer.listeners.add { [weak self] change in self?.playerChanged(change) }
        connection.answeredCalls.add { [heapTrim] _ in heapTrim.noteWork() }
        tracker.listeners.add { [weak self] event in
            if case .targetChanged = event { self?.updateNowPlaying() }
        }
        mediaKeys.listeners.add { [weak self] event in
            guard let self else { return }
            switch event {
            case .remoteControl(let event): self.application.sendEvent(event)
            case .setting(.cycleLoop): self.player.setLoop(self.player.loop == .none ? .playlist : self.player.loop == .playlist ? .track : .none)
            case .setting(.toggleShuffle): self.player.setShuffle(!self.player.shuffle)
            }
        }
    }

    /// Names lost before the claim had said which name is ours.
    private var namesLostEarly: Set<String> = []

    /// The bus took a name from this connection: if it is the player's name, the daemon exits so
    /// that the new owner can run.
    private func nameLost(_ name: String) {
        guard !busName.isEmpty else {
            namesLostEarly.insert(name)
            return
        }
        guard name == busName else { return }
        Task { @MainActor in self.finish(reason: "\(name) was taken over by \(await self.describeOwner(of: name)); exiting so it can run") }
    }

    /// Who owns `name` now: its unique name, process id and command, as far as the bus says.
    private func describeOwner(of name: String) async -> String {
        guard let owner = await connection.nameOwner(name) else { return "another client (already gone)" }
        guard let pid = await connection.processID(of: owner) else { return owner }
        let command = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingWhitespace
        return "\(owner) (pid \(pid)\(command.map { ", \($0)" } ?? ""))"
    }

    /// Reads the devices of `[input] devices`; their keys are broadcast events.
    private func openInputDevices() {
        for path in configuration.inputDevices {
            let reader = InputDeviceReader(path: path)
            reader.listeners.add { [weak self, weak reader, logger] event in
                switch event {
                case .key(let code, let pressed, let age):
                    guard let self, let subtype = KeyMap.subtype(for: code, pressed: pressed) else { return }
                    let event = RemoteControlEvent(subtype: subtype, source: .inputDevice(reader?.identity.name ?? path), timestamp: .now - age)
                    self.application.sendEvent(event)
                case .status(let line): logger.notice("\(line)")
                case .switch, .presence: break
                }
            }
            reader.start()
            inputReaders.append(reader)
        }
    }

    /// Gives the desktop's media keys back; call before `shutdown()`.
    public func releaseMediaKeys() async {
        await mediaKeys.release()
    }

    /// The saved state; an unreadable file is moved aside (never overwritten) and the daemon
    /// starts fresh, so a bad file can neither stop it nor lose the user's only copy. If it cannot
    /// even be moved, the store comes back nil: this run then saves nothing rather than overwrite it.
    ///
    /// The default file's predecessor, version 1's `state.json`, is read when the default file
    /// does not exist yet; the first save writes the new one and keeps the old as `state.json.v1`.
    private static func loadState(from given: StateStore, logger: Logger) -> (PlayerState?, StateStore?) {
        let paths = XDGPaths()
        let store = given.path == paths.stateFile ? StateStore(path: given.path, migratingFrom: paths.legacyStateFile) : given
        do throws(StateStore.Failure) {
            let started = ContinuousClock.now
            let saved = try store.load()
            if let saved {
                logger.debug("read \(saved.queue.count) entries from \(store.path) in \(ContinuousClock.now - started)")
            }
            if let saved, store.layout == nil {
                logger.notice("read \(saved.queue.count) entries from a version-1 state file; the next save writes the current format (version 2, or 3 while shuffled) to \(store.path)")
            } else if let torn = store.layout?.tornSize, torn > 0 {
                logger.notice("\(store.path): ignored the last \(torn) bytes, a write that a crash cut short")
            }
            return (saved, store)
        } catch {
            do throws(StateStore.Failure) {
                let aside = try store.moveAside()
                logger.warning("\(error.description); moved it aside to \(aside) and starting with an empty queue")
                return (nil, store)
            } catch let moveFailure {
                logger.warning("\(error.description); \(moveFailure.description); starting with an empty queue, and saving no state this run")
                return (nil, nil)
            }
        }
    }

    /// How long start-up waits for the queue given on the command line before the name is
    /// claimed and the rest fills in behind it: a small queue is complete well within it.
    static let fillWait: Duration = .milliseconds(50)
    /// How long start-up waits for a queue of which nothing could be read yet (a FIFO with no
    /// writer, a stalled network mount) before the name is claimed anyway.
    static let emptyFillWait: Duration = .seconds(2)

    private func queueMedia(options: Options, saved: PlayerState?) {
        if options.demo {
            player.load(DemoContent.queue, play: configuration.autoplay)
        } else if !options.items.isEmpty {
            let fill = QueueFill(arguments: options.items, player: player, autoplay: configuration.autoplay, logger: logger)
            fill.listeners.add { [weak self] event in
                switch event {
                case .progress(let progress): self?.server.queueLoading = progress
                case .finished: self?.fillFinished()
                }
            }
            mediaPlayer.fillStarted()
            self.fill = fill
            fill.start()
        } else if let saved {
            player.setVolume(saved.volume)
            player.setLoop(saved.loop)
            if configuration.rememberRate == .global, saved.rate != 1 { player.setSpeed(saved.rate) }
            // A shuffled queue comes back in its shuffled order; shuffle off gives back the order
            // before shuffling, or, from a file that has none (an earlier release's), the saved one.
            player.load(
                saved.queue, currentIndex: saved.currentIndex ?? 0, position: .milliseconds(rounding: saved.position) ?? .zero,
                play: configuration.autoplay, unshuffledOrder: saved.shuffle ? saved.unshuffledOrder ?? Array(saved.queue.indices) : nil)
            logger.info("restored \(saved.queue.count) entries, \(configuration.autoplay ? "playing" : "paused")\(options.resumingAfterUpgrade ? ", after replacing the program that ran before an upgrade" : "")")
        }
    }

    /// The queue given on the command line is complete: clients are told of it whole, and it is
    /// saved.
    private func fillFinished() {
        fill = nil
        if let store = storeAwaitingFill {
            storeAwaitingFill = nil
            persistence = makePersistence(store: store, written: nil)
        }
        mediaPlayer.fillFinished()
        persistence?.changed()
        persistence?.setPlaying(player.status == .playing)
        returnFreeMemory()
    }

    /// Hands the heap's free pages back to the kernel once every message sent so far has been
    /// written: after a large queue was read, announced (a TrackListReplaced of 100 000 paths)
    /// and let go of, the daemon's RSS is what it holds, not what loading it once needed.
    private func returnFreeMemory() {
        afterMessagesWritten { _ = cheap_return_free_pages() }
    }

    /// Runs `work` once every message sent so far has been written.
    private func afterMessagesWritten(_ work: @escaping @MainActor () -> Void) {
        Task { [connection] in
            await connection.flush()
            work()
        }
    }

    // MARK: Running

    /// Whether `shutdown()` has run.
    private var isShutDown = false

    /// Waits until Quit, NameLost, a disconnection or `finish`.
    public func waitUntilFinished() async {
        guard !finished else { return }
        await withCheckedContinuation { finishWaiters.append($0) }
    }

    /// Ends the daemon's run: `waitUntilFinished()` returns. Call `shutdown()` afterwards.
    public func finish(reason: String) {
        guard !finished else { return }
        finished = true
        logger.info("stopping: \(reason)")
        let waiters = finishWaiters
        finishWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Saves the state, stops mpv and leaves the bus. Only the first call does anything: a later
    /// one must not save over a state file that has changed since.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        finish(reason: "shutting down")
        if let fill {
            // Half a queue is neither the old state nor the new one: the old one stays.
            fill.stop()
            logger.notice("the queue was still being read; the saved state is left as it was")
        } else {
            saveNow()
        }
        server.stop()
        for reader in inputReaders { reader.stop() }
        player.shutdown()
        connection.close()
    }

    // MARK: A package upgrade

    /// The engine installed beside this program is of another version: a package upgrade has
    /// replaced both. Save the state and run the remote-playerd installed now in this process,
    /// which goes on from it, `playing` or paused. Where that cannot be done, say why and keep
    /// answering (paused, as after an engine that cannot start).
    private func replaceAfterUpgrade(playing: Bool) {
        guard persistence != nil, fill == nil else {
            logger.error(
                "cannot replace itself with the remote-playerd installed: it keeps no state to go on from (--no-state, --demo, or a queue still being read); restart it: systemctl --user restart remote-playerd.service")
            return
        }
        switch DaemonReplacement.installedProgram() {
        case .failure(let refusal):
            logger.error("cannot replace itself with the remote-playerd installed: \(refusal)")
        case .success(let program):
            logger.notice("replacing itself with the remote-playerd installed at \(program), to go on \(playing ? "playing" : "paused") from where it is")
            saveNow()
            let failure = DaemonReplacement.replace(with: program, playing: playing)
            logger.error("cannot replace itself with the remote-playerd installed: \(failure)")
        }
    }

    // MARK: Now playing and persistence

    private func updateNowPlaying() {
        application.isNowPlaying = tracker.nowPlaying == busName
    }

    private func playerChanged(_ change: MediaPlayerChange) {
        guard !isShutDown else { return }  // see the player listener in init
        switch change {
        case .seeked: persistence?.positionChanged()
        case .loadFailed: return
        default: persistence?.changed()
        }
        let playing = player.status == .playing
        if playing, !wasPlaying {
            // The player that most recently started playing owns the desktop's media keys.
            Task { await mediaKeys.grab() }
        }
        wasPlaying = playing
        persistence?.setPlaying(playing)
        if playing, tracker.nowPlaying != busName, !application.isNowPlaying { application.isNowPlaying = true }
    }

    /// The desktop's FastForward and Rewind skip by the current entry's kind: spoken word's steps
    /// (`[media-keys] spoken-word-skip-forward`) or music's.
    private func followKindOfEntry() {
        let spoken = player.current?.isSpokenWord == true
        mediaKeys.skipForward = spoken ? configuration.spokenWordSkipForward : configuration.skipForwardInterval
        mediaKeys.skipBackward = spoken ? configuration.spokenWordSkipBackward : configuration.skipBackwardInterval
    }

    /// The state as it is now.
    public var currentState: PlayerState {
        player.savedState
    }

    /// Writes the state file now.
    public func saveNow() {
        persistence?.saveNow()
    }

}
