// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// A player as `chapter` and `sleep` reach it: through `io.github.remotebridge.Playback1`, which
/// only remote-playerd serves. Whether a player serves it is read from its introspection (as
/// `RemoteControl1` is), so that any other player is named with the reason, rather than with
/// whatever error its D-Bus library gives for an unknown interface.
@MainActor
struct Playback1Player {
    let client: MPRISClient
    /// The name messages show (`remotebridge`).
    let name: String

    /// What asking for Playback1 came to.
    enum Lookup {
        case serves(Playback1Player)
        /// The player answered, without Playback1: the message to print.
        case lacks(String)
        case failed(DBusError)
    }

    /// Looks `busName` up; `what` says what needs it, for the message (`chapters need`, `the
    /// sleep timer needs`).
    static func lookUp(_ busName: String, on connection: DBusConnection, for what: String) async -> Lookup {
        let client = MPRISClient(connection: connection, busName: busName)
        let name = PlayerSelection.short(busName)
        let reply: [DBusValue]
        do throws(DBusError) {
            reply = try await connection.call(busName, MPRISNames.objectPath, StandardInterfaces.introspect)
        } catch {
            return .failed(error)
        }
        guard reply.first?.stringValue?.contains(Playback1Interface.name) == true else {
            return .lacks("remotectl: \(name) does not serve \(Playback1Interface.name): \(what) remote-playerd (-p remotebridge)")
        }
        return .serves(Playback1Player(client: client, name: name))
    }

    /// Every Playback1 property.
    func properties() async throws(DBusError) -> [String: DBusValue] {
        try await client.properties(of: Playback1Interface.declaration)
    }
}

extension RemoteCtl {
    /// Runs `body` on each selected player that serves Playback1; one that does not, or does not
    /// answer, is named on stderr and makes the exit status 1.
    func eachPlayback1Player(for what: String, doing action: String, _ body: (Playback1Player) async throws(DBusError) -> Int32) async -> Int32 {
        guard let players = await players() else { return 1 }
        var status: Int32 = 0
        for busName in players {
            switch await Playback1Player.lookUp(busName, on: connection, for: what) {
            case .failed(let error):
                errors(failure(error, of: busName, doing: action))
                status = 1
            case .lacks(let message):
                errors(message)
                status = 1
            case .serves(let player):
                do throws(DBusError) {
                    let result = try await body(player)
                    if result != 0 { status = result }
                } catch {
                    errors(failure(error, of: busName, doing: action))
                    status = 1
                }
            }
        }
        return status
    }

    /// A length of playing time as a clock shows it: `12:34`, or `1:02:03` from an hour on;
    /// with `hours`, always `H:MM:SS` (`0:12:34`), so that a column of them lines up.
    nonisolated static func clock(microseconds: Int64, hours alwaysHours: Bool = false) -> String {
        let seconds = max(0, microseconds) / 1_000_000
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        guard hours > 0 || alwaysHours else { return String(printf: "%ld:%02ld", minutes, rest) }
        return String(printf: "%ld:%02ld:%02ld", hours, minutes, rest)
    }
}
