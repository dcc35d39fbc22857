// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeMPRIS

/// An MPRIS player's name, as playerctl names it: the bus name without `org.mpris.MediaPlayer2.`
/// (the *instance*, such as `vlc.instance42`), and the bus it is on.
public struct PlayerName: Sendable, Equatable, Hashable {
    /// The bus a player is on.
    public enum Source: Sendable, Hashable {
        /// The session bus (or the one bus given with `--bus`).
        case session
        /// The system bus.
        case system
    }

    /// The bus name without the MPRIS prefix: `vlc`, `vlc.instance42`, `kdeconnect.mpris_000001`.
    public let instance: String
    /// The bus it is on.
    public let source: Source

    /// Makes a name.
    public init(instance: String, source: Source) {
        self.instance = instance
        self.source = source
    }

    /// The name before the first dot: `vlc` for `vlc.instance42` (template variable `playerName`).
    public var name: String {
        instance.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? instance
    }

    /// The full bus name.
    public var busName: String { MPRISNames.busNamePrefix + instance }

    /// The pattern that stands for any player, in `-p` and `-i` lists.
    public static let anyPattern = "%any"

    /// Whether the `-p`/`-i` pattern names this player: `%any`, the instance itself, or its
    /// name followed by a dot and anything (`vlc` names `vlc.instance42`).
    public static func pattern(_ pattern: String, names instance: String) -> Bool {
        if pattern == anyPattern || instance == anyPattern || pattern == instance { return true }
        return instance.utf8.count > pattern.utf8.count && instance.hasPrefix(pattern + ".")
    }

    /// `names` ordered by the `-p` priority list, as playerctl orders them: a player takes the
    /// place of the first pattern naming it; `%any` is the place of every player no pattern
    /// names; with no `%any`, those come last. Players at the same place keep their order.
    public static func ordered(_ names: [PlayerName], by priorities: [String]) -> [PlayerName] {
        guard !priorities.isEmpty else { return names }
        let anyPlace = priorities.firstIndex(of: anyPattern) ?? Int.max
        func place(_ name: PlayerName) -> Int {
            priorities.indices.first { priorities[$0] != anyPattern && pattern(priorities[$0], names: name.instance) } ?? anyPlace
        }
        return names.enumerated().map { (place: place($0.element), order: $0.offset, name: $0.element) }
            .sorted { ($0.place, $0.order) < ($1.place, $1.order) }
            .map(\.name)
    }
}
