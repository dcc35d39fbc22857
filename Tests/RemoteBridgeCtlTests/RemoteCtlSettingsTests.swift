// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeTesting
import RemoteBridgeText
import Testing

@Suite("remotectl settings")
@MainActor
struct RemoteCtlSettingsTests {
    @Test("position, volume, loop, shuffle and open, read and written, with playerctl's output and messages")
    func settings() async throws {
        let f = try await CtlFixture()
        // Paused: playerctl (and so remotectl) shows a stopped player's position as 0.
        f.other.player.play()
        f.other.player.pause()
        let other = ["-p", "other"]
        #expect(await f.command(other + ["position", "30"]) == 0)
        #expect(f.other.player.position == .seconds(30))
        #expect(await f.command(other + ["position", "10+"]) == 0)
        #expect(await f.command(other + ["position", "5-"]) == 0)
        #expect(f.other.player.position == .seconds(35))
        #expect(await f.command(other + ["position"]) == 0)
        #expect(f.out.last == "35.000000")
        #expect(await f.command(other + ["position", "soon"]) == 1)
        #expect(f.err.last == "Could not execute command: Could not parse position as a number: soon\n")
        #expect(await f.command(other + ["volume", "0.5"]) == 0)
        #expect(await f.command(other + ["volume", "0.25+"]) == 0)
        #expect(f.other.player.volume == 0.75)
        #expect(await f.command(other + ["volume"]) == 0)
        #expect(f.out.last == "0.750000")
        #expect(await f.command(other + ["loop", "Playlist"]) == 0)
        #expect(f.other.player.loopStatus == .playlist)
        #expect(await f.command(other + ["loop"]) == 0)
        #expect(f.out.last == "Playlist")
        #expect(await f.command(other + ["loop", "forever"]) == 1)
        #expect(f.err.last == "Could not execute command: Got unknown loop status: 'forever' (expected 'none', 'playlist', or 'track').")
        #expect(await f.command(other + ["shuffle", "toggle"]) == 0)
        #expect(f.other.player.shuffle)
        #expect(await f.command(other + ["shuffle"]) == 0)
        #expect(f.out.last == "On")
        #expect(await f.command(other + ["open", "https://example.com/a.mp3"]) == 0)
        #expect(f.other.player.currentTrack?.url == "https://example.com/a.mp3")
        #expect(await f.command(other + ["open", "gopher://x"]) == 1)
        #expect(f.err.last?.hasPrefix("Could not execute command: GDBus.Error:org.freedesktop.DBus.Error.NotSupported: ") == true)
        #expect(await f.command(other + ["volume", "--json"]) == 0)
        #expect(f.out.last == #"{"player":"other","volume":0.750000}"#)
        #expect(await f.command(other + ["loop", "--json"]) == 0)
        #expect(f.out.last == #"{"player":"other","loop":"Playlist"}"#)
        #expect(await f.command(other + ["shuffle", "--json"]) == 0)
        #expect(f.out.last == #"{"player":"other","shuffle":true}"#)
        #expect(await f.command(["volume", "--json", "--live"]) == 2)
        #expect(await f.command(other + ["play", "--format", "x"]) == 1)
        #expect(f.err.last == "Could not execute command: format strings are not supported on command: play")
        #expect(await f.command(other + ["volume", "0.5", "--format", "x"]) == 1)
        #expect(f.err.last == "Could not execute command: format strings are not supported on command functions.")
        #expect(await f.command(other + ["next", "--follow"]) == 1)
        #expect(f.err.last == "Could not execute command: follow is not supported on command: next")
    }

    @Test("a 1 MiB one-grapheme argument is echoed in a few hundred bytes, and the player's refusal of it too")
    func graphemeArgument() async throws {
        let f = try await CtlFixture()
        // One letter and 524288 combining accents: a single Character.
        let grapheme = "a" + String(repeating: "\u{301}", count: 1 << 19)
        for command in [["volume", grapheme], ["loop", grapheme], ["shuffle", grapheme], ["position", grapheme]] {
            #expect(await f.command(["-p", "other"] + command) == 1)
        }
        #expect(f.err.count == 4)
        for message in f.err {
            #expect(message.utf8.count < 400, "\(message.utf8.count) bytes")
            #expect(message.contains(OutsideText.quoted(grapheme)))
        }
        // Refused by the player: its D-Bus error quotes the URI, and remotectl passes that on.
        #expect(await f.command(["-p", "other", "open", "gopher://" + grapheme]) == 1)
        let refused = try #require(f.err.last)
        #expect(refused.contains("NotSupported"))
        #expect(refused.utf8.count < 1024, "\(refused.utf8.count) bytes")
        #expect(refused.contains("… (1048586 bytes)"))
    }
}
