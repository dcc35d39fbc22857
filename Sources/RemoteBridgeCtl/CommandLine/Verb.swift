// SPDX-License-Identifier: Apache-2.0
/// A command remotectl runs: playerctl's thirteen, with their rules for `--format` and
/// `--follow`, and remotectl's own. The verb table (`all`) is the one source for dispatch, help,
/// the man page and the shell completions.
public struct Verb: Sendable, Equatable {
    /// The word on the command line.
    public let name: String
    /// The arguments it takes, as help shows them (`[OFFSET][+/-]`).
    public let arguments: String
    /// What it does, in a line or two.
    public let summary: String
    /// True for playerctl 2.4.1's commands, which behave as playerctl's do.
    public let fromPlayerctl: Bool
    /// Whether `--format` may be given (playerctl's query commands).
    public let takesFormat: Bool
    /// What `--follow` follows: the property whose change reprints the output; nil when the
    /// verb cannot be followed.
    public let followed: FollowedProperty?

    init(_ name: String, _ arguments: String = "", playerctl: Bool = false, format: Bool = false, follows: FollowedProperty? = nil, _ summary: String) {
        self.name = name
        self.arguments = arguments
        self.summary = summary
        self.fromPlayerctl = playerctl
        self.takesFormat = format
        self.followed = follows
    }

    /// The verb called `name`, if there is one.
    public static func named(_ name: String) -> Verb? {
        all.first { $0.name == name }
    }

    /// Every verb, in the order help lists them: playerctl's first, in its order.
    public static let all: [Verb] = [
        Verb("play", playerctl: true, "Command the player to play"),
        Verb("pause", playerctl: true, "Command the player to pause"),
        Verb("play-pause", playerctl: true, "Command the player to toggle between play/pause"),
        Verb("stop", playerctl: true, "Command the player to stop"),
        Verb("next", playerctl: true, "Command the player to skip to the next track"),
        Verb("previous", playerctl: true, "Command the player to skip to the previous track"),
        Verb(
            "position", "[OFFSET][+/-]", playerctl: true, format: true, follows: .position,
            "Command the player to go to the position or seek forward/backward OFFSET in seconds"),
        Verb("volume", "[LEVEL][+/-]", playerctl: true, format: true, follows: .volume, "Print or set the volume to LEVEL from 0.0 to 1.0"),
        Verb("status", playerctl: true, format: true, follows: .status, "Get the play status of the player"),
        Verb(
            "metadata", "[KEY...]", playerctl: true, format: true, follows: .metadata,
            "Print metadata information for the current track. If KEY is passed, print only those values. KEY may be artist, title, album, or any key found in the metadata"),
        Verb("open", "[URI]", playerctl: true, "Command for the player to open given URI. URI can be either file path or remote URL"),
        Verb("loop", "[STATUS]", playerctl: true, format: true, follows: .loop, "Print or set the loop status. Can be \"None\", \"Track\", or \"Playlist\""),
        Verb("shuffle", "[STATUS]", playerctl: true, format: true, follows: .shuffle, "Print or set the shuffle status. Can be \"On\", \"Off\", or \"Toggle\""),
        Verb("list", "", "Lists the players, the now-playing one marked with *"),
        Verb("send", "SUBTYPE", "Sends any remote-control subtype, by name (toggle-play-pause, skip-forward, …) or number (100–109)"),
        Verb("seek-forward", "", "Scans forward while 'held' for --hold seconds"),
        Verb("seek-backward", "", "Scans backward while 'held' for --hold seconds"),
        Verb("click", "", "Clicks the headset button through headsetd: --count clicks, the last held --hold seconds"),
        Verb(
            "headset", "[status]",
            "Shows what headsetd does: the devices it reads, the player a press goes to and why, the gestures, the unplug and Bluetooth settings"),
        Verb(
            "doctor", "",
            "Walks the chain a headset press travels (buses, daemons, input devices, desktop keys, Bluetooth, players, the config file) and says what works, what does not, and the fix; exits 1 if any check fails"),
        Verb(
            "queue", "[URI...]",
            "Queues files, playlists or URLs right after the current track of remotebridge (or the -p player), starting it by D-Bus activation if it is not running, and plays the first; with none, starts it and plays"),
        Verb("monitor", "", "Prints EventDelivered, PropertiesChanged and Seeked as they happen, one line each, until interrupted"),
        Verb(
            "rate", "[RATE][+/-]",
            "Print or set the playback rate (speed; 1.0 is normal) to RATE, or change it by RATE, within the player's MinimumRate and MaximumRate; any MPRIS player"),
        Verb(
            "chapter", "[next|previous|list|N]",
            "Print the current chapter (its number and title), list them (* marks the current one), or go to chapter N as the list numbers it, the next or the previous; remote-playerd only"),
        Verb(
            "sleep", "[WHEN]",
            "Print the sleep timer, or set it: a length of playing time (20m, 1h30m), more time (+15m), end-of-track, end-of-chapter or off; when it ends the player fades out and pauses; remote-playerd only"),
    ]
}

/// The player properties `--follow` can follow, each named as playerctl's template variable.
public enum FollowedProperty: String, Sendable, CaseIterable {
    case position, volume, status, loop, shuffle, metadata
}
