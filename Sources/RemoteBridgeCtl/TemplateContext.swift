// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// What playerctl knows of a player besides its metadata, for a template's shortcuts.
///
/// playerctl reads these from its cached properties: a player that does not have one gives
/// `false`, `None`, `0.0` or `0`; the status is one of `Playing`, `Paused` and `Stopped`, and
/// the position is 0 when stopped.
public struct TemplatePlayerFacts: Sendable, Equatable {
    /// The player's name, the bus name after `org.mpris.MediaPlayer2.` up to the first dot
    /// (`vlc`): `playerName`.
    public var name: String
    /// The whole bus name after `org.mpris.MediaPlayer2.` (`vlc.instance1234`): `playerInstance`.
    public var instance: String
    /// `Shuffle`: `shuffle`.
    public var shuffle: Bool
    /// `PlaybackStatus`: `status`.
    public var status: String
    /// `LoopStatus`: `loop`.
    public var loop: String
    /// `Volume`: `volume`.
    public var volume: Double
    /// `Position`, in microseconds: `position`.
    public var position: Int64

    /// Collects the facts.
    public init(name: String, instance: String, shuffle: Bool = false, status: String = "Stopped", loop: String = "None", volume: Double = 0, position: Int64 = 0) {
        self.name = name
        self.instance = instance
        self.shuffle = shuffle
        self.status = status
        self.loop = loop
        self.volume = volume
        self.position = position
    }
}

extension Template {
    /// The variables a template sees (playerctl's `get_default_template_context`): every
    /// metadata key, with its value taken out of the variant it arrives in; `artist`, `album`
    /// and `title` for their `xesam:` keys; and `playerName`, `playerInstance`, `shuffle`
    /// (bool), `status`, `loop` (strings), `volume` (double) and `position` (int64). Each is
    /// added only if the metadata has no key of that name, which then wins, as in playerctl.
    /// Commands other than `metadata` pass no metadata.
    public static func context(metadata: [String: DBusValue]?, player: TemplatePlayerFacts) -> [String: DBusValue] {
        var context: [String: DBusValue] = [:]
        for (key, value) in metadata ?? [:] {
            if case .variant(let inner) = value { context[key] = inner } else { context[key] = value }
        }
        for (shortcut, key) in PlayerctlText.shortcutKeys where context[shortcut] == nil {
            context[shortcut] = context[key]
        }
        let facts: [(String, DBusValue)] = [
            ("playerName", .string(player.name)), ("playerInstance", .string(player.instance)), ("shuffle", .bool(player.shuffle)),
            ("status", .string(player.status)), ("loop", .string(player.loop)), ("volume", .double(player.volume)),
            ("position", .int64(player.position)),
        ]
        for (name, value) in facts where context[name] == nil {
            context[name] = value
        }
        return context
    }
}
