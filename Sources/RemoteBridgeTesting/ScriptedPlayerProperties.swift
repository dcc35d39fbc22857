// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// The properties a `ScriptedPlayer` starts with: every property of `org.mpris.MediaPlayer2`
/// and `org.mpris.MediaPlayer2.Player`, each a value of any D-Bus type, in the order they are
/// served. A test changes what it needs and leaves the rest as a plain paused player has them.
public struct ScriptedPlayerProperties: Sendable {
    /// The root interface's properties (`Identity`, `CanQuit`, …), by name.
    public var root: [String: DBusValue]
    /// The player interface's properties (`PlaybackStatus`, `Volume`, `Metadata`, …), by name.
    public var player: [String: DBusValue]
    /// Properties not served at all (of either interface), as some players leave some out:
    /// Get names them unknown, and GetAll does not carry them.
    public var omitted: Set<String> = []
    /// RemoteBridge's `Playback1` properties (chapters, the sleep timer), by name, when the player
    /// serves that interface too, as remote-playerd does; nil, the default, for a player of any
    /// other program. Its methods are recorded, not acted on.
    public var playback: [String: DBusValue]?

    /// `Playback1`'s properties as a player with no chapters and no sleep timer has them.
    public static let playbackWithoutChapters: [String: DBusValue] = [
        "Chapters": .array(elementSignature: "(xs)", []), "Chapter": .int32(-1), "ChapterTitle": .string(""),
        "SleepTimer": .string("off"), "SleepRemaining": .int64(-1),
    ]

    /// The root properties in the order they are served.
    static let rootOrder = MediaPlayer2Interface.declaration.properties.map(\.name)
    /// The player properties in the order they are served.
    static let playerOrder = PlayerInterface.declaration.properties.map(\.name)
    /// The player properties a client may Set.
    static let writable: Set<String> = ["LoopStatus", "Rate", "Shuffle", "Volume"]

    /// A paused player named `identity`, able to do everything, playing one track of three
    /// minutes titled "Title" by "Artist" from "Album", at position 0 and volume 1.
    public init(identity: String = "Scripted Player") {
        root = [
            "CanQuit": .bool(true), "CanRaise": .bool(false), "HasTrackList": .bool(false), "Identity": .string(identity),
            "DesktopEntry": .string(""), "SupportedUriSchemes": .strings(["file", "https"]), "SupportedMimeTypes": .strings([]),
        ]
        player = [
            "PlaybackStatus": .string("Paused"), "LoopStatus": .string("None"), "Rate": .double(1), "Shuffle": .bool(false),
            "Metadata": Self.metadata([
                ("mpris:trackid", .objectPath("/org/mpris/MediaPlayer2/Track/1")), ("mpris:length", .int64(180_000_000)),
                ("xesam:title", .string("Title")), ("xesam:artist", .strings(["Artist"])), ("xesam:album", .string("Album")),
            ]),
            "Volume": .double(1), "Position": .int64(0), "MinimumRate": .double(1), "MaximumRate": .double(1),
            "CanGoNext": .bool(true), "CanGoPrevious": .bool(true), "CanPlay": .bool(true), "CanPause": .bool(true),
            "CanSeek": .bool(true), "CanControl": .bool(true),
        ]
    }

    /// A `Metadata` value (`a{sv}`) holding `entries` in this order.
    public static func metadata(_ entries: [(String, DBusValue)]) -> DBusValue {
        .stringVariantDictionary(entries)
    }
}
