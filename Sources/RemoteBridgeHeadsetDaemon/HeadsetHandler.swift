// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgeConfiguration
import RemoteBridgeGestures
import RemoteBridgeDBus
import RemoteBridgeDoctor
import FoundationEssentials
import Logging
import RemoteBridgeEvdev
import RemoteBridgeMPRIS
import RemoteBridgeResume
import RemoteBridgeCore

/// `headsetd` put together: input devices → gesture map and key map → the now-playing MPRIS
/// player, plus the `io.github.remotebridge.Headset1` interface, unplug handling, and (when
/// BlueZ is there) one AVRCP player registered with each Bluetooth adapter.
@MainActor
public final class HeadsetHandler {
    /// What the command line asks for.
    public struct Options: Sendable {
        /// The bus address; nil for the session bus.
        public var busAddress: String?
        /// The address of the bus BlueZ is on; nil for the system bus.
        public var systemBusAddress: String?
        /// Devices treated as headset-like whatever their identity (FIFOs work).
        public var devices: [String] = []
        /// The folder to discover and watch for devices (`/dev/input`). Tests give a folder of
        /// FIFOs: there, an `event*` FIFO counts as a headset.
        public var inputDirectory: String?
        /// The configuration file; nil for the default path.
        public var configPath: String?
        /// Overrides `resume-on-reconnect` from the configuration when set.
        public var resumeOnReconnect: Bool?
        /// How long a call to BlueZ may go unanswered before it is retried (tests shorten it).
        public var blueZCallTimeout: Duration = .seconds(5)
        /// Where the checks headsetd logs at start look for installed files (the udev rule, the
        /// units, the activation files); nil for the real places. The bus, input folder and
        /// config file are these options' own.
        public var doctorEnvironment: DoctorEnvironment?
        /// remote-playerd's state file, read for media-button resumption; nil for its default
        /// (`$XDG_STATE_HOME/remotebridge/player.state`, where an activated remote-playerd keeps it).
        public var statePath: String?

        /// The defaults.
        public init() {}
    }

    /// Why a run ended.
    public enum Ending: Sendable, Equatable {
        /// It was asked to stop (SIGTERM, SIGINT, a graceful shutdown).
        case stopped
        /// Its bus went away (a logout, a bus that crashed): nobody is left to send presses to,
        /// and the next session's headsetd needs the devices.
        case busLost
    }

    /// headsetd's bus connection.
    public let connection: DBusConnection
    /// Follows which player is now playing; events go to its target.
    public let tracker: NowPlayingTracker
    /// Turns single-button presses into gestures and events.
    public let gestures: HeadsetGestureMap
    /// The settings read from the configuration file.
    public let configuration: HeadsetConfiguration
    /// One reader per watched input device.
    public internal(set) var readers: [InputDeviceReader] = [] {
        didSet { if readers.map(\.path) != oldValue.map(\.path) { listeners.announce(.devicesChanged) } }
    }
    /// The BlueZ side: the AVRCP player and Bluetooth disconnects; nil when not used.
    public private(set) var bluetooth: BluetoothBridge?
    /// Why there is no `bluetooth`, in words.
    private var bluetoothAbsence = "off in the configuration (bluetooth = false)"
    /// One line on the Bluetooth side, for `Headset1.Bluetooth` and `remotectl headset status`.
    public var bluetoothStatus: String { bluetooth?.summary ?? bluetoothAbsence }
    let clock: any GestureClock
    let output: PlayerOutput
    let logger: Logger
    let inputDirectory: String
    let discoversFIFOs: Bool
    /// Where the start-up checks look (`HeadsetHandler+Doctor`).
    let doctorEnvironment: DoctorEnvironment
    /// How the run ended, once it has.
    private var ending: Ending?
    private var endingWaiters: [CheckedContinuation<Ending, Never>] = []
    var object: ExportedObject?
    var unplugGuard: UnplugGuard
    var hotPlugWatcher: DirectoryWatcher?
    /// Starts remote-playerd and resumes its queue when a press finds no player to take it.
    public let resumption: PlayerResumption

    /// What the handler announces to its `listeners`, each after it was handled.
    public enum Announcement: Sendable {
        /// A key edge read from a device or injected: the key code, and whether it went down.
        case input(code: UInt16, pressed: Bool)
        /// A switch edge read from a device: the switch code, and whether it turned on.
        case `switch`(code: UInt16, on: Bool)
        /// A resumption has ended, with how.
        case resumed(PlayerResumption.Outcome)
        /// A call to a player was answered (or failed): the player, the event, and whether it succeeded.
        case delivered(player: String, event: RemoteControlEvent, succeeded: Bool)
        /// A gesture bound to the sleep timer reached a player: the player, what was asked
        /// (`+15m`), and what came of it.
        case sleepTimer(player: String, request: String, outcome: SleepTimerOutcome)
        /// A device was added to `readers`, or one let go.
        case devicesChanged
    }

    /// Told of every edge, resumption, answered call and change of the devices read.
    public let listeners = Listeners<Announcement>()

    /// Starts: reads the configuration, connects, claims the name, follows the players, opens
    /// the devices and exports `Headset1`. Nothing here waits for a player: they are asked in
    /// parallel afterwards, each with a short timeout.
    public init(options: Options, logger: Logger, clock: any GestureClock = ContinuousGestureClock()) async throws {
        self.logger = logger
        self.clock = clock
        let configPath = options.configPath ?? XDGPaths().configFile
        var configuration = try HeadsetConfiguration.load(path: configPath, required: options.configPath != nil)
        if let resume = options.resumeOnReconnect { configuration.resumeOnReconnect = resume }
        self.configuration = configuration
        unplugGuard = UnplugGuard(configuration)
        inputDirectory = options.inputDirectory.map(InputDeviceReader.absolute) ?? "/dev/input"
        discoversFIFOs = options.inputDirectory != nil
        var doctorEnvironment = options.doctorEnvironment ?? DoctorEnvironment()
        doctorEnvironment.sessionBusAddress = options.busAddress
        doctorEnvironment.inputDirectory = inputDirectory
        doctorEnvironment.discoversFIFOs = discoversFIFOs
        doctorEnvironment.configPath = configPath
        self.doctorEnvironment = doctorEnvironment
        gestures = HeadsetGestureMap(clock: clock)
        gestures.maximumClickInterval = configuration.clickInterval
        gestures.minimumHoldDuration = configuration.holdDuration
        for (gesture, binding) in configuration.gestures { gestures.bind(gesture, binding: binding) }
        connection = try await DBusConnection.connect(to: options.busAddress)
        tracker = NowPlayingTracker(connection: connection)
        output = PlayerOutput(connection: connection, clock: clock)
        var policy = ResumePolicy.fromConfiguration(configuration)
        if let statePath = options.statePath { policy.statePath = statePath }
        resumption = PlayerResumption(connection: connection) { policy }
        output.listeners.add { [weak self] event in
            switch event {
            case .problem(let line): logger.warning("\(line)")
            case .debug(let line): logger.debug("call: \(line)")
            case .answered(let player, let event, let succeeded):
                self?.listeners.announce(.delivered(player: player, event: event, succeeded: succeeded))
            case .sleepTimerAnswered(let player, let request, let outcome):
                if outcome == .set { logger.info("sleep timer: \(request) on \(player)") }
                self?.listeners.announce(.sleepTimer(player: player, request: request, outcome: outcome))
            }
        }
        tracker.listeners.add { [weak self] event in
            switch event {
            case .debug(let line): logger.debug("players: \(line)")
            case .targetChanged(let target): self?.targetChanged(to: target)
            case .updated: break
            }
        }
        gestures.listeners.add { [weak self] event in self?.deliver(event) }
        gestures.actionListeners.add { [weak self] action in self?.act(on: action) }
        gestures.edgeSource = self
        let object = try ExportedObject(path: Headset1Interface.objectPath, interfaces: [headsetInterface()])
        object.listeners.add { event in
            if case .emitFailed(let error) = event { logger.error("a signal could not be sent: \(error)") }
        }
        self.object = object
        connection.export(object)
        connection.listeners.add { [weak self] event in
            if case .disconnected = event { self?.finish(.busLost) }
        }
        // The name first: a frozen player on the bus must not delay it.
        switch try await connection.requestName(Headset1Interface.busName) {
        case .primaryOwner, .alreadyOwner: break
        default: throw DBusError.failed("\(Headset1Interface.busName) is taken: is another headsetd running?")
        }
        try await tracker.start()
        openDevices(forced: options.devices, configured: configuration.devices)
        if configuration.bluetooth {
            bluetooth = await BluetoothBridge.start(
                systemBusAddress: options.systemBusAddress, callTimeout: options.blueZCallTimeout, handler: self, logger: logger)
            bluetoothAbsence = "cannot follow BlueZ (headsetd's log says why); restart headsetd to try again"
        } else {
            logger.info("Bluetooth: off in the configuration (bluetooth = false)")
        }
    }

    /// Stops reading (letting go of grabs), unregisters from BlueZ and leaves the bus.
    public func shutdown() {
        hotPlugWatcher = nil
        for reader in readers { reader.stop() }
        output.stop()
        bluetooth?.stop()
        connection.close()
    }

    private func targetChanged(to target: String?) {
        object?.invalidateProperties(of: Headset1Interface.name)
        bluetooth?.targetChanged(to: target)
    }

    /// Ends the run: `waitUntilFinished()` returns `ending`. The first call counts.
    public func finish(_ ending: Ending) {
        guard self.ending == nil else { return }
        self.ending = ending
        if ending == .busLost {
            logger.info("stopping: the bus at \(connection.address) went away; letting go of the devices")
        }
        let waiters = endingWaiters
        endingWaiters = []
        for waiter in waiters { waiter.resume(returning: ending) }
    }

    /// Waits until the run ends: `finish`, or the bus going away. Call `shutdown()` afterwards.
    public func waitUntilFinished() async -> Ending {
        if let ending { return ending }
        return await withCheckedContinuation { endingWaiters.append($0) }
    }

    /// The now-playing player's last known state.
    var targetStatus: PlaybackStatus? {
        tracker.target.flatMap { tracker.players[$0]?.status }
    }
}
