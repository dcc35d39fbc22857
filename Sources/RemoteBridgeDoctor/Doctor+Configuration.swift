// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeConfiguration
import RemoteBridgeDurations

extension DoctorContext {
    /// Reads the config file as both daemons do; a file that does not parse keeps both from
    /// starting, and its error names the line.
    mutating func loadConfiguration() -> [DoctorFinding] {
        do throws(ConfigurationError) {
            guard try ConfigurationFile.read(path: configPath, required: false) != nil else {
                return [
                    .ok(.configuration, "no config file at \(configPath); the defaults apply"), .note(.configuration, Self.spokenWord(PlayerConfiguration())),
                ]
            }
            configuration = try HeadsetConfiguration.load(path: configPath, required: false)
            let player = try PlayerConfiguration.load(path: configPath, required: false)
            return [.ok(.configuration, "\(configPath) parses"), .note(.configuration, Self.spokenWord(player))]
        } catch {
            let place = error.line > 0 ? "line \(error.line) of \(configPath)" : configPath
            return [
                .failed(
                    .configuration, "\(configPath) does not parse, so headsetd and remote-playerd refuse to start: \(error.description)",
                    fix: "edit \(place) (\(error.message)); dist/config.example.toml lists every key and its values")
            ]
        }
    }

    /// What remote-playerd does for podcasts and audiobooks with `player`'s settings, in a sentence.
    static func spokenWord(_ player: PlayerConfiguration) -> String {
        let places = player.rememberPosition.map {
            "keeps where each episode was left after \(DurationText.format($0)) of it (spoken word and long entries; songs start from 0)"
        } ?? "keeps no episode's place (remember-position = \"off\")"
        let chapters = player.chapterSteps.map { "Next and Previous step through the chapters of files of \(DurationText.format($0)) or more" }
            ?? "Next and Previous never step through chapters (chapter-steps = \"off\")"
        let rate = player.rememberRate == .global ? "one rate for every entry" : "each entry's own rate"
        return "remote-playerd \(places); \(chapters); keeps \(rate); its sleep timer fades out over \(DurationText.format(player.sleepFade)) (remotectl sleep)"
    }
}
