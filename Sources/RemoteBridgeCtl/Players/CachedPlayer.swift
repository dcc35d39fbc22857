// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// One player with its `org.mpris.MediaPlayer2.Player` properties as read once with `GetAll`,
/// as playerctl holds them: commands decide from this copy (CanPlay, Volume…), and `--follow`
/// keeps it up to date from PropertiesChanged and Seeked.
@MainActor
public final class CachedPlayer {
    /// The player's name.
    public let name: PlayerName
    /// The client calls go through.
    public let client: MPRISClient
    /// The properties, by name; a property the player did not give is absent.
    public private(set) var properties: [String: DBusValue]
    /// The position, in microseconds, at `positionStamp` (playerctl's cached position).
    private var position: Int64 = 0
    private var positionStamp = ContinuousClock.now
    /// The playback status as last understood; a status the player gave in other words is kept
    /// as it was, as in playerctl.
    public private(set) var status: PlaybackStatus?

    /// Reads `name`'s properties through `connection`. A player that cannot be read (it left,
    /// or gives errors) is a player with no properties, as a GDBus proxy is; one that does not
    /// answer in time is reported by the error.
    public init(name: PlayerName, connection: DBusConnection) async throws(DBusError) {
        self.name = name
        client = MPRISClient(connection: connection, busName: name.busName)
        do throws(DBusError) {
            properties = try await client.properties()
        } catch where error.isTimeout {
            throw error
        } catch {
            properties = [:]
        }
        positionStamp = .now
        position = properties[PlayerInterface.position.name]?.int64Value ?? 0
        status = properties[PlayerInterface.playbackStatus.name]?.stringValue.flatMap(PlaybackStatus.init(caseInsensitive:))
    }

    /// Whether the player gave `property` (playerctl's `pctl_player_has_cached_property`).
    public func has(_ property: DBusPropertyDeclaration) -> Bool {
        properties[property.name] != nil
    }

    /// A boolean property; false when absent or not a boolean.
    public func flag(_ property: DBusPropertyDeclaration) -> Bool {
        properties[property.name]?.boolValue ?? false
    }

    /// The volume; 0 when absent.
    public var volume: Double { properties[PlayerInterface.volume.name]?.doubleValue ?? 0 }

    /// Shuffle; false when absent.
    public var shuffle: Bool { flag(PlayerInterface.shuffle) }

    /// The loop status as playerctl names it: None, Track or Playlist (None for anything else).
    public var loop: String {
        let given = properties[PlayerInterface.loopStatus.name]?.stringValue?.lowercased()
        return ["none": "None", "track": "Track", "playlist": "Playlist"][given ?? ""] ?? "None"
    }

    /// The playback status as playerctl prints it; Playing when none was understood (playerctl's
    /// default).
    public var statusText: String { (status ?? .playing).rawValue }

    /// The metadata as the player gave it (`a{sv}`, in its order), if it gave any.
    public var metadata: DBusValue? { properties[PlayerInterface.metadata.name] }

    /// The position now, in microseconds: the cached one, moved on by the time since while
    /// playing, 0 when stopped.
    public var currentPosition: Int64 {
        switch status ?? .playing {
        case .playing:
            let elapsed = ContinuousClock.now - positionStamp
            return position + elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        case .paused: return position
        case .stopped: return 0
        }
    }

    // MARK: Following

    /// Takes in a PropertiesChanged: returns which followed properties it changed, as
    /// playerctl's signals fire (status only when it really changed).
    func apply(changed: [String: DBusValue]) -> Set<FollowedProperty> {
        var fired: Set<FollowedProperty> = []
        let oldTrack = properties[PlayerInterface.metadata.name].flatMap(Self.trackID)
        for (key, value) in changed { properties[key] = value }
        if changed[PlayerInterface.shuffle.name] != nil { fired.insert(.shuffle) }
        if changed[PlayerInterface.volume.name] != nil { fired.insert(.volume) }
        if let metadata = changed[PlayerInterface.metadata.name] {
            fired.insert(.metadata)
            if Self.trackID(metadata) != oldTrack {
                position = 0
                positionStamp = .now
            }
        }
        if let loop = changed[PlayerInterface.loopStatus.name]?.stringValue, ["none", "track", "playlist"].contains(loop.lowercased()) {
            fired.insert(.loop)
        }
        if let text = changed[PlayerInterface.playbackStatus.name]?.stringValue, let new = PlaybackStatus(caseInsensitive: text) {
            switch new {
            case .playing: if status != .playing { positionStamp = .now }
            case .paused:
                position = currentPosition
                positionStamp = .now
            case .stopped: position = 0
            }
            if status != new {
                status = new
                fired.insert(.status)
            }
        }
        return fired
    }

    /// Takes in a Seeked.
    func apply(seekedTo microseconds: Int64) {
        position = microseconds
        positionStamp = .now
    }

    private static func trackID(_ metadata: DBusValue) -> String? {
        metadata.stringDictionaryValue?["mpris:trackid"]?.stringValue
    }
}

extension PlaybackStatus {
    /// A status in any case, as playerctl reads one (`playing`, `PAUSED`).
    init?(caseInsensitive text: String) {
        guard let status = PlaybackStatus.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else { return nil }
        self = status
    }
}
