// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgeDBus

/// Decides which MPRIS player is "now playing", the way iOS decides the Now Playing app.
///
/// - The player that most recently *started playing* is the now-playing player. Starting means
///   PlaybackStatus Playing **with a current track** (see `TrackPresence`): an idle player that
///   claims Playing with nothing loaded (mpv with mpv-mpris, `--idle`) does not count until
///   its Metadata names a track. A repeated PropertiesChanged that says Playing again changes
///   nothing (a known playerctld pitfall).
/// - It stays now playing while paused or stopped, until another player starts playing.
/// - When it leaves the bus, the most recent of the others to have played takes over.
/// - `target` is who should receive a button press: the now-playing player, or if no player has
///   played yet, the player that appeared last.
/// - A Bluetooth device's own player (a phone's, put on the bus by `mpris-proxy`: see
///   `DevicePlayers`) takes part only while it plays (by its status: it may have no track
///   data): it never becomes the target by having appeared last, and once it pauses or stops,
///   the press goes back to this computer's players. Connecting a phone does not take the
///   headset's button away from the desktop.
///
/// Players are asked for their state in parallel, each with `queryTimeout`, and `start()` does
/// not wait for the answers: a frozen player delays no one.
@MainActor
public final class NowPlayingTracker {
    /// What the tracker knows of one player.
    public struct Player: Sendable, Equatable {
        /// The well-known bus name (`org.mpris.MediaPlayer2.vlc`).
        public var busName: String
        /// The unique name that owns it.
        public var owner: String
        /// The last PlaybackStatus seen.
        public var status: PlaybackStatus
        /// Whether its last Metadata named a current track.
        public var hasTrack: Bool
        /// When it last started playing, as a sequence number; nil if never seen playing.
        public var lastStartedPlaying: UInt64?
        /// When it appeared, as a sequence number.
        public var appeared: UInt64
        /// Whether it is a Bluetooth device's own player (`DevicePlayers`).
        public var isDevicePlayer = false
        /// The properties its PropertiesChanged have told us: newer than the first query's
        /// answer, which may be handled after them.
        var heard: Set<String> = []

        /// Playing, with a track.
        public var isPlayingTrack: Bool { status == .playing && hasTrack }

        /// What counts as playing for the choice of target: Playing with a track (an idle player
        /// may say Playing with nothing loaded); a device's own player by its status alone, as
        /// it says Playing only while the phone plays, often with no track data to show.
        public var countsAsPlaying: Bool { status == .playing && (hasTrack || isDevicePlayer) }

        /// Whether the rule lets it take a press at all: any player, but a device's own only
        /// while it plays.
        public var takesPresses: Bool { !isDevicePlayer || countsAsPlaying }
    }

    private let connection: DBusConnection
    /// The players on the bus, by well-known name.
    public private(set) var players: [String: Player] = [:]
    /// The now-playing player's bus name: the one that most recently started playing (of those
    /// that take presses: a device's own player only while it plays).
    public private(set) var nowPlaying: String?
    /// Where a button press should go: `nowPlaying`, else the player that appeared last.
    public private(set) var target: String?
    /// How long to wait for a player to say what it is doing when it appears.
    public var queryTimeout: Duration = .seconds(2)
    private var sequence: UInt64 = 0
    /// Names that appeared, by owner, while the bus is asked which process owns them; they join
    /// `players` once it has answered, so a device's player is never the target meanwhile.
    private var arriving: [String: String] = [:]

    /// What the tracker announces to its `listeners`.
    public enum Announcement: Sendable, Equatable {
        /// `target` changed to this bus name (nil: no player left).
        case targetChanged(String?)
        /// `players` or `nowPlaying` may have changed; announced after `target` is up to date.
        case updated
        /// A line that explains a decision (for `--log-level debug`).
        case debug(String)
    }

    /// Told of each change of target, each update of the players, and each decision.
    public let listeners = Listeners<Announcement>()

    /// Tells whether the connection with this unique name owns a Bluetooth device's own player:
    /// by default, whether a proxy program runs it (`DevicePlayers`).
    public var isDevicePlayer: @MainActor (_ owner: String) async -> Bool

    /// Makes a tracker; `start()` begins watching.
    public init(connection: DBusConnection) {
        self.connection = connection
        isDevicePlayer = { [weak connection] owner in
            guard let connection else { return false }
            return await DevicePlayers.isDevicePlayer(owner: owner, on: connection)
        }
    }

    /// Why `target` is the target, in words.
    public var targetReason: String {
        guard let target else {
            let devices = players.values.filter(\.isDevicePlayer).map(\.busName).sorted()
            guard !devices.isEmpty else { return "no MPRIS player on the bus" }
            let names = devices.map { String($0.dropFirst(MPRISNames.busNamePrefix.count)) }.joined(separator: ", ")
            return "the only player\(devices.count == 1 ? " is a Bluetooth device's own" : "s are Bluetooth devices' own") (\(names), from mpris-proxy), "
                + "and a device's player takes presses only while it plays"
        }
        if target == nowPlaying {
            guard players[target]?.countsAsPlaying == true else { return "it played most recently" }
            return players[target]?.isDevicePlayer == true ? "it is playing (a Bluetooth device's own player, from mpris-proxy)" : "it is playing"
        }
        return "no player has played a track yet, and it appeared last"
    }

    /// Subscribes to name changes, playback status and metadata, then asks the players already
    /// there (in parallel, without waiting for their answers).
    public func start() async throws(DBusError) {
        try await connection.subscribe(
            to: MatchRule(signal: BusDaemonInterface.nameOwnerChanged, sender: BusDaemonInterface.busName, arg0Namespace: "org.mpris.MediaPlayer2")
        ) { [weak self] message in
            let names = message.body.compactMap(\.stringValue)
            guard names.count == 3 else { return }
            self?.ownerChanged(name: names[0], old: names[1], new: names[2])
        }
        try await connection.subscribe(
            to: MatchRule(
                signal: StandardInterfaces.propertiesChanged, path: MPRISNames.objectPath, arg0: PlayerInterface.name)
        ) { [weak self] message in
            guard let sender = message.sender, message.body.count >= 2, let changed = message.body[1].stringDictionaryValue else { return }
            self?.propertiesChanged(owner: sender, changed)
        }
        // The bus itself answers who owns each name, so `target` is known when this returns;
        // the players' own answers come later, in parallel.
        // Each name is `arriving` while the bus is asked (its owner not known yet: ""), so that
        // a name that leaves or changes hands meanwhile is not inserted as it was.
        for name in try await MPRISClient.players(on: connection) where players[name] == nil && arriving[name] == nil {
            arriving[name] = ""
            guard let owner = await connection.nameOwner(name), arriving[name] == "" else {
                if arriving[name] == "" { arriving[name] = nil }
                continue
            }
            arriving[name] = owner
            let isDevicePlayer = await isDevicePlayer(owner)
            guard arriving[name] == owner else { continue }
            arriving[name] = nil
            insert(name, owner: owner, isDevicePlayer: isDevicePlayer)
            Task { await query(name, owner: owner) }
        }
    }

    // MARK: Updates

    private func ownerChanged(name: String, old: String, new: String) {
        guard name.hasPrefix(MPRISNames.busNamePrefix) else { return }
        arriving[name] = nil
        if !old.isEmpty, players.removeValue(forKey: name) != nil {
            debug("\(name) left the bus")
        }
        if !new.isEmpty, players[name]?.owner != new {
            players[name] = nil
            arriving[name] = new
            Task { await arrive(name, owner: new) }
        }
        recompute()
    }

    /// A name that appeared joins `players` once the bus has said whether a proxy owns it.
    private func arrive(_ name: String, owner: String) async {
        let isDevicePlayer = await isDevicePlayer(owner)
        guard arriving[name] == owner else { return }
        arriving[name] = nil
        insert(name, owner: owner, isDevicePlayer: isDevicePlayer)
        await query(name, owner: owner)
    }

    private func insert(_ name: String, owner: String, isDevicePlayer: Bool) {
        sequence += 1
        players[name] = Player(
            busName: name, owner: owner, status: .stopped, hasTrack: false, lastStartedPlaying: nil, appeared: sequence, isDevicePlayer: isDevicePlayer)
        debug("\(name) appeared (\(owner)\(isDevicePlayer ? ", a Bluetooth device's own player: it takes presses only while it plays" : ""))")
        recompute()
    }

    /// Asks a player that appeared what it is doing.
    private func query(_ name: String, owner: String) async {
        let reply: [String: DBusValue]
        do throws(DBusError) {
            // Asked at its unique name: a player gone meanwhile must not be started again by D-Bus
            // activation (remote-playerd has an activation file).
            reply = try await connection.getAllProperties(owner, MPRISNames.objectPath, PlayerInterface.declaration, timeout: queryTimeout)
        } catch {
            debug("\(name) did not say what it is doing: \(error)")
            return
        }
        // The player may have gone, or changed, while we asked; and what its signals said
        // meanwhile is newer than the answer.
        guard let heard = players[name]?.heard, players[name]?.owner == owner else { return }
        update(name, with: reply.filter { !heard.contains($0.key) })
    }

    private func propertiesChanged(owner: String, _ changed: [String: DBusValue]) {
        for name in players.values.filter({ $0.owner == owner }).map(\.busName) {
            players[name]?.heard.formUnion(changed.keys)
            update(name, with: changed)
        }
    }

    /// Takes a PlaybackStatus and Metadata (either may be missing) into the player's state.
    private func update(_ name: String, with properties: [String: DBusValue]) {
        guard var player = players[name] else { return }
        let wasPlaying = player.countsAsPlaying
        if let status = properties["PlaybackStatus"]?.stringValue {
            player.status = PlaybackStatus(rawValue: status) ?? .stopped
        }
        if let metadata = properties["Metadata"]?.stringDictionaryValue {
            player.hasTrack = TrackPresence.hasCurrentTrack(metadata)
        }
        if player.countsAsPlaying, !wasPlaying {
            sequence += 1
            player.lastStartedPlaying = sequence
            debug("\(name) started playing")
        } else if player.status == .playing, !player.hasTrack, properties["PlaybackStatus"] != nil {
            debug("\(name) says Playing but has no current track; not counted as playing")
        }
        guard player != players[name] else { return }
        players[name] = player
        recompute()
    }

    private func recompute() {
        let candidates = players.values.filter(\.takesPresses)
        let played = candidates.filter { $0.lastStartedPlaying != nil }
        let newNowPlaying = played.max { ($0.lastStartedPlaying ?? 0) < ($1.lastStartedPlaying ?? 0) }?.busName
        let newTarget = newNowPlaying ?? candidates.max { $0.appeared < $1.appeared }?.busName
        nowPlaying = newNowPlaying
        if newTarget != target {
            target = newTarget
            debug("target: \(newTarget ?? "none") (\(targetReason))")
            listeners.announce(.targetChanged(newTarget))
        }
        listeners.announce(.updated)
    }

    private func debug(_ line: @autoclosure () -> String) {
        guard !listeners.isEmpty else { return }
        listeners.announce(.debug(line()))
    }
}

/// Whether a player's Metadata names a current track.
public enum TrackPresence {
    /// Track ids that mean "no track": the MPRIS one, and placeholders players use while idle
    /// (mpv-mpris says `/noplaylist`).
    public static let placeholderTrackIDs: Set<String> = [
        "/org/mpris/MediaPlayer2/TrackList/NoTrack", "/noplaylist", "/org/mpris/MediaPlayer2/noplaylist", "/",
    ]

    /// A track id that is not a placeholder, or at least a title or a URL.
    public static func hasCurrentTrack(_ metadata: [String: DBusValue]) -> Bool {
        for key in ["xesam:title", "xesam:url"] {
            if let text = metadata[key]?.unwrapped.stringValue, !text.isEmpty { return true }
        }
        guard let id = metadata["mpris:trackid"]?.unwrapped.stringValue, !id.isEmpty else { return false }
        return !placeholderTrackIDs.contains(id)
    }
}
