// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

/// A private bus with a server connection exporting a test object, and a client connection.
@MainActor
final class DBusFixture {
    let bus: PrivateBus
    let server: DBusConnection
    let client: DBusConnection
    var object: ExportedObject!
    /// The test interface, as the object declares it.
    var declaration: DBusInterfaceDeclaration!
    var title = "first"
    var volume = 0.5
    var tracks: [String] = ["/t/1"]
    var hidden: Int64 = 0
    /// A large property, compared by `libraryGeneration` instead of its value.
    var library: [String] = ["/l/1"]
    var libraryGeneration = 0
    /// How often `Library`'s value was read.
    var libraryReads = 0
    static let interfaceName = "io.github.remotebridge.Test1"
    static let path = "/io/github/remotebridge/Test"

    init() async throws {
        bus = try PrivateBus()
        server = try await DBusConnection.connect(to: bus.address)
        client = try await DBusConnection.connect(to: bus.address)
        let interface = makeInterface()
        declaration = interface.declaration
        object = try ExportedObject(path: Self.path, interfaces: [interface])
        server.export(object)
    }

    deinit {
        bus.stop()
    }

    private func makeInterface() -> DBusInterface {
        DBusInterface(
            Self.interfaceName,
            methods: [
                DBusMethod("Echo", inputs: [DBusArgument("value", "v")], outputs: [DBusArgument("value", "v")]) { call in
                    [call.arguments[0]]
                },
                DBusMethod("Add", inputs: [DBusArgument("a", "x"), DBusArgument("b", "x")], outputs: [DBusArgument("sum", "x")]) {
                    call in
                    [.int64((call.arguments[0].int64Value ?? 0) &+ (call.arguments[1].int64Value ?? 0))]
                },
                DBusMethod("Fail", inputs: [DBusArgument("why", "s")]) { call throws(DBusError) in
                    throw DBusError(name: "io.github.remotebridge.Error.Test", message: call.arguments[0].stringValue ?? "")
                },
                DBusMethod("BadReply", outputs: [DBusArgument("path", "o")]) { _ in
                    [.objectPath("not a path")]
                },
                DBusMethod("WrongReply", outputs: [DBusArgument("n", "i")]) { _ in
                    [.string("oops")]
                },
                DBusMethod("Rename", inputs: [DBusArgument("title", "s")]) { [unowned self] call in
                    title = call.arguments[0].stringValue ?? ""
                    return []
                },
            ],
            properties: [
                DBusProperty("Title", "s") { [unowned self] in .string(title) },
                DBusProperty("Volume", "d", get: { [unowned self] in .double(volume) }) { [unowned self] value throws(DBusError) in
                    guard let level = value.doubleValue, level.isFinite else { throw .invalidArgs("volume must be a number") }
                    volume = max(0, level)
                },
                DBusProperty("Tracks", "ao", changeSignal: .invalidates) { [unowned self] in .objectPaths(tracks) },
                DBusProperty("Hidden", "x", changeSignal: .none) { [unowned self] in .int64(hidden) },
                DBusProperty(
                    DBusPropertyDeclaration(Self.interfaceName, "Library", "ao", changeSignal: .invalidates),
                    changeToken: { [unowned self] in libraryGeneration },
                    get: { [unowned self] in
                        libraryReads += 1
                        return .objectPaths(library)
                    }),
                DBusProperty("Constant", "b", changeSignal: .constant) { .bool(true) },
            ],
            signals: [Self.happened])
    }

    /// The fixture interface's one signal.
    static let happened = DBusSignalDeclaration(interfaceName, "Happened", [DBusArgument("what", "s")])

    /// Calls `member` as a peer sends it (see `sent`), so that the object's checks are what the test sees.
    func call(_ member: String, _ arguments: [DBusValue] = [], interface: String = DBusFixture.interfaceName) async throws(DBusError) -> [DBusValue] {
        try await client.call(server.uniqueName, Self.path, Self.sent(member, arguments, interface: interface), arguments)
    }

    /// `member` of the test interface (or `interface`) as a peer sends it (`DBusMethodDeclaration.asSent`).
    static func sent(_ member: String, _ arguments: [DBusValue] = [], interface: String = interfaceName) -> DBusMethodDeclaration {
        .asSent(interface, member, arguments)
    }

    /// Property `name` of the test interface as a peer has it (`DBusPropertyDeclaration.asSent`).
    static func sentProperty(_ name: String, _ value: DBusValue = .string("")) -> DBusPropertyDeclaration {
        .asSent(interfaceName, name, value)
    }

    /// The object's declaration of property `name`; a test asks only for declared ones.
    func property(_ name: String) -> DBusPropertyDeclaration {
        declaration.property(name) ?? Self.sentProperty(name)
    }

    /// Expects `body` to throw a D-Bus error with `name`, and returns its message.
    @discardableResult
    func expectError(_ name: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws(DBusError) -> Void) async -> String? {
        do throws(DBusError) {
            try await body()
            Issue.record("expected \(name), but the call succeeded", sourceLocation: sourceLocation)
        } catch {
            #expect(error.name == name, sourceLocation: sourceLocation)
            return error.message
        }
        return nil
    }
}
