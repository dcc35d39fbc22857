// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// A stand-in for BlueZ on a private bus that plays the system bus: `org.bluez` with an
/// ObjectManager at `/`, adapters with `org.bluez.Media1` (recording RegisterPlayer), and
/// devices with `org.bluez.Device1` (Connected, UUIDs, Alias) whose connection the test flips.
/// (BlueZ itself cannot run here: there is no Bluetooth hardware and no system D-Bus.)
@MainActor
public final class FakeBlueZ {
    /// One RegisterPlayer call.
    public struct Registration: Sendable {
        /// The unique name that registered.
        public var sender: String
        /// The adapter it registered with.
        public var adapter: String
        /// The player object's path.
        public var player: String
        /// The properties it gave.
        public var properties: [String: DBusValue]
    }

    /// UUIDs of an audio headset: A2DP sink, AVRCP target and controller, hands-free.
    public static let headsetUUIDs = [
        "0000110b-0000-1000-8000-00805f9b34fb", "0000110c-0000-1000-8000-00805f9b34fb", "0000110e-0000-1000-8000-00805f9b34fb",
        "0000111e-0000-1000-8000-00805f9b34fb",
    ]
    /// UUIDs of a keyboard: HID only.
    public static let keyboardUUIDs = ["00001124-0000-1000-8000-00805f9b34fb"]

    /// BlueZ's connection.
    public let connection: DBusConnection
    /// Every RegisterPlayer call accepted, in order.
    public private(set) var registrations: [Registration] = []
    /// RegisterPlayer calls refused with `org.bluez.Error.AlreadyExists`, as BlueZ refuses a
    /// player that the same connection registered with the same adapter already.
    public private(set) var refusedRegistrations = 0
    /// Told when GetManagedObjects is asked, before the list is made: an adapter added by a
    /// listener is announced (InterfacesAdded) while the list is on its way, and named in it too.
    public let listings = Listeners<Void>()
    private var root: ExportedObject?
    private var objects: [String: (object: ExportedObject, interface: String, properties: () -> [(String, DBusValue)])] = [:]
    private var devices: [String: (uuids: [String], connected: Bool, alias: String)] = [:]
    private let registered = ChangeWaiter()

    /// Starts BlueZ on the bus at `address` with these adapters, owning `org.bluez`.
    public init(address: String, adapters: [String] = ["/org/bluez/hci0"]) async throws {
        connection = try await DBusConnection.connect(to: address)
        let manager = DBusInterface(
            StandardInterfaces.objectManagerDeclaration,
            methods: [
                DBusMethod(StandardInterfaces.getManagedObjects) { [weak self] _ in
                    self?.listings.announce(())
                    return [self?.managedObjects() ?? .dictionary(keySignature: "o", valueSignature: "a{sa{sv}}", [])]
                }
            ])
        let root = try ExportedObject(path: "/", interfaces: [manager])
        connection.export(root)
        self.root = root
        for adapter in adapters { try addAdapter(adapter, announce: false) }
        guard case .primaryOwner = try await connection.requestName(BlueZInterfaces.busName) else {
            throw TestSupportError(description: "org.bluez is taken on the test bus")
        }
    }

    /// Stops this BlueZ: its name and objects leave the bus.
    public func close() {
        connection.close()
    }

    /// Waits until `count` RegisterPlayer calls have been made in all; false if `limit` passed
    /// first (a guard against a hung test, which then fails instead of hanging).
    public func waitForRegistrations(_ count: Int, limit: Duration = .seconds(10)) async -> Bool {
        await registered.until(limit: limit) { registrations.count >= count }
    }

    /// Adds an adapter with `org.bluez.Media1`, announcing it with InterfacesAdded.
    public func addAdapter(_ path: String, announce: Bool = true) throws {
        let media = DBusInterface(
            BlueZInterfaces.mediaDeclaration,
            methods: [
                DBusMethod(BlueZInterfaces.registerPlayer) { [weak self] call throws(DBusError) in
                    try self?.registered(call, adapter: path)
                    return []
                },
                DBusMethod(BlueZInterfaces.unregisterPlayer) { _ in [] },
            ])
        let object = try ExportedObject(path: path, interfaces: [media])
        connection.export(object)
        objects[path] = (object, BlueZInterfaces.media, { [] })
        if announce { try self.announce(path) }
    }

    /// Adds a device with `org.bluez.Device1`, announcing it with InterfacesAdded.
    public func addDevice(_ path: String, alias: String, uuids: [String], connected: Bool, announce: Bool = true) throws {
        devices[path] = (uuids, connected, alias)
        let device = DBusInterface(
            BlueZInterfaces.deviceDeclaration,
            properties: [
                DBusProperty(BlueZInterfaces.connected) { [weak self] in .bool(self?.devices[path]?.connected ?? false) },
                DBusProperty(BlueZInterfaces.uuids) { [weak self] in .strings(self?.devices[path]?.uuids ?? []) },
                DBusProperty(BlueZInterfaces.alias) { [weak self] in .string(self?.devices[path]?.alias ?? "") },
            ])
        let object = try ExportedObject(path: path, interfaces: [device])
        connection.export(object)
        objects[path] = (object, BlueZInterfaces.device, { [weak self] in
            guard let state = self?.devices[path] else { return [] }
            return [("Connected", .bool(state.connected)), ("UUIDs", .strings(state.uuids)), ("Alias", .string(state.alias))]
        })
        if announce { try self.announce(path) }
    }

    /// Connects or disconnects a device: PropertiesChanged on `org.bluez.Device1`.
    public func setConnected(_ path: String, _ connected: Bool) {
        devices[path]?.connected = connected
        objects[path]?.object.invalidateProperties(of: BlueZInterfaces.device)
    }

    /// Calls a method of the registered player, as BlueZ does when the headset sends a command.
    public func callPlayer(_ registration: Registration, _ method: DBusMethodDeclaration, _ arguments: [DBusValue] = []) async throws(DBusError) -> [DBusValue] {
        try await connection.call(registration.sender, registration.player, method, arguments)
    }

    /// Reads a property of the registered player, as BlueZ does for the headset.
    public func playerProperty(_ registration: Registration, _ property: DBusPropertyDeclaration) async throws(DBusError) -> DBusValue {
        try await connection.getProperty(registration.sender, registration.player, property)
    }

    private func registered(_ call: DBusMethodCall, adapter: String) throws(DBusError) {
        let registration = Registration(
            sender: call.sender ?? "", adapter: adapter, player: try call.string("player"), properties: try call.dictionary("properties"))
        if registrations.contains(where: { ($0.sender, $0.adapter, $0.player) == (registration.sender, adapter, registration.player) }) {
            refusedRegistrations += 1
            throw DBusError(name: BlueZInterfaces.alreadyExists, message: "Already Exists")
        }
        registrations.append(registration)
        registered.wake()
    }

    private func interfaces(of path: String) -> DBusValue {
        guard let entry = objects[path] else { return .dictionary(keySignature: "s", valueSignature: "a{sv}", []) }
        return .dictionary(
            keySignature: "s", valueSignature: "a{sv}",
            [.init(key: .string(entry.interface), value: .stringVariantDictionary(entry.properties()))])
    }

    private func managedObjects() -> DBusValue {
        .dictionary(
            keySignature: "o", valueSignature: "a{sa{sv}}",
            objects.keys.sorted().map { .init(key: .objectPath($0), value: interfaces(of: $0)) })
    }

    private func announce(_ path: String) throws {
        try root?.emit(StandardInterfaces.interfacesAdded, [.objectPath(path), interfaces(of: path)])
    }
}
