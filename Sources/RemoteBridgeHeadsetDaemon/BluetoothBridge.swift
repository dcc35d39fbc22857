// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgeGestures
import RemoteBridgeDBus
import Glibc
import Logging
import RemoteBridgeMPRIS
import RemoteBridgeText

/// headsetd's side of BlueZ, on the system bus: it registers one `BluetoothPlayer` with each
/// adapter's `org.bluez.Media1`, so a headset or car stereo sees the now-playing player's state
/// and track, and it pauses when an audio device's `org.bluez.Device1.Connected` turns false.
///
/// It follows BlueZ: adapters that appear are registered with, once each, and a BlueZ that
/// restarts is registered with again. A BlueZ that does not answer yet (bluetoothd starting at
/// boot beside headsetd) is asked again after a capped backoff, on the handler's clock, until
/// it answers. It claims no name on the system bus. Without BlueZ, it says so once at info level
/// and registers when BlueZ starts. Without a system bus at start, it says so once at info level
/// and waits for it: `SystemBusLink` connects when the bus's socket appears, and the bridge then
/// follows BlueZ there as at start (or, when the address names no socket file to watch, it says
/// that a restart of headsetd is needed). A system bus that goes away later (its dbus-daemon
/// dies or restarts) costs one warning: the link connects again when it is back, and the bridge
/// follows BlueZ there again.
@MainActor
public final class BluetoothBridge {
    /// Service class UUIDs (their first 8 hex digits) of audio devices: A2DP source and sink,
    /// AVRCP, headset and hands-free, generic audio.
    static let audioServices: Set<String> = ["0000110a", "0000110b", "0000110c", "0000110d", "0000110e", "00001108", "00001112", "0000111e", "0000111f", "00001203"]

    /// Whether a device with these service UUIDs is an audio device.
    static func isAudio(_ uuids: [String]) -> Bool {
        uuids.contains { audioServices.contains(String($0.lowercased().prefix(8))) }
    }

    /// What BlueZ says about one device.
    struct Device {
        var name: String
        var isAudio: Bool
        var connected: Bool
    }

    /// The connection to the system bus, kept through the bus going away.
    let link: SystemBusLink
    /// The system bus connection: the live one, or the last one while the bus is away; nil
    /// while headsetd waits for a bus that was not there when it started.
    var system: DBusConnection? { link.connection }
    let player: BluetoothPlayer
    weak var handler: HeadsetHandler?
    let logger: Logger
    private var bluezOwner: String? {
        didSet { if bluezOwner != oldValue { listeners.announce(.changed) } }
    }
    /// The adapters the player is registered with.
    public private(set) var registeredAdapters: Set<String> = [] {
        didSet { if registeredAdapters != oldValue { listeners.announce(.changed) } }
    }

    /// What the bridge announces to its `listeners`.
    public enum Announcement: Sendable, Equatable {
        /// BlueZ came or went, the registered adapters changed, a call to BlueZ (or a wait to
        /// retry one) ended, the player's mirrored values changed, or the system bus went away,
        /// was tried again or came back: `registeredAdapters`, `summary`, `isBusy`, the link's
        /// state and the player's values may differ.
        case changed
    }

    /// Told of each change of what the bridge knows and does.
    public let listeners = Listeners<Announcement>()
    /// The adapters a RegisterPlayer is on its way to (or waiting to be retried): an adapter
    /// named twice meanwhile (InterfacesAdded, then the GetManagedObjects reply) is not asked twice.
    private(set) var registeringAdapters: Set<String> = []
    private var devices: [String: Device] = [:]
    /// How long a call to BlueZ may take before it counts as unanswered.
    let callTimeout: Duration
    /// The waits between calls BlueZ left unanswered.
    let backoff = RetryBackoff()
    /// Where the waits between retries are timed: the handler's clock.
    private let clock: any GestureClock
    /// Work for the BlueZ now running, by number; cancelled when it stops, or headsetd does.
    private var work: [Int: Task<Void, Never>] = [:]
    private var workCount = 0
    /// Following BlueZ again on a system bus that came back (exporting the player, subscribing).
    var attaching: Task<Void, Never>?
    /// Whether the player has been exported on a system bus (at start, or once one was there).
    var isPlayerExported = false
    /// Whether a call to BlueZ, or a wait to retry one, is under way.
    var isBusy: Bool { !work.isEmpty || attaching != nil }

    private init(link: SystemBusLink, player: BluetoothPlayer, handler: HeadsetHandler, callTimeout: Duration, logger: Logger) {
        self.link = link
        self.player = player
        self.handler = handler
        self.clock = handler.clock
        self.callTimeout = callTimeout
        self.logger = logger
        player.listeners.add { [weak self] event in
            if event == .changed { self?.listeners.announce(.changed) }
        }
        link.listeners.add { [weak self] event in self?.linkChanged(event) }
    }

    /// Connects to the system bus and starts following BlueZ. Without a system bus now, the
    /// bridge waits for it (logged once), and follows BlueZ once it is there. Nil (logged once)
    /// when it cannot follow BlueZ on the bus there is.
    static func start(systemBusAddress: String?, callTimeout: Duration, handler: HeadsetHandler, logger: Logger) async -> BluetoothBridge? {
        let address = systemBusAddress ?? DBusAddress.systemBus
        let player: BluetoothPlayer
        do {
            player = try BluetoothPlayer(session: handler.connection)
        } catch {
            logger.info("Bluetooth: cannot make the AVRCP player (\(error)); headsetd runs without BlueZ")
            return nil
        }
        let link = await SystemBusLink.start(address: address, clock: handler.clock)
        // Nothing suspends from here to the bridge's listening to the link: it hears each change after.
        let bridge = BluetoothBridge(link: link, player: player, handler: handler, callTimeout: callTimeout, logger: logger)
        player.listeners.add { event in
            if case .problem(let line) = event { logger.warning("\(line)") }
        }
        // Before the player is on a system bus (headsetd waits for one), there is nothing to send to.
        player.object.listeners.add { [weak bridge] event in
            guard case .emitFailed(let error) = event, bridge?.isPlayerExported == true else { return }
            logger.warning("Bluetooth player: a signal could not be sent: \(error)")
        }
        guard link.state == .connected, let connection = link.connection else {
            bridge.targetChanged(to: handler.tracker.target)
            bridge.logNoBusAtStart()
            return bridge
        }
        do {
            try await bridge.attach(to: connection)
        } catch {
            logger.info("Bluetooth: cannot follow BlueZ on the system bus (\(error)); headsetd runs without it")
            link.close()
            return nil
        }
        // Nothing here waits for BlueZ or a player to answer: either may be frozen.
        bridge.targetChanged(to: handler.tracker.target)
        await bridge.findBlueZ(on: connection)
        return bridge
    }

    /// One line for `Headset1.Bluetooth` and `remotectl headset status`.
    public var summary: String {
        switch link.state {
        case .connected: break
        case .waiting:
            return "waiting for the system bus at \(link.address), which was not there when headsetd started; headsetd registers with BlueZ once it is"
        case .gaveUp where !link.hasConnected:
            return "no system bus at \(link.address), and headsetd cannot watch for it"
                + (link.unwatchable.map { ": \($0)" } ?? "") + "; restart headsetd once the bus is there"
        case .reconnecting:
            return "the system bus at \(link.address) went away; headsetd registers with BlueZ again when it is back"
        case .gaveUp:
            return "the system bus at \(link.address) went away, and headsetd cannot tell when it is back"
                + (link.lastError.map { " (\($0.message))" } ?? "") + "; restart headsetd once it is"
        }
        guard bluezOwner != nil else { return "BlueZ is not running" }
        guard !registeredAdapters.isEmpty else { return "BlueZ is running; no adapter to register with" }
        return "registered as the AVRCP player with " + registeredAdapters.sorted().joined(separator: ", ")
    }

    /// The now-playing player changed: the registered player follows it.
    func targetChanged(to target: String?) {
        Task { await player.follow(target) }
    }

    /// Leaves the system bus. BlueZ unregisters a player whose owner disconnects, so no
    /// UnregisterPlayer is needed (and none can hang a stopping headsetd).
    func stop() {
        forgetBlueZ()
        attaching?.cancel()
        attaching = nil
        link.close()
    }

    // MARK: Following BlueZ

    func subscribe(on system: DBusConnection) async throws(DBusError) {
        try await system.subscribe(
            to: MatchRule(signal: BusDaemonInterface.nameOwnerChanged, sender: BusDaemonInterface.busName, arg0: BlueZInterfaces.busName)
        ) { [weak self] message in
            let names = message.body.compactMap(\.stringValue)
            guard let self, names.count == 3 else { return }
            if !names[1].isEmpty { self.bluezVanished() }
            if !names[2].isEmpty { self.bluezAppeared(names[2]) }
        }
        // Signals are matched on BlueZ's unique name here, as it changes when BlueZ restarts.
        try await system.subscribe(to: MatchRule(signal: StandardInterfaces.interfacesAdded)) { [weak self] message in
            guard let self, message.sender == self.bluezOwner, message.body.count == 2, let path = message.body[0].stringValue,
                let interfaces = message.body[1].stringDictionaryValue
            else { return }
            self.objectAppeared(path, interfaces: interfaces)
        }
        try await system.subscribe(to: MatchRule(signal: StandardInterfaces.interfacesRemoved)) { [weak self] message in
            guard let self, message.sender == self.bluezOwner, message.body.count == 2, let path = message.body[0].stringValue else { return }
            let interfaces = message.body[1].stringArrayValue ?? []
            if interfaces.contains(BlueZInterfaces.media) {
                self.registeredAdapters.remove(path)
                self.registeringAdapters.remove(path)
            }
            if interfaces.contains(BlueZInterfaces.device) { self.devices[path] = nil }
        }
        try await system.subscribe(
            to: MatchRule(signal: StandardInterfaces.propertiesChanged, arg0: BlueZInterfaces.device)
        ) { [weak self] message in
            guard let self, message.sender == self.bluezOwner, let path = message.path, message.body.count >= 2,
                let changed = message.body[1].stringDictionaryValue
            else { return }
            self.deviceChanged(path, changed)
        }
    }

    /// BlueZ is on the bus under `owner`: lists its objects, and registers with each adapter.
    func bluezAppeared(_ owner: String) {
        guard bluezOwner != owner else { return }
        forgetBlueZ()
        bluezOwner = owner
        spawn { [weak self] in
            guard let self,
                let reply = await self.callUntilAnswered("GetManagedObjects", owner: owner, { bridge throws(DBusError) in
                    try await bridge.systemForCalls().call(BlueZInterfaces.busName, "/", StandardInterfaces.getManagedObjects, timeout: bridge.callTimeout)
                })
            else { return }
            let objects: [String: DBusValue]
            switch reply {
            case .success(let body): objects = body.first?.stringDictionaryValue ?? [:]
            case .failure(let error): return self.logger.warning("Bluetooth: BlueZ did not list its objects: \(error)")
            }
            for path in objects.keys.sorted() {
                self.objectAppeared(path, interfaces: objects[path]?.stringDictionaryValue ?? [:])
            }
            if self.registeredAdapters.isEmpty, self.registeringAdapters.isEmpty {
                self.logger.info("Bluetooth: BlueZ has no adapter yet; headsetd registers when one appears")
            }
        }
    }

    private func bluezVanished() {
        guard bluezOwner != nil else { return }
        logger.info("Bluetooth: BlueZ stopped; headsetd registers again when it is back")
        forgetBlueZ()
    }

    /// Drops what is known of the BlueZ that ran, and cancels the work for it (retries waiting).
    func forgetBlueZ() {
        bluezOwner = nil
        registeredAdapters = []
        registeringAdapters = []
        devices = [:]
        for task in work.values { task.cancel() }
        work = [:]
        listeners.announce(.changed)
    }

    /// Runs `body` as work for the BlueZ now running.
    private func spawn(_ body: @escaping @MainActor () async -> Void) {
        workCount += 1
        let number = workCount
        work[number] = Task { [weak self] in
            await body()
            self?.work[number] = nil
            self?.listeners.announce(.changed)
        }
    }

    /// Calls BlueZ until it answers: a call left unanswered for `callTimeout` is made again after
    /// `backoff`, each retry logged once at debug level. The answer, a reply or an error; nil if
    /// this BlueZ went away or headsetd stopped meanwhile.
    private func callUntilAnswered(
        _ what: String, owner: String, _ call: (BluetoothBridge) async throws(DBusError) -> [DBusValue]
    ) async -> Result<[DBusValue], DBusError>? {
        var retry = 0
        while true {
            let result: Result<[DBusValue], DBusError>
            do throws(DBusError) {
                result = .success(try await call(self))
            } catch {
                result = .failure(error)
            }
            guard bluezOwner == owner, !Task.isCancelled else { return nil }
            // The system bus went away under the call: the link says so, once.
            if case .failure(let error) = result, error.name == DBusError.disconnected("").name { return nil }
            guard case .failure(let error) = result, error.name == DBusError.noReply("").name else { return result }
            retry += 1
            let delay = backoff.delay(before: retry)
            logger.debug("Bluetooth: BlueZ did not answer \(what) within \(callTimeout); retry \(retry) in \(delay)")
            do {
                try await clock.sleep(for: delay)
            } catch {
                return nil
            }
            guard bluezOwner == owner else { return nil }
        }
    }

    private func objectAppeared(_ path: String, interfaces: [String: DBusValue]) {
        if let properties = interfaces[BlueZInterfaces.device]?.stringDictionaryValue {
            let uuids = properties[BlueZInterfaces.uuids.name]?.stringArrayValue ?? []
            devices[path] = Device(
                name: properties[BlueZInterfaces.alias.name]?.stringValue ?? properties["Name"]?.stringValue ?? path,
                isAudio: Self.isAudio(uuids),
                connected: properties[BlueZInterfaces.connected.name]?.boolValue ?? false)
        }
        if interfaces[BlueZInterfaces.media] != nil { register(with: path) }
    }

    /// Registers the player with `adapter`, once: the adapter is marked before the call, and
    /// BlueZ's `AlreadyExists` (an earlier call that timed out here but reached it) counts as
    /// registered.
    private func register(with adapter: String) {
        guard let owner = bluezOwner, !registeredAdapters.contains(adapter), !registeringAdapters.contains(adapter) else { return }
        registeringAdapters.insert(adapter)
        spawn { [weak self] in
            guard let self,
                let answer = await self.callUntilAnswered("RegisterPlayer for \(OutsideText.bareOrQuoted(adapter))", owner: owner, { bridge throws(DBusError) in
                    try await bridge.systemForCalls().call(
                        BlueZInterfaces.busName, adapter, BlueZInterfaces.registerPlayer,
                        [.objectPath(BluetoothPlayer.objectPath), bridge.player.propertyDictionary], timeout: bridge.callTimeout)
                }),
                self.registeringAdapters.remove(adapter) != nil
            else { return }
            switch answer {
            case .success:
                self.logger.info("Bluetooth: registered as the AVRCP player with \(OutsideText.bareOrQuoted(adapter))")
            case .failure(let error) where error.name == BlueZInterfaces.alreadyExists:
                self.logger.info("Bluetooth: registered as the AVRCP player with \(OutsideText.bareOrQuoted(adapter)) (BlueZ already had it)")
            case .failure(let error):
                return self.logger.warning("Bluetooth: \(OutsideText.bareOrQuoted(adapter)) refused the player: \(error)")
            }
            self.registeredAdapters.insert(adapter)
            self.handler?.object?.invalidateProperties(of: Headset1Interface.name)
        }
    }

    private func deviceChanged(_ path: String, _ changed: [String: DBusValue]) {
        var device = devices[path] ?? Device(name: path, isAudio: false, connected: false)
        if let uuids = changed[BlueZInterfaces.uuids.name]?.stringArrayValue {
            device.isAudio = Self.isAudio(uuids)
        }
        if let alias = changed[BlueZInterfaces.alias.name]?.stringValue { device.name = alias }
        let wasConnected = device.connected
        if let connected = changed[BlueZInterfaces.connected.name]?.boolValue { device.connected = connected }
        devices[path] = device
        guard device.isAudio, device.connected != wasConnected else { return }
        logger.debug("Bluetooth: \(OutsideText.bareOrQuoted(device.name)) \(device.connected ? "connected" : "disconnected")")
        if device.connected {
            handler?.plugged("Bluetooth device \(OutsideText.bareOrQuoted(device.name))")
        } else {
            handler?.unplugged("Bluetooth device \(OutsideText.bareOrQuoted(device.name))")
        }
    }
}
