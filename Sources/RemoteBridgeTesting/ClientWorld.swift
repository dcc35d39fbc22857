// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeMPRIS

/// A private session bus and a private system bus, with the scripted players a test put on
/// them: the world one MPRIS client program (playerctl or remotectl) is run in.
///
/// A comparison builds two identical worlds, one for each program, so that a command that
/// changes a player (`volume 0.1+`, `shuffle toggle`) meets the same state in both, whichever
/// program runs first, and each world's players record only their own program's calls.
@MainActor
public final class ClientWorld {
    /// Which of the two buses.
    public enum Bus: Sendable {
        /// `DBUS_SESSION_BUS_ADDRESS`.
        case session
        /// `DBUS_SYSTEM_BUS_ADDRESS`.
        case system
    }

    /// The session bus.
    public let session: PrivateBus
    /// The system bus.
    public let system: PrivateBus
    /// The players added, in the order they were added.
    public private(set) var players: [ScriptedPlayer] = []

    /// Starts both buses. With `serviceDirectory`, the session bus starts the programs its
    /// `.service` files name (D-Bus activation).
    public init(serviceDirectory: String? = nil) throws {
        session = try PrivateBus(serviceDirectory: serviceDirectory)
        system = try PrivateBus()
    }

    /// Both addresses, as `ClientComparison` takes them.
    public var addresses: (session: String, system: String) { (session.address, system.address) }

    /// Puts a player named `org.mpris.MediaPlayer2.<name>` with `properties` on `bus`.
    @discardableResult
    public func addPlayer(_ name: String, on bus: Bus = .session, properties: ScriptedPlayerProperties) async throws -> ScriptedPlayer {
        let player = try await ScriptedPlayer(address: bus == .session ? session.address : system.address, name: name, properties: properties)
        players.append(player)
        return player
    }

    /// Every call each player received, one line per call prefixed by the player's bus name
    /// without the MPRIS prefix (`vlc: Play`), players in the order added.
    public var callLog: [String] {
        players.flatMap { player in
            player.calls.map { "\(player.busName.dropFirst(MPRISNames.busNamePrefix.count)): \($0)" }
        }
    }

    /// Stops both buses; players see a disconnection.
    public func stop() {
        for player in players { player.leave() }
        session.stop()
        system.stop()
    }
}
