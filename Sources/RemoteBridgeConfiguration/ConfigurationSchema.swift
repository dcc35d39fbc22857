// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeCore
import RemoteBridgeGestures

/// Every table and key of `config.toml`, in one place, with each default taken from the
/// settings' own defaults. remote-playerd reads `player`, `media-keys` and `input`; headsetd reads
/// `headset`; each refuses a key or table that is not here, naming its line.
/// `dist/config.example.toml` and the configuration block of docs/configuration.md are `ConfigurationExample`'s
/// rendering of this table, and a test holds them to it byte for byte.
public enum ConfigurationSchema {
    /// The tables, in the order the example file has them, a table inside another after its parent.
    public static let tables: [ConfigurationTable] = {
        let player = PlayerConfiguration()
        let headset = HeadsetConfiguration()
        return [
            ConfigurationTable(
                name: "player",
                keys: [
                    ConfigurationKey("name", TOMLText.string(player.name), "the bus name is org.mpris.MediaPlayer2.<name>"),
                    ConfigurationKey("audio-output", TOMLText.string(player.audioOutput), "or pulse, alsa, pipewire, null, ..."),
                    ConfigurationKey("supported-uri-schemes", TOMLText.strings(player.supportedURISchemes)),
                    ConfigurationKey(
                        "previous-restarts-after", player.previousRestartThreshold.secondsText,
                        "seconds played after which Previous restarts the track; 0: never"),
                    ConfigurationKey("autoplay", TOMLText.bool(player.autoplay), "start playing at start-up"),
                    ConfigurationKey(
                        "release-engine-after", TOMLText.duration(player.releaseEngineAfter),
                        "paused or stopped this long, mpv's process ends until the next Play; 0: never"),
                    ConfigurationKey(
                        "replay-gain", TOMLText.string(player.replayGain.rawValue),
                        "even out loudness by the files' ReplayGain tags: \(ReplayGainMode.allCases.map(\.rawValue).joined(separator: ", "))"),
                    ConfigurationKey(
                        "replay-gain-preamp", TOMLText.number(player.replayGainPreamp),
                        "dB added to the ReplayGain, \(TOMLText.number(ReplayGainMode.preampRange.lowerBound)) to \(TOMLText.number(ReplayGainMode.preampRange.upperBound))"),
                    ConfigurationKey(
                        "remember-position", player.rememberPosition.map(TOMLText.duration) ?? TOMLText.string("off"),
                        "leaving an entry after this much has played keeps its place (resumed there); \"off\": never"),
                    ConfigurationKey(
                        "remember-rate", TOMLText.string(player.rememberRate.rawValue),
                        "the speed (Rate) kept: \(RateMemory.allCases.map(\.rawValue).joined(separator: " or "))"),
                    ConfigurationKey(
                        "chapter-steps", player.chapterSteps.map(TOMLText.duration) ?? TOMLText.string("off"),
                        "Next/Previous step through the chapters of a file at least this long; 0: any; \"off\": never"),
                    ConfigurationKey("sleep-fade", TOMLText.duration(player.sleepFade), "the sleep timer fades out this long, then pauses"),
                ]),
            ConfigurationTable(
                name: "media-keys",
                keys: [
                    ConfigurationKey("skip-forward", player.skipForwardInterval.secondsText, "seconds, for FastForward"),
                    ConfigurationKey("skip-backward", player.skipBackwardInterval.secondsText, "seconds, for Rewind"),
                    ConfigurationKey(
                        "spoken-word-skip-forward", player.spokenWordSkipForward.secondsText,
                        "seconds, for FastForward in podcasts and audiobooks (and faster holds)"),
                    ConfigurationKey("spoken-word-skip-backward", player.spokenWordSkipBackward.secondsText, "seconds, for Rewind in them"),
                ]),
            ConfigurationTable(
                name: "input",
                keys: [
                    ConfigurationKey("devices", TOMLText.strings(player.inputDevices), "input devices (or FIFOs) whose media keys control the player")
                ]),
            ConfigurationTable(
                name: "headset",
                keys: [
                    ConfigurationKey(
                        "click-interval", headset.clickInterval.secondsText, "seconds between a release and the next press of one pattern"),
                    ConfigurationKey("hold-duration", headset.holdDuration.secondsText, "seconds a press lasts to count as a hold"),
                    ConfigurationKey("devices", TOMLText.strings(headset.devices), "empty: every headset-like device, found as it appears"),
                    ConfigurationKey("grab", TOMLText.bool(headset.grab), "take headset-like devices for ourselves (never keyboards)"),
                    ConfigurationKey(
                        "sync-play-pause", TOMLText.bool(headset.syncPlayPause), "KEY_PLAYCD while playing pauses; KEY_PAUSECD while paused plays"),
                    ConfigurationKey(
                        "pause-on-unplug", TOMLText.bool(headset.pauseOnUnplug), "headphones unplugged or Bluetooth headset gone: pause"),
                    ConfigurationKey(
                        "resume-on-reconnect", TOMLText.bool(headset.resumeOnReconnect), "plugged back in: resume what the unplug paused ..."),
                    ConfigurationKey("resume-within", headset.resumeWithin.secondsText, "... if within this many seconds"),
                    ConfigurationKey(
                        "resume-after-exit-within", TOMLText.duration(headset.resumeAfterExitWithin),
                        "no player: play/click starts remote-playerd, resumes a queue saved this recently; 0 off"),
                    ConfigurationKey("bluetooth", TOMLText.bool(headset.bluetooth), "register with BlueZ as the AVRCP player; watch disconnects"),
                ]),
            ConfigurationTable(
                name: "headset.gestures",
                keys: HeadsetGesture.allCases.map { gesture in
                    // The one unbound gesture says what else a gesture takes besides an event.
                    let comment = gesture.defaultSubtype == nil
                        ? "or an event, or \"\(GestureBinding.sleepTimerPrefix)15m\": 15 min more on remote-playerd's sleep timer" : ""
                    return ConfigurationKey(gesture.name, TOMLText.string(gesture.defaultSubtype?.name ?? HeadsetConfiguration.unbound), comment)
                }),
        ]
    }()

    /// The default of `key` in `table`, as TOML text (`30`, `"3d"`), for help texts and man pages;
    /// nil for a key that is not in the schema.
    public static func defaultValue(_ table: String, _ key: String) -> String? {
        tables.first { $0.name == table }?.keys.first { $0.name == key }?.defaultValue
    }

    /// The names of the top-level tables: the sections a file may have.
    public static var sectionNames: [String] { tables.map(\.name).filter { !$0.contains(".") } }

    /// The keys `section` may hold, the tables inside it included; empty for a section that is not
    /// in the file.
    public static func keys(of section: String) -> [String] {
        let own = tables.first { $0.name == section }?.keys.map(\.name) ?? []
        let children = tables.compactMap { table in
            table.name.hasPrefix(section + ".") ? String(table.name.dropFirst(section.count + 1)) : nil
        }
        return own + children
    }
}
