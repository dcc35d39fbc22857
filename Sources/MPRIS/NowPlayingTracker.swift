import DBus

/// Decides which MPRIS player is "now playing", the way iOS decides the Now Playing app.
///
/// - The player that most recently *entered* Playing is the now-playing player. A repeated
///   PropertiesChanged that says Playing again changes nothing (a known playerctld pitfall).
/// - It stays now playing while paused or stopped, until another player starts playing.
/// - When it leaves the bus, the most recent of the others to have played takes over.
/// - `target` is who should receive a button press: the now-playing player, or if no player has
///   played yet, the player that appeared last.
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
        /// When it last entered Playing, as a sequence number; nil if never seen playing.
        public var lastStartedPlaying: UInt64?
        /// When it appeared, as a sequence number.
        public var appeared: UInt64
    }

    private let connection: DBusConnection
    /// The players on the bus, by well-known name.
    public private(set) var players: [String: Player] = [:]
    /// The now-playing player's bus name: the one that most recently started playing.
    public private(set) var nowPlaying: String?
    /// Where a button press should go: `nowPlaying`, else the player that appeared last.
    public private(set) var target: String?
    private var sequence: UInt64 = 0
    private var continuations: [UInt64: AsyncStream<String?>.Continuation] = [:]
    /// Called whenever `target` changes.
    public var onChange: (@MainActor (String?) -> Void)?

    /// Makes a tracker; `start()` begins watching.
    public init(connection: DBusConnection) {
        self.connection = connection
    }

    /// Subscribes to name changes and playback status, then reads the players already there.
    public func start() async throws(DBusError) {
        try await connection.subscribe(
            to: MatchRule(
                sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
                arg0Namespace: "org.mpris.MediaPlayer2")
        ) { [weak self] message in
            let names = message.body.compactMap(\.stringValue)
            guard names.count == 3 else { return }
            self?.ownerChanged(name: names[0], old: names[1], new: names[2])
        }
        try await connection.subscribe(
            to: MatchRule(
                path: MPRISNames.objectPath, interface: MPRISNames.properties, member: "PropertiesChanged", arg0: MPRISNames.player)
        ) { [weak self] message in
            guard let sender = message.sender, message.body.count >= 2,
                let status = message.body[1].stringDictionaryValue?["PlaybackStatus"]?.stringValue
            else { return }
            self?.statusChanged(owner: sender, to: PlaybackStatus(rawValue: status) ?? .stopped)
        }
        for name in try await MPRISClient.players(on: connection) where players[name] == nil {
            await add(name)
        }
    }

    /// A stream of `target` values, starting with the current one.
    public func changes() -> AsyncStream<String?> {
        sequence += 1
        let id = sequence
        let (stream, continuation) = AsyncStream<String?>.makeStream(bufferingPolicy: .bufferingNewest(16))
        continuation.yield(target)
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[id] = nil }
        }
        return stream
    }

    // MARK: Updates

    private func ownerChanged(name: String, old: String, new: String) {
        guard name.hasPrefix(MPRISNames.busNamePrefix) else { return }
        if !old.isEmpty {
            players[name] = nil
        }
        if !new.isEmpty {
            Task { await add(name, owner: new) }
        }
        recompute()
    }

    private func add(_ name: String, owner knownOwner: String? = nil) async {
        var owner = knownOwner
        if owner == nil { owner = await connection.nameOwner(name) }
        guard let owner else { return }
        sequence += 1
        players[name] = Player(busName: name, owner: owner, status: .stopped, lastStartedPlaying: nil, appeared: sequence)
        recompute()
        let status = try? await MPRISClient(connection: connection, busName: name).playbackStatus()
        // The player may have gone, or changed, while we asked.
        guard players[name]?.owner == owner, let status else { return }
        statusChanged(owner: owner, to: status, name: name)
    }

    private func statusChanged(owner: String, to status: PlaybackStatus, name: String? = nil) {
        let names = name.map { [$0] } ?? players.values.filter { $0.owner == owner }.map(\.busName)
        for name in names {
            guard var player = players[name] else { continue }
            if status == .playing, player.status != .playing {
                sequence += 1
                player.lastStartedPlaying = sequence
            }
            player.status = status
            players[name] = player
        }
        recompute()
    }

    private func recompute() {
        let played = players.values.filter { $0.lastStartedPlaying != nil }
        let newNowPlaying = played.max { ($0.lastStartedPlaying ?? 0) < ($1.lastStartedPlaying ?? 0) }?.busName
        let newTarget = newNowPlaying ?? players.values.max { $0.appeared < $1.appeared }?.busName
        nowPlaying = newNowPlaying
        guard newTarget != target else { return }
        target = newTarget
        onChange?(newTarget)
        for continuation in continuations.values { continuation.yield(newTarget) }
    }
}
