import DBus
import MPRIS
import RemoteBridgeTesting
import RemoteControl
import Testing

/// A private bus with one in-memory player served over MPRIS, and a client connection.
@MainActor
final class MPRISFixture {
    let bus: TestBus
    let serverConnection: DBusConnection
    let clientConnection: DBusConnection
    let application = RemoteApplication()
    let player: InMemoryPlayer
    let controller: TestPlayerController
    let server: MPRISServer
    let busName: String
    let client: MPRISClient
    var quitCalls = 0

    init(name: String = "test", tracks: Int = 3, bus existing: TestBus? = nil) async throws {
        bus = try existing ?? TestBus()
        serverConnection = try await DBusConnection.connect(to: bus.address)
        clientConnection = try await DBusConnection.connect(to: bus.address)
        player = InMemoryPlayer(tracks: tracks)
        controller = TestPlayerController(player: player, next: application)
        application.beginReceivingRemoteControlEvents()
        controller.becomeFirstResponder()
        server = MPRISServer(
            connection: serverConnection, application: application, player: player,
            identity: .init(name: "RemoteBridge Test", desktopEntry: "remotebridge"))
        try server.start()
        busName = try await MPRISBusName.claim(name, on: serverConnection)
        client = MPRISClient(connection: clientConnection, busName: busName)
        server.onQuit = { [unowned self] in quitCalls += 1 }
    }

    deinit {
        bus.stop()
    }

    /// Waits until every signal the server sent so far has reached the client.
    func sync() async throws {
        try await clientConnection.barrier(with: serverConnection.uniqueName)
    }

    /// Records the server's signals of `member` (any interface) on the client.
    func record(_ member: String, interface: String? = nil) async throws -> SignalRecorder {
        try await SignalRecorder.start(
            on: clientConnection, MatchRule(sender: serverConnection.uniqueName, path: MPRISNames.objectPath, interface: interface, member: member))
    }

    /// Runs playerctl against this bus.
    func playerctl(_ arguments: String...) async throws -> ExternalProcess.Result {
        try await ExternalProcess.run(
            "playerctl", ["--player=\(busName.dropFirst(MPRISNames.busNamePrefix.count))"] + arguments,
            environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
    }

    /// Expects `body` to throw a D-Bus error named `name`; returns its message.
    @discardableResult
    func expectError(
        _ name: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws(DBusError) -> Void
    ) async -> String? {
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
