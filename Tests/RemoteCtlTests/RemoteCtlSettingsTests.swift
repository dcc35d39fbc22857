import RemoteBridgeText
import RemoteCtl
import Testing

@Suite("remotectl settings")
@MainActor
struct RemoteCtlSettingsTests {
    @Test("position, volume, loop, shuffle and open, read and written")
    func settings() async throws {
        let f = try await CtlFixture()
        let ctl = f.ctl(PlayerSelection(names: ["other"]))
        #expect(await ctl.position("30") == 0)
        #expect(f.other.player.position == .seconds(30))
        #expect(await ctl.position("10+") == 0)
        #expect(await ctl.position("5-") == 0)
        #expect(f.other.player.position == .seconds(35))
        #expect(await ctl.position(nil) == 0)
        #expect(f.out.last == "35.000")
        #expect(await ctl.position("soon") == 2)
        // Past the end of the 3-minute track: MPRIS players ignore it silently; remotectl says so.
        #expect(await ctl.position("9999") == 1)
        #expect(f.err.last == "remotectl: other: position failed: org.freedesktop.DBus.Error.InvalidArgs: 9999 s is past the end of the track (180.0 s); nothing done")
        #expect(f.other.player.position == .seconds(35))
        #expect(await ctl.volume("0.5") == 0)
        #expect(await ctl.volume("0.25+") == 0)
        #expect(f.other.player.volume == 0.75)
        #expect(await ctl.volume("2-") == 0)
        #expect(f.other.player.volume == 0)
        #expect(await ctl.loop("Playlist") == 0)
        #expect(f.other.player.loopStatus == .playlist)
        #expect(await ctl.loop(nil) == 0)
        #expect(f.out.last == "Playlist")
        #expect(await ctl.loop("forever") == 2)
        #expect(await ctl.shuffle("toggle") == 0)
        #expect(f.other.player.shuffle)
        #expect(await ctl.shuffle(nil) == 0)
        #expect(f.out.last == "On")
        #expect(await ctl.open("https://example.com/a.mp3") == 0)
        #expect(f.other.player.currentTrack?.url == "https://example.com/a.mp3")
        #expect(await ctl.open("gopher://x") == 1)
        #expect(f.err.last?.contains("NotSupported") == true)
        let viaBinary = try await f.run(["volume", "-p", "other"])
        #expect(viaBinary.output == "0.00")
        #expect(try await f.run(["volume", "--json", "-p", "other"]).output == #"{"player":"other","volume":0.00}"#)
        #expect(await ctl.loop(nil, json: true) == 0)
        #expect(f.out.last == #"{"player":"other","loop":"Playlist"}"#)
        #expect(await ctl.shuffle(nil, json: true) == 0)
        #expect(f.out.last == #"{"player":"other","shuffle":true}"#)
        #expect(await ctl.position(nil, json: true) == 0)
        #expect(f.out.last?.hasPrefix(#"{"player":"other","position":"#) == true)
        #expect(try await f.run(["loop", "sometimes", "-p", "other"]).status == 2)
    }

    @Test("an argument of one 1 MiB grapheme is quoted in a few hundred bytes, by remotectl and in the player's error")
    func graphemeArgument() async throws {
        let f = try await CtlFixture()
        let ctl = f.ctl(PlayerSelection(names: ["other"]))
        // One letter and 524288 combining accents: a single Character.
        let grapheme = "a" + String(repeating: "\u{301}", count: 1 << 19)
        #expect(await ctl.volume(grapheme) == 2)
        #expect(await ctl.loop(grapheme) == 2)
        #expect(await ctl.shuffle(grapheme) == 2)
        #expect(await ctl.position(grapheme) == 2)
        #expect(f.err.count == 4)
        for message in f.err {
            #expect(message.utf8.count < 400, "\(message.utf8.count) bytes")
            #expect(message.contains(OutsideText.quoted(grapheme)))
        }
        // Refused by the player: its D-Bus error quotes the URI, and remotectl passes that on.
        #expect(await ctl.open("gopher://" + grapheme) == 1)
        let refused = try #require(f.err.last)
        #expect(refused.contains("NotSupported"))
        #expect(refused.utf8.count < 1024, "\(refused.utf8.count) bytes")
        #expect(refused.contains("… (1048586 bytes)"))
        // Through the binary, with as long a grapheme as one argument may be (128 KiB).
        let argument = "a" + String(repeating: "\u{301}", count: 60_000)
        let result = try await f.run(["loop", argument, "-p", "other"])
        #expect(result.status == 2)
        #expect(result.standardError.utf8.count < 400, "\(result.standardError.utf8.count) bytes")
        #expect(result.standardError.contains(OutsideText.quoted(argument)))
    }
}
