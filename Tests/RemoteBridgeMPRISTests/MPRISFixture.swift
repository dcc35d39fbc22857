// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgeCore
import Testing

/// A private bus with one in-memory player served over MPRIS, and a client connection.
@MainActor
final class MPRISFixture {
    let bus: PrivateBus
    let served: ServedPlayer
    let clientConnection: DBusConnection
    let client: MPRISClient
    var quitCalls = 0
    /// Woken at each call of the quit handler.
    let quits = ChangeWaiter()

    init(name: String = "test", tracks: Int = 3, bus existing: PrivateBus? = nil) async throws {
        bus = try existing ?? PrivateBus()
        served = try await ServedPlayer(
            address: bus.address, name: name, tracks: tracks, identity: .init(name: "RemoteBridge Test", desktopEntry: "remotebridge"))
        clientConnection = try await DBusConnection.connect(to: bus.address)
        client = MPRISClient(connection: clientConnection, busName: served.busName)
        served.server.listeners.add { [weak self] _ in
            self?.quitCalls += 1
            self?.quits.wake()
        }
    }

    var serverConnection: DBusConnection { served.connection }
    var application: RemoteApplication { served.application }
    var player: InMemoryPlayer { served.player }
    var controller: PlayerController { served.controller }
    var server: MPRISServer { served.server }
    var busName: String { served.busName }

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

    /// A call as a hostile or careless client sends it: declared as sent (`DBusMethodDeclaration.asSent`),
    /// so the server's own checks are what the test sees.
    func rawCall(_ interface: String, _ member: String, _ arguments: [DBusValue] = []) async throws(DBusError) -> [DBusValue] {
        try await client.connection.call(client.busName, MPRISNames.objectPath, .asSent(interface, member, arguments), arguments)
    }

    /// A Set as a hostile or careless client sends it (`DBusPropertyDeclaration.asSent`).
    func rawSet(_ interface: String, _ name: String, _ value: DBusValue) async throws(DBusError) {
        try await client.connection.setProperty(client.busName, MPRISNames.objectPath, .asSent(interface, name, value), value)
    }
}
