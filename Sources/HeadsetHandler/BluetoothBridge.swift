import RemoteBridgeDBus
import Glibc
import Logging
import RemoteBridgeMPRIS
import RemoteBridgeText

/// headsetd's side of BlueZ, on the system bus: it registers one `BluetoothPlayer` with each
/// adapter's `org.bluez.Media1`, so a headset or car stereo sees the now-playing player's state
/// and track, and it pauses when an audio device's `org.bluez.Device1.Connected` turns false.
///
/// It follows BlueZ: adapters that appear are registered with, and a BlueZ that restarts is
/// registered with again. It claims no name on the system bus. Without a system bus, or
/// without BlueZ, it says so once at info level and headsetd runs on without it.
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

    let system: DBusConnection
    let player: BluetoothPlayer
    private weak var handler: HeadsetHandler?
    private let logger: Logger
    private var bluezOwner: String?
    /// The adapters the player is registered with.
    public private(set) var registeredAdapters: Set<String> = []
    private var devices: [String: Device] = [:]
    /// How long a call to BlueZ may take.
    var callTimeout: Duration = .seconds(5)

    private init(system: DBusConnection, player: BluetoothPlayer, handler: HeadsetHandler, logger: Logger) {
        self.system = system
        self.player = player
        self.handler = handler
        self.logger = logger
    }

    /// The system bus address: `DBUS_SYSTEM_BUS_ADDRESS`, else the standard socket.
    static var systemBusAddress: String {
        if let address = getenv("DBUS_SYSTEM_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty { return address }
        return "unix:path=/run/dbus/system_bus_socket"
    }

    /// Connects to the system bus and starts following BlueZ; nil (logged once) when there is
    /// no system bus to be had.
    static func start(systemBusAddress: String?, handler: HeadsetHandler, logger: Logger) async -> BluetoothBridge? {
        let address = systemBusAddress ?? Self.systemBusAddress
        let system: DBusConnection
        let player: BluetoothPlayer
        do {
            system = try await DBusConnection.connect(to: address)
            player = try BluetoothPlayer(session: handler.connection)
        } catch {
            logger.info("Bluetooth: no system bus at \(address) (\(error)); headsetd runs without BlueZ")
            return nil
        }
        let bridge = BluetoothBridge(system: system, player: player, handler: handler, logger: logger)
        player.onProblem = { logger.warning("\($0)") }
        player.object.onEmitFailure = { logger.warning("Bluetooth player: a signal could not be sent: \($0)") }
        system.export(player.object)
        do {
            try await bridge.subscribe()
        } catch {
            logger.info("Bluetooth: cannot follow BlueZ on the system bus (\(error)); headsetd runs without it")
            system.close()
            return nil
        }
        // Nothing here waits for BlueZ or a player to answer: either may be frozen.
        bridge.targetChanged(to: handler.tracker.target)
        if let owner = await system.nameOwner(BlueZInterfaces.busName) {
            Task { await bridge.bluezAppeared(owner) }
        } else {
            logger.info("Bluetooth: BlueZ is not running; headsetd registers with it when it starts")
        }
        return bridge
    }

    /// One line for `Headset1.Bluetooth` and `remotectl headset status`.
    public var summary: String {
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
        registeredAdapters = []
        system.close()
    }

    // MARK: Following BlueZ

    private func subscribe() async throws(DBusError) {
        try await system.subscribe(
            to: MatchRule(signal: StandardInterfaces.nameOwnerChanged, sender: StandardInterfaces.bus, arg0: BlueZInterfaces.busName)
        ) { [weak self] message in
            let names = message.body.compactMap(\.stringValue)
            guard let self, names.count == 3 else { return }
            if !names[1].isEmpty { self.bluezVanished() }
            if !names[2].isEmpty { Task { await self.bluezAppeared(names[2]) } }
        }
        // Signals are matched on BlueZ's unique name here, as it changes when BlueZ restarts.
        try await system.subscribe(to: MatchRule(signal: StandardInterfaces.interfacesAdded)) { [weak self] message in
            guard let self, message.sender == self.bluezOwner, message.body.count == 2, let path = message.body[0].stringValue,
                let interfaces = message.body[1].stringDictionaryValue
            else { return }
            Task { await self.objectAppeared(path, interfaces: interfaces) }
        }
        try await system.subscribe(to: MatchRule(signal: StandardInterfaces.interfacesRemoved)) { [weak self] message in
            guard let self, message.sender == self.bluezOwner, message.body.count == 2, let path = message.body[0].stringValue else { return }
            let interfaces = message.body[1].stringArrayValue ?? []
            if interfaces.contains(BlueZInterfaces.media) { self.registeredAdapters.remove(path) }
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

    private func bluezAppeared(_ owner: String) async {
        guard bluezOwner != owner else { return }
        bluezOwner = owner
        registeredAdapters = []
        devices = [:]
        let reply: [DBusValue]
        do throws(DBusError) {
            reply = try await system.call(BlueZInterfaces.busName, "/", StandardInterfaces.getManagedObjects, timeout: callTimeout)
        } catch {
            logger.warning("Bluetooth: BlueZ did not list its objects: \(error)")
            return
        }
        guard bluezOwner == owner else { return }
        let objects = reply.first?.stringDictionaryValue ?? [:]
        for path in objects.keys.sorted() {
            await objectAppeared(path, interfaces: objects[path]?.stringDictionaryValue ?? [:])
        }
        if registeredAdapters.isEmpty { logger.info("Bluetooth: BlueZ has no adapter yet; headsetd registers when one appears") }
    }

    private func bluezVanished() {
        guard bluezOwner != nil else { return }
        logger.info("Bluetooth: BlueZ stopped; headsetd registers again when it is back")
        bluezOwner = nil
        registeredAdapters = []
        devices = [:]
    }

    private func objectAppeared(_ path: String, interfaces: [String: DBusValue]) async {
        if let properties = interfaces[BlueZInterfaces.device]?.stringDictionaryValue {
            let uuids = properties[BlueZInterfaces.uuids.name]?.stringArrayValue ?? []
            devices[path] = Device(
                name: properties[BlueZInterfaces.alias.name]?.stringValue ?? properties["Name"]?.stringValue ?? path,
                isAudio: Self.isAudio(uuids),
                connected: properties[BlueZInterfaces.connected.name]?.boolValue ?? false)
        }
        if interfaces[BlueZInterfaces.media] != nil { await register(with: path) }
    }

    private func register(with adapter: String) async {
        guard !registeredAdapters.contains(adapter) else { return }
        do throws(DBusError) {
            _ = try await system.call(
                BlueZInterfaces.busName, adapter, BlueZInterfaces.registerPlayer, [.objectPath(BluetoothPlayer.objectPath), player.propertyDictionary],
                timeout: callTimeout)
            registeredAdapters.insert(adapter)
            logger.info("Bluetooth: registered as the AVRCP player with \(OutsideText.bareOrQuoted(adapter))")
            handler?.object?.invalidateProperties(of: HeadsetHandler.interfaceName)
        } catch {
            logger.warning("Bluetooth: \(OutsideText.bareOrQuoted(adapter)) refused the player: \(error)")
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
