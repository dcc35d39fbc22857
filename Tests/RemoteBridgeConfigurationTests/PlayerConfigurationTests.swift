// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeConfiguration
import RemoteBridgeMPRIS
import Testing

@Suite("Configuration")
struct ConfigurationTests {
    @Test("every key is optional; an empty file gives the defaults")
    func defaults() throws {
        #expect(try PlayerConfiguration.parse("", file: "c.toml") == PlayerConfiguration())
    }

    @Test("every key is read")
    func allKeys() throws {
        let configuration = try PlayerConfiguration.parse(
            """
            [player]
            name = "music"
            audio-output = "pulse"
            supported-uri-schemes = ["file", "HTTPS"]
            previous-restarts-after = 0
            autoplay = true

            [media-keys]
            skip-forward = 15
            skip-backward = 5.5
            """, file: "c.toml")
        #expect(configuration.name == "music")
        #expect(configuration.audioOutput == "pulse")
        #expect(configuration.supportedURISchemes == ["file", "https"])
        #expect(configuration.previousRestartThreshold == .zero)
        #expect(configuration.autoplay)
        #expect(configuration.skipForwardInterval == .seconds(15))
        #expect(configuration.skipBackwardInterval == .milliseconds(5500))
    }

    @Test(
        "a bad file is refused with the file, line and key named",
        arguments: [
            ("[player]\naudio-output = 3", 2, "[player] audio-output", "expected a string"),
            ("[player]\n\nvolume = 1", 3, "[player] volume", "unknown key"),
            ("[players]\nname = \"x\"", 1, "players", "unknown key"),
            ("[player]\nname = \"has space\"", 2, "[player] name", "bus name"),
            ("[media-keys]\nskip-forward = -3", 2, "[media-keys] skip-forward", "outside"),
            ("[player]\nautoplay = \"yes\"", 2, "[player] autoplay", "true or false"),
            ("[player]\nsupported-uri-schemes = [\"file\", 2]", 2, "[player] supported-uri-schemes", "array of strings"),
            ("player = 1", 1, "player", "expected a table"),
            ("[player\n", 1, "", "expected ]"),
            ("[player]\nremember-position = \"soon\"", 2, "[player] remember-position", "not a length of time"),
            ("[player]\nremember-rate = \"each\"", 2, "[player] remember-rate", "global, per-entry"),
            ("[player]\nchapter-steps = -1", 2, "[player] chapter-steps", "outside"),
            ("[player]\nsleep-fade = \"2min\"", 2, "[player] sleep-fade", "outside"),
            ("[media-keys]\nspoken-word-skip-forward = 0", 2, "[media-keys] spoken-word-skip-forward", "outside"),
        ])
    func badFiles(text: String, line: Int, key: String, fragment: String) {
        do {
            _ = try PlayerConfiguration.parse(text, file: "/home/u/.config/remotebridge/config.toml")
            Issue.record("accepted \(text.debugDescription)")
        } catch {
            #expect(error.file == "/home/u/.config/remotebridge/config.toml")
            #expect(error.line == line)
            #expect(error.key == key)
            #expect(error.message.contains(fragment), "\(error.message)")
            #expect(error.description.hasPrefix("/home/u/.config/remotebridge/config.toml:\(line)"))
        }
    }

    @Test("the spoken-word keys: lengths or off, the rate's memory, and spoken word's own skips (music's when unset)")
    func spokenWordKeys() throws {
        let configuration = try PlayerConfiguration.parse(
            """
            [player]
            remember-position = "2m"
            remember-rate = "per-entry"
            chapter-steps = "off"
            sleep-fade = 3

            [media-keys]
            skip-forward = 20
            spoken-word-skip-backward = 30
            """, file: "c.toml")
        #expect(configuration.rememberPosition == .seconds(120))
        #expect(configuration.rememberRate == .perEntry)
        #expect(configuration.chapterSteps == nil)
        #expect(configuration.sleepFade == .seconds(3))
        #expect(configuration.spokenWordSkipForward == .seconds(20), "unset: as music skips")
        #expect(configuration.spokenWordSkipBackward == .seconds(30))
        let off = try PlayerConfiguration.parse("[player]\nremember-position = \"off\"\nchapter-steps = 0", file: "c.toml")
        #expect(off.rememberPosition == nil)
        #expect(off.chapterSteps == .zero)
        let defaults = PlayerConfiguration()
        #expect(defaults.rememberPosition == .seconds(60) && defaults.chapterSteps == .seconds(1200) && defaults.rememberRate == .global)
    }

    @Test("a missing file is fine at the default path and an error when named")
    func missingFile() throws {
        #expect(try PlayerConfiguration.load(path: "/nonexistent/config.toml", required: false) == PlayerConfiguration())
        #expect(throws: ConfigurationError.self) { try PlayerConfiguration.load(path: "/nonexistent/config.toml", required: true) }
    }

    /// One rule for both: a name remote-playerd takes from `--name` it takes from the file too.
    @Test(
        "[player] name is checked by the rule --name follows: a.b passes both, a bad name neither",
        arguments: ["a.b", "remote-bridge_2", "vlc.instance42", "has space", "1digit", "a..b", "trailing.", ".lead", ""])
    func nameRule(name: String) {
        let fromFile = (try? PlayerConfiguration.parse("[player]\nname = \"\(name)\"\n", file: "/c.toml")) != nil
        let fromOption = (try? MPRISNames.validate(name)) != nil
        #expect(fromFile == fromOption)
        #expect(fromFile == ["a.b", "remote-bridge_2", "vlc.instance42"].contains(name))
    }
}
