// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

/// A reply handed to the connection reaches the caller even when the connection closes right
/// after: the case of MPRIS Quit, which answers and then leaves the bus.
@Suite("replies before close")
@MainActor
struct ReplyBeforeCloseTests {
    /// Larger than a socket takes in one write, so most of it waits in libdbus's outgoing queue.
    static let largeText = String(repeating: "x", count: 8 << 20)
    /// `Bye() → s text`, the server's one method.
    static let byeMethod = DBusMethodDeclaration("io.github.remotebridge.Test1", "Bye", outputs: [DBusArgument("text", "s")])

    /// A bus, a server exporting `Bye` (which answers `largeText`, then does `then` with the call
    /// and the server's connection), and a client.
    static func serve(
        then: @escaping @MainActor @Sendable (DBusMethodCall, DBusConnection) -> Void
    ) async throws -> (PrivateBus, DBusConnection, DBusConnection) {
        let bus = try PrivateBus()
        let server = try await DBusConnection.connect(to: bus.address)
        let client = try await DBusConnection.connect(to: bus.address)
        let object = try ExportedObject(
            path: "/io/github/remotebridge/Test",
            interfaces: [
                DBusInterface(
                    DBusInterfaceDeclaration(byeMethod.interface, methods: [byeMethod]),
                    methods: [
                        DBusMethod(byeMethod) { [weak server] call in
                            if let server { then(call, server) }
                            return [.string(largeText)]
                        }
                    ])
            ])
        server.export(object)
        return (bus, server, client)
    }

    /// Calls `Bye` on `server` from `client`.
    static func bye(_ client: DBusConnection, _ server: DBusConnection) async throws(DBusError) -> [DBusValue] {
        try await client.call(server.uniqueName, "/io/github/remotebridge/Test", byeMethod)
    }

    @Test("a connection closed just after a large reply was handed over writes it out first")
    func closeWritesPendingReplies() async throws {
        let (bus, server, client) = try await Self.serve { _, server in
            // Closed on the next main-actor turn: after the reply is handed over, before it is written.
            Task { @MainActor in server.close() }
        }
        defer { bus.stop() }
        let reply = try await Self.bye(client, server)
        #expect(reply.first?.stringValue?.utf8.count == Self.largeText.utf8.count)
    }

    @Test("afterReply runs once the reply is on the bus, so it may close the connection")
    func afterReply() async throws {
        let (bus, server, client) = try await Self.serve { call, server in
            call.afterReply { server.close() }
        }
        defer { bus.stop() }
        let gone = try await SignalRecorder.start(
            on: client, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: server.uniqueName))
        let reply = try await Self.bye(client, server)
        #expect(reply.first?.stringValue?.utf8.count == Self.largeText.utf8.count)
        #expect(await gone.waitFor(count: 1), "the work after the reply never closed the connection")
        #expect(server.isClosed)
    }
}
