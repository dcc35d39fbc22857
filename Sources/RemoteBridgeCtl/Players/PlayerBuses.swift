// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// The buses players are found on, as playerctl looks: the session bus, then the system bus
/// (where spotifyd or MPD's MPRIS bridge run as services). With `--bus`, that one bus alone.
@MainActor
public struct PlayerBuses {
    /// The session bus, or the bus `--bus` named.
    public let session: DBusConnection
    /// The system bus, when there is one to reach and `--bus` was not given.
    public let system: DBusConnection?

    /// Buses already connected, as tests make them.
    public init(session: DBusConnection, system: DBusConnection? = nil) {
        self.session = session
        self.system = system
    }

    /// The system bus address: `DBUS_SYSTEM_BUS_ADDRESS`, else the standard socket.
    public static var systemBusAddress: String { DBusAddress.systemBus }

    /// Connects to `bus` alone, or to the session bus and (if it answers) the system bus, both
    /// at once. A system bus that is not there is no error, as in playerctl.
    public static func connect(bus: String?, timeout: Duration) async throws(DBusError) -> PlayerBuses {
        if let bus {
            let connection = try await DBusConnection.connect(to: bus)
            connection.callTimeout = timeout
            return PlayerBuses(session: connection)
        }
        async let system = try? DBusConnection.connect(to: systemBusAddress)
        let session = try await DBusConnection.connect(to: nil)
        session.callTimeout = timeout
        let systemConnection = await system
        systemConnection?.callTimeout = timeout
        return PlayerBuses(session: session, system: systemConnection)
    }

    /// The connection for players from `source`.
    public func connection(for source: PlayerName.Source) -> DBusConnection {
        switch source {
        case .session: session
        case .system: system ?? session
        }
    }

    /// Every MPRIS player, as playerctl lists them: the session bus's, then the system bus's;
    /// on each, in playerctld's order of activity if playerctld runs there, else sorted.
    public func playerNames() async throws(DBusError) -> [PlayerName] {
        async let systemNames = Self.names(on: system, source: .system)
        let sessionNames = try await Self.names(on: session, source: .session) ?? []
        return sessionNames + ((try? await systemNames) ?? nil ?? [])
    }

    private static func names(on connection: DBusConnection?, source: PlayerName.Source) async throws(DBusError) -> [PlayerName]? {
        guard let connection else { return nil }
        return try await MPRISClient.playersInPlayerctlOrder(on: connection)
            .map { PlayerName(instance: String($0.dropFirst(MPRISNames.busNamePrefix.count)), source: source) }
    }
}
