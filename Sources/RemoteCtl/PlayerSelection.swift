import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// Chooses the player(s) a `remotectl` command talks to.
@MainActor
public struct PlayerSelection {
    /// `-p NAME[,NAME…]`: a name matches `NAME` and `NAME.instance*` (without the MPRIS prefix).
    public var names: [String] = []
    /// `-a`: every player.
    public var all = false
    /// `-i NAME`: players to leave out.
    public var ignored: [String] = []

    /// Makes a selection.
    public init(names: [String] = [], all: Bool = false, ignored: [String] = []) {
        self.names = names
        self.all = all
        self.ignored = ignored
    }

    static func short(_ busName: String) -> String {
        busName.hasPrefix(MPRISNames.busNamePrefix) ? String(busName.dropFirst(MPRISNames.busNamePrefix.count)) : busName
    }

    static func matches(_ busName: String, _ name: String) -> Bool {
        let short = short(busName)
        return short == name || short.hasPrefix(name + ".instance")
    }

    /// The players to act on, in order. Without names or `-a`, the now-playing one: headsetd's
    /// Target if it runs, else a Playing player, else a RemoteBridge player, else the first that can play.
    public func resolve(on connection: DBusConnection) async throws(DBusError) -> [String] {
        let players = try await MPRISClient.players(on: connection).filter { player in !ignored.contains { Self.matches(player, $0) } }
        if all { return players }
        if !names.isEmpty {
            return names.flatMap { name in players.filter { Self.matches($0, name) } }
        }
        // Every question goes out at once; the answers are then taken in the order of the rules.
        let statusReads = players.map { player in
            Task { try? await MPRISClient(connection: connection, busName: player).property(PlayerInterface.playbackStatus) }
        }
        if let target = try? await connection.getProperty(Headset1Interface.busName, Headset1Interface.objectPath, Headset1Interface.target)
            .stringValue, players.contains(target) {
            return [target]
        }
        var statuses: [String: DBusValue] = [:]
        for (player, read) in zip(players, statusReads) {
            statuses[player] = await read.value
        }
        if let playing = players.first(where: { statuses[$0] == .string("Playing") }) { return [playing] }
        if let ours = players.first(where: { Self.short($0).hasPrefix("remotebridge") }) { return [ours] }
        for player in players {
            if (try? await MPRISClient(connection: connection, busName: player).property(PlayerInterface.canPlay)) == .bool(true) { return [player] }
        }
        return []
    }
}
