// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import RemoteBridgeMPRIS
import RemoteBridgeCore

/// `remote-playerd`'s settings, from `config.toml`: `[player]`, `[media-keys]` and `[input]`.
/// Every key is optional. The defaults below are the file's defaults: `ConfigurationSchema` lists
/// every key with them, and `dist/config.example.toml` is rendered from it.
public struct PlayerConfiguration: ConfigurationSettings, Sendable, Equatable {
    /// The player's name: its bus name is `org.mpris.MediaPlayer2.<name>`.
    public var name = "remotebridge"
    /// mpv's audio output; `auto` falls back to `null` with a warning.
    public var audioOutput = "auto"
    /// The URI schemes OpenUri accepts.
    public var supportedURISchemes = TransportDefaults.uriSchemes
    /// previousTrack restarts the track after this much has played.
    public var previousRestartThreshold = TransportDefaults.previousRestartsAfter
    /// Start playing at start-up.
    public var autoplay = false
    /// How long paused or stopped before the engine process (mpv) is ended; zero: never.
    public var releaseEngineAfter = TransportDefaults.releaseEngineAfter
    /// How loudness is evened out from the files' ReplayGain tags.
    public var replayGain = ReplayGainMode.off
    /// Decibels added to the ReplayGain, within `ReplayGainMode.preampRange`.
    public var replayGainPreamp = 0.0
    /// Leaving an entry after more than this has played keeps its place; nil: never.
    public var rememberPosition: Duration? = PlaybackDefaults.rememberPositionAfter
    /// Whether the rate is one for the player or kept per entry.
    public var rememberRate = RateMemory.global
    /// Next and Previous step through the chapters of a file at least this long; nil: never.
    public var chapterSteps: Duration? = PlaybackDefaults.chapterStepsFrom
    /// How long the sleep timer fades the volume out before it pauses.
    public var sleepFade = PlaybackDefaults.sleepFade
    /// How far the FastForward media key skips.
    public var skipForwardInterval = TransportDefaults.skipForward
    /// How far the Rewind media key skips.
    public var skipBackwardInterval = TransportDefaults.skipBackward
    /// How far FastForward skips in spoken word (`PlaybackDefaults.spokenWordGenres`, `.m4b`).
    public var spokenWordSkipForward = TransportDefaults.skipForward
    /// How far Rewind skips in spoken word.
    public var spokenWordSkipBackward = TransportDefaults.skipBackward
    /// Input devices (or FIFOs) whose media keys control this player.
    public var inputDevices: [String] = []

    /// The defaults.
    public init() {}

    /// Parses configuration text; the whole file is checked before anything is used.
    public static func parse(_ text: String, file: String) throws(ConfigurationError) -> PlayerConfiguration {
        var root = try ConfigurationSection.parse(text, file: file)
        var configuration = PlayerConfiguration()
        if var player = try root.section("player") {
            if let name = try player.string("name") {
                // The rule `--name` follows too, so a name one accepts the other does.
                if let problem = MPRISNames.problem(with: name) {
                    throw ConfigurationError(file: file, line: player.line(of: "name"), key: "[player] name", message: problem)
                }
                configuration.name = name
            }
            if let output = try player.string("audio-output") { configuration.audioOutput = output }
            if let schemes = try player.strings("supported-uri-schemes") {
                configuration.supportedURISchemes = schemes.map { $0.lowercased() }
            }
            if let threshold = try player.seconds("previous-restarts-after", in: 0...3600) {
                configuration.previousRestartThreshold = threshold
            }
            if let autoplay = try player.bool("autoplay") { configuration.autoplay = autoplay }
            if let release = try player.duration("release-engine-after", in: .zero...(.seconds(365 * 86_400))) {
                configuration.releaseEngineAfter = release
            }
            if let mode = try player.string("replay-gain", oneOf: ReplayGainMode.allCases.map(\.rawValue)) {
                configuration.replayGain = ReplayGainMode(rawValue: mode) ?? .off
            }
            if let preamp = try player.number("replay-gain-preamp", in: ReplayGainMode.preampRange, unit: "dB") {
                configuration.replayGainPreamp = preamp
            }
            if let remember = try player.durationOrOff("remember-position", in: .zero...(.seconds(86_400))) {
                configuration.rememberPosition = remember
            }
            if let memory = try player.string("remember-rate", oneOf: RateMemory.allCases.map(\.rawValue)) {
                configuration.rememberRate = RateMemory(rawValue: memory) ?? .global
            }
            if let steps = try player.durationOrOff("chapter-steps", in: .zero...(.seconds(7 * 86_400))) {
                configuration.chapterSteps = steps
            }
            if let fade = try player.duration("sleep-fade", in: .zero...(.seconds(60))) { configuration.sleepFade = fade }
            try player.rejectUnknownKeys(known: ConfigurationSchema.keys(of: "player"))
        }
        if var keys = try root.section("media-keys") {
            if let forward = try keys.seconds("skip-forward", in: 1...3600) { configuration.skipForwardInterval = forward }
            if let backward = try keys.seconds("skip-backward", in: 1...3600) { configuration.skipBackwardInterval = backward }
            let forward = try keys.seconds("spoken-word-skip-forward", in: 1...3600)
            let backward = try keys.seconds("spoken-word-skip-backward", in: 1...3600)
            // Unset, spoken word skips as music does.
            configuration.spokenWordSkipForward = forward ?? configuration.skipForwardInterval
            configuration.spokenWordSkipBackward = backward ?? configuration.skipBackwardInterval
            try keys.rejectUnknownKeys(known: ConfigurationSchema.keys(of: "media-keys"))
        }
        if var input = try root.section("input") {
            if let devices = try input.strings("devices") { configuration.inputDevices = devices }
            try input.rejectUnknownKeys(known: ConfigurationSchema.keys(of: "input"))
        }
        try ConfigurationFile.rejectUnknownSections(in: &root)
        return configuration
    }
}
