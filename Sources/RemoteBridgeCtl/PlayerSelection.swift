// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// Chooses the player(s) a `remotectl` command talks to, by playerctl's rules, with one
/// addition: with no `-p`, the now-playing player comes first.
///
/// - `-p a,b`: players named by `a` come before those named by `b`; `%any` stands for every
///   player no other name names, at its place; a name `vlc` names `vlc` and `vlc.<anything>`.
/// - `-i a,b`: those players are left out (`-i` wins over `-p`).
/// - `-p playerctld` (exactly) when playerctld is not running: it is tried anyway, so that the
///   bus starts it (D-Bus activation), as playerctl does.
/// - no `-p`: headsetd's target if headsetd runs, else a Playing player, else a RemoteBridge
///   player, else the rest in playerctl's order (the session bus's players sorted, then the
///   system bus's).
@MainActor
public struct PlayerSelection {
    /// `-p`: names in order of priority.
    public var names: [String] = []
    /// `-a`: every player.
    public var all = false
    /// `-i`: names to leave out.
    public var ignored: [String] = []

    /// Makes a selection.
    public init(names: [String] = [], all: Bool = false, ignored: [String] = []) {
        self.names = names
        self.all = all
        self.ignored = ignored
    }

    /// The name clients are shown: the bus name without the MPRIS prefix.
    static func short(_ busName: String) -> String {
        busName.hasPrefix(MPRISNames.busNamePrefix) ? String(busName.dropFirst(MPRISNames.busNamePrefix.count)) : busName
    }

    /// Whether a player with instance name `instance` is selected (playerctl's `name_is_selected`).
    public func selects(_ instance: String) -> Bool {
        if ignored.contains(where: { PlayerName.pattern($0, names: instance) }) { return false }
        return names.isEmpty || names.contains { PlayerName.pattern($0, names: instance) }
    }

    /// The selected players, in the order commands try them.
    public func candidates(on buses: PlayerBuses) async throws(DBusError) -> [PlayerName] {
        let (players, nowPlaying) = try await ranked(on: buses)
        guard let nowPlaying else { return players }
        return [nowPlaying] + players.filter { $0 != nowPlaying }
    }

    /// The selected players in playerctl's order, and the now-playing one apart (nil with `-p`
    /// or `-a`, or when none is): `--follow` orders them its own way.
    func ranked(on buses: PlayerBuses) async throws(DBusError) -> (players: [PlayerName], nowPlaying: PlayerName?) {
        var players = PlayerName.ordered(try await buses.playerNames(), by: names)
        let playerctld = PlayerName(instance: "playerctld", source: .session)
        if names.contains(playerctld.instance), selects(playerctld.instance), !players.contains(playerctld) {
            players = PlayerName.ordered(players + [playerctld], by: names)
        }
        players = players.filter { selects($0.instance) }
        guard names.isEmpty, !all else { return (players, nil) }
        return (players, await nowPlaying(among: players, on: buses))
    }

    /// The bus names a command on the session bus `connection` acts on: every selected player
    /// with `-a`, else the first.
    public func resolve(on connection: DBusConnection) async throws(DBusError) -> [String] {
        let players = try await candidates(on: PlayerBuses(session: connection)).map(\.busName)
        return all ? players : Array(players.prefix(1))
    }

    /// The now-playing player: headsetd's Target if it runs, else a Playing player, else a
    /// RemoteBridge player; nil to keep playerctl's order.
    private func nowPlaying(among players: [PlayerName], on buses: PlayerBuses) async -> PlayerName? {
        guard players.count > 1 else { return nil }
        // Every question goes out at once; the answers are then taken in the order of the rules.
        let statusReads = players.map { player in
            Task {
                try? await MPRISClient(connection: buses.connection(for: player.source), busName: player.busName)
                    .property(PlayerInterface.playbackStatus)
            }
        }
        if let target = try? await buses.session.getProperty(Headset1Interface.busName, Headset1Interface.objectPath, Headset1Interface.target)
            .stringValue, let player = players.first(where: { $0.source == .session && $0.busName == target })
        {
            return player
        }
        for (player, read) in zip(players, statusReads) where await read.value == .string(PlaybackStatus.playing.rawValue) {
            return player
        }
        return players.first { $0.source == .session && $0.instance.hasPrefix("remotebridge") }
    }
}
