// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations

/// One option remotectl reads: its names, whether it takes a value, what it is for, and whether
/// playerctl 2.4.1 has it too. The option table (`all`) is the one source for the parser, the
/// help text, the man page and the shell completions.
public struct CommandLineOption: Sendable, Equatable {
    /// The long name, without `--`.
    public let long: String
    /// The one-letter name, without `-`, if there is one.
    public let short: Character?
    /// The value's name in help (`NAME`), or nil for a flag.
    public let valueName: String?
    /// One line of help.
    public let help: String
    /// True when playerctl 2.4.1 has the option with the same meaning.
    public let fromPlayerctl: Bool
    /// The verbs the option belongs to; empty when it goes with any verb.
    public let verbs: [String]

    init(_ long: String, _ short: Character? = nil, value: String? = nil, verbs: [String] = [], playerctl: Bool = false, _ help: String) {
        self.long = long
        self.short = short
        self.valueName = value
        self.help = help
        self.fromPlayerctl = playerctl
        self.verbs = verbs
    }

    /// Whether the option takes a value.
    public var takesValue: Bool { valueName != nil }

    /// `-p, --player=NAME` as help shows it.
    public var synopsis: String {
        let names = (short.map { "-\($0), " } ?? "    ") + "--" + long
        return valueName.map { names + "=" + $0 } ?? names
    }
}

extension CommandLineOption {
    static let player = CommandLineOption(
        "player", "p", value: "NAME", playerctl: true,
        "A comma separated list of names of players to control, in order of priority. NAME matches NAME and NAME.<anything>; %any stands for any other player at that place")
    static let allPlayers = CommandLineOption("all-players", "a", playerctl: true, "Select all available players to be controlled")
    static let ignorePlayer = CommandLineOption("ignore-player", "i", value: "IGNORE", playerctl: true, "A comma separated list of names of players to ignore")
    static let format = CommandLineOption(
        "format", "f", value: "TEMPLATE", playerctl: true,
        "A format string for printing properties and metadata, such as '{{artist}} - {{title}}'")
    static let follow = CommandLineOption(
        "follow", "F", playerctl: true,
        "Block and append the query to output when it changes for the most recently updated player")
    static let listAll = CommandLineOption("list-all", "l", playerctl: true, "List the names of running players that can be controlled")
    static let noMessages = CommandLineOption("no-messages", "s", playerctl: true, "Suppress diagnostic messages")
    static let version = CommandLineOption("version", "v", playerctl: true, "Print version information")
    static let bus = CommandLineOption(
        "bus", value: "ADDRESS", "Use only the D-Bus bus at ADDRESS, instead of the session and system buses")
    static let timeout = CommandLineOption(
        "timeout", value: "SECONDS",
        "How long to wait for a player's answer before naming it as not answering (default \(RemoteCtl.defaultTimeout.secondsText); 0.01 to 600)")
    static let json = CommandLineOption(
        "json", verbs: ["status", "position", "volume", "loop", "shuffle", "metadata", "list", "monitor", "doctor", "rate", "chapter", "sleep"],
        "Print JSON, one object per line, instead of text")
    static let live = CommandLineOption(
        "live", verbs: ["status"], "Keep one status line with a progress bar up to date (a line per change when not on a terminal)")
    static let hold = CommandLineOption(
        "hold", value: "SECONDS", verbs: ["seek-forward", "seek-backward", "click"],
        "How long to hold the button (seek-forward and seek-backward: default 2; click: the last press, default 0)")
    static let count = CommandLineOption("count", value: "N", verbs: ["click"], "How many clicks, 1 to 10 (default 1)")
    static let interval = CommandLineOption("interval", value: "SECONDS", verbs: ["send"], "Seconds, for skip-forward and skip-backward")
    static let position = CommandLineOption("position", value: "SECONDS", verbs: ["send"], "Seconds, for change-playback-position")

    /// Every option, in the order help lists them: playerctl's first.
    public static let all: [CommandLineOption] = [
        player, allPlayers, ignorePlayer, format, follow, listAll, noMessages, version,
        bus, timeout, json, live, hold, count, interval, position,
    ]
}
