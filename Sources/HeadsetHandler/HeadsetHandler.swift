import ButtonGestures
import DBus
import Foundation
import Logging
import MediaKeys
import MPRIS
import RemoteControl

/// `headsetd` put together: input devices → gesture map and key map → the now-playing MPRIS
/// player, plus the `io.github.remotebridge.Headset1` interface.
@MainActor
public final class HeadsetHandler {
    /// The bus name `headsetd` owns.
    public static let busName = "io.github.remotebridge.Headset"
    /// The object path of `Headset1`.
    public static let objectPath = "/io/github/remotebridge/Headset"
    /// The interface name.
    public static let interfaceName = "io.github.remotebridge.Headset1"

    /// What the command line asks for.
    public struct Options: Sendable {
        /// The bus address; nil for the session bus.
        public var busAddress: String?
        /// Devices treated as headset-like whatever their identity (FIFOs work).
        public var devices: [String] = []
        /// The configuration file; nil for the default path.
        public var configPath: String?

        /// The defaults.
        public init() {}
    }

    /// headsetd's bus connection.
    public let connection: DBusConnection
    /// Follows which player is now playing; events go to its target.
    public let tracker: NowPlayingTracker
    /// Turns single-button presses into gestures and events.
    public let gestures: HeadsetGestureMap
    /// One reader per watched input device.
    public private(set) var readers: [InputDeviceReader] = []
    private let clock: any GestureClock
    private let output: PlayerOutput
    private let logger: Logger
    private var object: ExportedObject?
    private var outbox: [(RemoteControlEvent, String)] = []
    private var draining = false
    /// Called with every key edge read from a device or injected, after it was handled.
    public var onInput: (@MainActor (UInt16, Bool) -> Void)?

    /// Starts: reads the configuration, connects, follows the players, opens the devices and
    /// exports `Headset1`.
    public init(options: Options, logger: Logger, clock: any GestureClock = ContinuousGestureClock()) async throws {
        self.logger = logger
        self.clock = clock
        let configPath = options.configPath ?? Self.defaultConfigPath
        let configuration = try HeadsetConfiguration.load(path: configPath, required: options.configPath != nil)
        gestures = HeadsetGestureMap(clock: clock)
        gestures.maximumClickInterval = configuration.clickInterval
        gestures.minimumHoldDuration = configuration.holdDuration
        for (gesture, subtype) in configuration.gestures { gestures.bind(gesture, to: subtype) }
        connection = try await DBusConnection.connect(to: options.busAddress)
        tracker = NowPlayingTracker(connection: connection)
        output = PlayerOutput(connection: connection, clock: clock)
        output.onProblem = { logger.warning("\($0)") }
        gestures.onEvent = { [weak self] event in self?.deliver(event) }
        try await tracker.start()
        tracker.onChange = { [weak self] _ in self?.object?.invalidateProperties(of: Self.interfaceName) }
        let object = try ExportedObject(path: Self.objectPath, interfaces: [headsetInterface()])
        self.object = object
        connection.export(object)
        switch try await connection.requestName(Self.busName) {
        case .primaryOwner, .alreadyOwner: break
        default: throw DBusError.failed("\(Self.busName) is taken: is another headsetd running?")
        }
        openDevices(forced: options.devices, configured: configuration.devices, grab: configuration.grab)
    }

    static var defaultConfigPath: String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory() + "/.config"
        return base + "/remotebridge/config.toml"
    }

    private func openDevices(forced: [String], configured: [String], grab: Bool) {
        var sources: [(String, DeviceIdentity?, Bool)] = forced.map { ($0, nil, true) } + configured.map { ($0, nil, false) }
        if sources.isEmpty {
            sources = InputDiscovery.devices().filter(\.identity.isHeadsetLike).map { ($0.path, $0.identity, false) }
            if sources.isEmpty { logger.notice("no headset-like input device found; Press, Release and Click still work") }
        }
        for (path, identity, headsetLike) in sources {
            let reader = InputDeviceReader(path: path, identity: identity, grab: grab)
            reader.onKey = { [weak self, weak reader] code, pressed in
                guard let self, let reader else { return }
                self.key(code, pressed: pressed, headsetLike: headsetLike || reader.identity.isHeadsetLike, device: reader.identity.name)
            }
            reader.onStatus = { [logger] in logger.notice("\($0)") }
            reader.start()
            readers.append(reader)
        }
        object?.invalidateProperties(of: Self.interfaceName)
    }

    /// Stops reading and leaves the bus.
    public func shutdown() {
        for reader in readers { reader.stop() }
        output.stop()
        connection.close()
    }

    // MARK: Input

    /// One key edge from a device (or from `Press`/`Release`).
    func key(_ code: UInt16, pressed: Bool, headsetLike: Bool, device: String) {
        if KeyMap.isSingleButton(code), headsetLike {
            gestures.handle(ButtonEvent(button: Button(mediaKeyCode: code) ?? .headset, phase: pressed ? .down : .up, timestamp: clock.now))
        } else if let subtype = KeyMap.subtype(for: code, pressed: pressed) {
            deliver(RemoteControlEvent(subtype: subtype, source: .inputDevice(device), timestamp: clock.now))
        }
        onInput?(code, pressed)
    }

    /// Sends an event to the now-playing player, and announces recognized gestures.
    private func deliver(_ event: RemoteControlEvent) {
        let target = tracker.target
        if case .headset(let gesture) = event.source {
            let name = HeadsetGesture(rawValue: gesture)?.name ?? gesture
            try? object?.emit(interface: Self.interfaceName, signal: "GestureRecognized", [.string(name), .string(event.subtype.name), .string(target ?? "")])
        }
        guard let target else {
            logger.notice("\(event.subtype.name): no MPRIS player to send it to")
            return
        }
        outbox.append((event, target))
        guard !draining else { return }
        draining = true
        Task {
            // One at a time, in order: a begin and its end must not overtake each other.
            while !outbox.isEmpty {
                let (next, to) = outbox.removeFirst()
                await output.send(next, to: to)
            }
            draining = false
        }
    }

    // MARK: Headset1

    private func headsetInterface() -> DBusInterface {
        DBusInterface(
            Self.interfaceName,
            methods: [
                DBusMethod("Press", inputs: [DBusArgument("button", "s")]) { [weak self] call throws(DBusError) in
                    try self?.inject(call.arguments[0].stringValue ?? "", pressed: true)
                    return []
                },
                DBusMethod("Release", inputs: [DBusArgument("button", "s")]) { [weak self] call throws(DBusError) in
                    try self?.inject(call.arguments[0].stringValue ?? "", pressed: false)
                    return []
                },
                DBusMethod("Click", inputs: [DBusArgument("count", "u"), DBusArgument("hold_seconds", "d")]) { [weak self] call throws(DBusError) in
                    guard case .uint32(let count) = call.arguments[0], let hold = call.arguments[1].doubleValue else { return [] }
                    guard (1...10).contains(count) else { throw .invalidArgs("count must be 1 to 10, not \(count)") }
                    guard hold.isFinite, (0...30).contains(hold) else { throw .invalidArgs("hold_seconds must be 0 to 30, not \(hold)") }
                    self?.click(count: Int(count), hold: .milliseconds(Int64(hold * 1000)))
                    return []
                },
            ],
            properties: [
                DBusProperty("Target", "s") { [weak self] in .string(self?.tracker.target ?? "") },
                DBusProperty("Devices", "as") { [weak self] in .strings(self?.readers.filter(\.isOpen).map(\.path) ?? []) },
                DBusProperty("Gestures", "a{ss}") { [weak self] in
                    let bindings = self?.gestures.bindings ?? [:]
                    return .dictionary(
                        keySignature: "s", valueSignature: "s",
                        HeadsetGesture.allCases.compactMap { gesture in
                            bindings[gesture].map { .init(key: .string(gesture.name), value: .string($0.name)) }
                        })
                },
            ],
            signals: [DBusSignal("GestureRecognized", [DBusArgument("gesture", "s"), DBusArgument("subtype", "s"), DBusArgument("target", "s")])])
    }

    /// `Press`/`Release`: a button by name (`headset`, `KEY_NEXTSONG`, …) or key code.
    private func inject(_ name: String, pressed: Bool) throws(DBusError) {
        let code: UInt16
        if name == "headset" {
            code = KeyMap.keyMedia
        } else if let button = Button.mediaButtons.first(where: { $0.name == name }) {
            code = button.code
        } else if let number = UInt16(name), KeyMap.mediaKeyCodes.contains(number) {
            code = number
        } else {
            let names = ["headset"] + Button.mediaButtons.map(\.name)
            throw .invalidArgs("unknown button \(name.debugDescription); use one of: \(names.joined(separator: ", ")) or a key code")
        }
        key(code, pressed: pressed, headsetLike: true, device: "Headset1")
    }

    /// `Click`: a timed pattern made here on the gesture clock, so bus jitter cannot change it.
    /// Each click is 60 ms down and 120 ms up; with `hold`, the last press is held that long.
    private func click(count: Int, hold: Duration) {
        var at = clock.now
        for index in 0..<count {
            let last = index == count - 1
            let down = at
            let up = down + (last && hold > .zero ? hold : .milliseconds(60))
            schedule(at: down, pressed: true)
            schedule(at: up, pressed: false)
            at = up + .milliseconds(120)
        }
    }

    private func schedule(at instant: ContinuousClock.Instant, pressed: Bool) {
        _ = clock.schedule(at: instant) { [weak self] in
            self?.gestures.handle(ButtonEvent(button: .headset, phase: pressed ? .down : .up, timestamp: instant))
        }
    }
}
