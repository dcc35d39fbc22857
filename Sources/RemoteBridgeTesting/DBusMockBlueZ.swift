// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// BlueZ as python3-dbusmock's `bluez5` template plays it, on a private bus that stands in for
/// the system bus. The template has no `org.bluez.Media1.RegisterPlayer`, so each adapter gets
/// it at run time, through dbusmock's own `org.freedesktop.DBus.Mock` interface, answering a
/// second registration of the same player with `org.bluez.Error.AlreadyExists` as BlueZ does.
///
/// Devices (`addDevice`) and other objects (`addObject`, a phone's `org.bluez.MediaPlayer1` for
/// `MPRISProxyBed`) come and go announced by the ObjectManager's signals, as BlueZ announces them,
/// and change their properties with PropertiesChanged (`setProperty`).
///
/// It is a process of its own, so a test can freeze it (SIGSTOP): a BlueZ too busy to answer,
/// as bluetoothd is while it starts at boot.
@MainActor
public final class DBusMockBlueZ {
    /// The Python that has python3-dbusmock (Debian's, whatever `python3` is first on PATH).
    public static let python = "/usr/bin/python3"
    /// The dbusmock process (killed with this value).
    public let process: DaemonProcess
    /// The test's own connection to the bus.
    public let connection: DBusConnection
    /// Every method called on the mock (dbusmock's `MethodCalled`), in order.
    private let calls: SignalRecorder

    /// Starts the mock on the bus at `address` and waits until it owns `org.bluez`.
    public init(address: String) async throws {
        process = try await DaemonProcess(
            executable: Self.python, ["-m", "dbusmock", "--template", "bluez5", "--system"],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": address])
        connection = try await DBusConnection.connect(to: address)
        guard try await process.waitForName(BlueZInterfaces.busName, on: connection) else {
            throw TestSupportError(description: "python3-dbusmock's bluez5 did not start (apt-get install python3-dbusmock): \(process.standardError)")
        }
        calls = try await SignalRecorder.start(on: connection, MatchRule(signal: DBusMockInterface.methodCalled))
    }

    /// Adds the adapter `/org/bluez/<name>` with `org.bluez.Media1` (RegisterPlayer and
    /// UnregisterPlayer), without announcing Media1. With `slowFirstRegistration`, the first
    /// RegisterPlayer takes that long to answer (the whole mock waits), and registers.
    @discardableResult
    public func addAdapter(_ name: String, slowFirstRegistration: Duration? = nil) async throws -> String {
        let path = try await connection.call(BlueZInterfaces.busName, "/", DBusMockInterface.addAdapter, [.string(name), .string("RemoteBridge test")])
            .first?.stringValue ?? "/org/bluez/\(name)"
        // A property makes Media1 one of the adapter's interfaces in GetManagedObjects.
        try await mock(path, DBusMockInterface.addProperty, [.string(BlueZInterfaces.media), .string("SupportedUUIDs"), .variant(.strings([]))])
        let slow = slowFirstRegistration.map { "if not getattr(self, 'slowed', False):\n    self.slowed = True\n    time.sleep(\(Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18))\n" } ?? ""
        let register = slow + """
            if args[0] in getattr(self, 'players', set()):
                raise dbus.exceptions.DBusException('Already Exists', name='\(BlueZInterfaces.alreadyExists)')
            self.players = getattr(self, 'players', set()) | {args[0]}
            """
        try await addMethod(BlueZInterfaces.registerPlayer, at: path, code: register)
        try await addMethod(BlueZInterfaces.unregisterPlayer, at: path, code: "")
        return path
    }

    /// Makes the next GetManagedObjects announce `adapter` with InterfacesAdded before it
    /// answers (the reply names it too): an adapter that BlueZ announces while a client waits
    /// for the list.
    public func announceWhileListing(_ adapter: String) async throws {
        let code = """
            if not getattr(self, 'announced', False):
                self.announced = True
                self.EmitSignal('\(StandardInterfaces.objectManager)', 'InterfacesAdded', 'oa{sa{sv}}', [dbus.ObjectPath('\(adapter)'), objects['\(adapter)'].props])
            ret = {dbus.ObjectPath(k): objects[k].props for k in objects.keys() if k != '/'}
            """
        try await addMethod(StandardInterfaces.getManagedObjects, at: "/", code: code)
    }

    /// The RegisterPlayer calls `adapter` has received so far (answered or not).
    public func registerPlayerCalls(_ adapter: String) -> Int {
        calls(of: BlueZInterfaces.registerPlayer.name, at: adapter).count
    }

    /// Waits until `adapter` has received `count` RegisterPlayer calls; false after 10 s.
    public func waitForRegisterPlayerCalls(_ adapter: String, count: Int) async -> Bool {
        await waitForCalls(of: BlueZInterfaces.registerPlayer.name, at: adapter, count: count)
    }

    /// The arguments of each call of the method named `method` that the mock object at `path`
    /// has received so far (answered or not), in order: dbusmock's `MethodCalled`, sent for the
    /// methods a template or `AddMethod` gave (GetManagedObjects on `/`, RegisterPlayer, …),
    /// not for the standard Properties methods.
    public func calls(of method: String, at path: String) -> [[DBusValue]] {
        calls.messages.compactMap { message in
            guard message.path == path, message.body.first?.stringValue == method else { return nil }
            return (message.body.dropFirst().first?.arrayValue ?? []).map(\.unwrapped)
        }
    }

    /// Waits until the mock object at `path` has received `count` calls of `method`; false if
    /// `limit` passed first (a guard against a hung test).
    public func waitForCalls(of method: String, at path: String, count: Int, limit: Duration = .seconds(10)) async -> Bool {
        await calls.until(limit: limit) { self.calls(of: method, at: path).count >= count }
    }

    // MARK: Devices and their players

    /// Adds the device `/org/bluez/<adapter>/dev_XX_XX_XX_XX_XX_XX` (`org.bluez.Device1` with
    /// `address` and `alias`, its Name the alias too, paired and connected false) by the bluez5
    /// template's AddDevice, which announces it (InterfacesAdded). Returns its path.
    @discardableResult
    public func addDevice(adapter: String = "hci0", address: String, alias: String) async throws -> String {
        let reply = try await connection.call(BlueZInterfaces.busName, "/", DBusMockInterface.addDevice, [.string(adapter), .string(address), .string(alias)])
        return reply.first?.stringValue ?? "/org/bluez/\(adapter)/dev_" + address.replacingOccurrences(of: ":", with: "_").uppercased()
    }

    /// Adds a mock object at `path` with `interface` and these `properties`, and announces it
    /// with InterfacesAdded from `/` naming every property, as BlueZ announces a phone's AVRCP
    /// player (`org.bluez.MediaPlayer1`). A client that builds its objects from the signal (BlueZ's
    /// own tools do) sees only what the signal names. Each of `methods` (no arguments, no
    /// reply value) is answered at once and recorded (`calls(of:at:)`).
    public func addObject(_ path: String, interface: String, properties: [(String, DBusValue)], methods: [String] = []) async throws {
        let values = DBusValue.stringVariantDictionary(properties)
        let answered = methods.map { DBusValue.structure([.string($0), .string(""), .string(""), .string("")]) }
        try await mock("/", DBusMockInterface.addObject, [.string(path), .string(interface), values, .array(elementSignature: "(ssss)", answered)])
        let interfaces = DBusValue.dictionary(keySignature: "s", valueSignature: "a{sv}", [DBusValue.DictionaryEntry(key: .string(interface), value: values)])
        try await emit(StandardInterfaces.interfacesAdded, [.objectPath(path), interfaces])
    }

    /// Sets the property `name` of `interface` on the mock object at `path`, and the mock sends
    /// PropertiesChanged for it, as BlueZ does for a phone's player (`Status`, `Track`). Through
    /// the standard Properties.Set on the mock object, which dbusmock answers for any property
    /// it has: dbusmock's own UpdateProperties cannot send a dictionary (`Track`) in 0.28.
    public func setProperty(_ path: String, _ interface: String, _ name: String, _ value: DBusValue) async throws {
        _ = try await connection.call(BlueZInterfaces.busName, path, StandardInterfaces.set, [.string(interface), .string(name), .variant(value)])
    }

    /// Gives the mock object at `path` the property `name` of `interface`, announced by nothing
    /// (no PropertiesChanged): `setProperty` then changes it, and announces that.
    public func addProperty(_ path: String, _ interface: String, _ name: String, _ value: DBusValue) async throws {
        try await mock(path, DBusMockInterface.addProperty, [.string(interface), .string(name), .variant(value)])
    }

    /// Removes the mock object at `path` and announces it with InterfacesRemoved from `/`,
    /// naming `interfaces`, as BlueZ does when a phone's player goes (it disconnects, or its
    /// player app quits).
    public func removeObject(_ path: String, interfaces: [String]) async throws {
        try await mock("/", DBusMockInterface.removeObject, [.string(path)])
        try await emit(StandardInterfaces.interfacesRemoved, [.objectPath(path), .strings(interfaces)])
    }

    /// Has the mock send `signal` from `/` (the ObjectManager's path) with `arguments`.
    private func emit(_ signal: DBusSignalDeclaration, _ arguments: [DBusValue]) async throws {
        try await mock(
            "/", DBusMockInterface.emitSignal,
            [.string(signal.interface), .string(signal.name), .string(signal.signature), .array(elementSignature: "v", arguments.map { .variant($0) })])
    }

    /// A round trip to the mock: every call sent to it before has been received.
    public func barrier() async throws {
        try await connection.barrier(with: BlueZInterfaces.busName)
    }

    /// Freezes the mock (SIGSTOP): calls to it go unanswered until `thaw()`.
    public func freeze() async {
        await process.freeze()
    }

    /// Lets a frozen mock run again (SIGCONT); it answers the calls that waited.
    public func thaw() {
        process.send(SIGCONT)
    }

    /// Gives the mock object at `path` the declared `method`, its body the Python `code`.
    private func addMethod(_ method: DBusMethodDeclaration, at path: String, code: String) async throws {
        try await mock(
            path, DBusMockInterface.addMethod,
            [.string(method.interface), .string(method.name), .string(method.inputSignature), .string(method.outputSignature), .string(code)])
    }

    /// Calls dbusmock's own interface on the mock object at `path`.
    private func mock(_ path: String, _ method: DBusMethodDeclaration, _ arguments: [DBusValue]) async throws {
        _ = try await connection.call(BlueZInterfaces.busName, path, method, arguments)
    }
}
