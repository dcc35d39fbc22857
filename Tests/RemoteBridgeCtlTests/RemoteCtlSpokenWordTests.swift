// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// `remotectl rate`, `chapter` and `sleep` against a real remote-playerd, and against a player of
/// another program (the scripted player mpris-test-player serves), on a private bus.
@Suite("remotectl rate, chapter and sleep, with remote-playerd and another player", .serialized)
@MainActor
struct RemoteCtlSpokenWordTests {
    @Test("chapter: list, a chapter by the number list prints, next, and the current one; a number past the last is named")
    func chapters() async throws {
        let world = try await SpokenWordWorld()
        defer { world.stop() }
        let p = ["-p", "remotebridge"]
        try #require(try await world.chaptersKnown())
        let list = await world.remotectl(p + ["chapter", "list"])
        #expect(list.status == 0, "\(list.err)")
        #expect(list.out == ["* 0  0:00:00  Intro", "  1  0:00:10  Middle", "  2  0:00:20  End"])
        #expect(await world.remotectl(p + ["chapter", "1"]).status == 0)
        #expect(try await world.until { try await world.playback(Playback1Interface.chapter).int64Value == 1 })
        #expect(await world.remotectl(p + ["chapter"]).out == ["1 Middle"])
        let position = try await world.player.position()
        #expect(position >= .milliseconds(9800) && position <= .milliseconds(10_200), "\(position)")
        #expect(await world.remotectl(p + ["chapter", "--json"]).out == [#"{"player":"remotebridge","chapter":1,"title":"Middle","start":10.000000}"#])
        #expect(await world.remotectl(p + ["chapter", "next"]).status == 0)
        #expect(try await world.until { try await world.playback(Playback1Interface.chapter).int64Value == 2 })
        #expect(await world.remotectl(p + ["chapter", "list"]).out.last == "* 2  0:00:20  End")
        let past = await world.remotectl(p + ["chapter", "7"])
        #expect(past.status == 1)
        #expect(past.err == ["remotectl: remotebridge: no chapter 7; its chapters are 0 to 2 (remotectl chapter list)"])
        let bad = await world.remotectl(p + ["chapter", "-1x"])
        #expect(bad.status == 2)
    }

    @Test("sleep: off, a length, more time, the end of the track and off again; a mistyped value is named before any player is looked for")
    func sleepTimer() async throws {
        let world = try await SpokenWordWorld()
        defer { world.stop() }
        let p = ["-p", "remotebridge"]
        #expect(await world.remotectl(p + ["sleep"]).out == ["off"])
        #expect(await world.remotectl(p + ["sleep", "20m"]).status == 0)
        #expect(try await world.playback(Playback1Interface.sleepTimer).stringValue == "time")
        // Paused: the time left does not count down.
        #expect(await world.remotectl(p + ["sleep"]).out == ["time, 20:00 left"])
        #expect(await world.remotectl(p + ["sleep", "+15m"]).status == 0)
        #expect(await world.remotectl(p + ["sleep"]).out == ["time, 35:00 left"])
        #expect(await world.remotectl(p + ["sleep", "--json"]).out == [#"{"player":"remotebridge","sleep":"time","remaining":2100.000000}"#])
        #expect(await world.remotectl(p + ["sleep", "end-of-track"]).status == 0)
        let ending = await world.remotectl(p + ["sleep"]).out
        #expect(ending.first?.hasPrefix("end-of-track") == true, "\(ending)")
        #expect(await world.remotectl(p + ["sleep", "off"]).status == 0)
        #expect(await world.remotectl(p + ["sleep"]).out == ["off"])
        #expect(await world.remotectl(p + ["sleep", "--json"]).out == [#"{"player":"remotebridge","sleep":"off","remaining":null}"#])
        // Checked before anything: with no such player, the value is still what is named.
        let bad = await world.remotectl(["-p", "nobody", "sleep", "20 minutes"])
        #expect(bad.status == 2)
        #expect(bad.err.count == 1)
        #expect(bad.err.first?.hasPrefix(#"remotectl: sleep: "20 minutes" is not a sleep timer; use a length of playing time (20m, 1h30m"#) == true, "\(bad.err)")
        #expect(await world.remotectl(p + ["sleep", "0"]).status == 2)
        #expect(try await world.playback(Playback1Interface.sleepTimer).stringValue == "off")
    }

    @Test("chapter and sleep on another program's player: it is named, with what they need; exit 1; nothing is called")
    func otherPlayer() async throws {
        let world = try await SpokenWordWorld()
        defer { world.stop() }
        for (arguments, needs) in [(["chapter"], "chapters need"), (["chapter", "next"], "chapters need"), (["sleep", "20m"], "the sleep timer needs")] {
            let result = await world.remotectl(["-p", "scripted"] + arguments)
            #expect(result.status == 1)
            #expect(result.err == ["remotectl: scripted does not serve io.github.remotebridge.Playback1: \(needs) remote-playerd (-p remotebridge)"], "\(arguments)")
        }
        #expect(world.scripted.calls.isEmpty, "\(world.scripted.calls)")
    }

    @Test("rate: read and set on any player, moved by +/-; outside MinimumRate to MaximumRate, 0 or unreadable is refused")
    func rate() async throws {
        let world = try await SpokenWordWorld()
        defer { world.stop() }
        let s = ["-p", "scripted"]
        #expect(await world.remotectl(s + ["rate"]).out == ["1.000000"])
        #expect(await world.remotectl(s + ["rate", "1.5"]).status == 0)
        #expect(await world.remotectl(s + ["rate", "0.25+"]).status == 0)
        #expect(world.scripted.calls("Set").map(\.description) == [#"Set "Rate" 1.5"#, #"Set "Rate" 1.75"#])
        #expect(await world.remotectl(s + ["rate", "--json"]).out == [#"{"player":"scripted","rate":1.750000}"#])
        let high = await world.remotectl(s + ["rate", "3"])
        #expect(high.status == 1)
        #expect(high.err == ["remotectl: scripted: rate 3 is outside what it plays: 0.5 to 2 (MinimumRate to MaximumRate)"])
        let zero = await world.remotectl(s + ["rate", "2-"])
        #expect(zero.status == 1)
        #expect(zero.err.first?.contains("more than 0") == true, "\(zero.err)")
        let unreadable = await world.remotectl(s + ["rate", "fast"])
        #expect(unreadable.status == 2)
        #expect(unreadable.err.first?.hasPrefix(#"remotectl: rate: "fast" is not a rate"#) == true, "\(unreadable.err)")
        #expect(world.scripted.calls("Set").count == 2)
        // remote-playerd: the same verb, through MPRIS.
        #expect(await world.remotectl(["-p", "remotebridge", "rate", "1.25"]).status == 0)
        #expect(try await world.until { try await world.player.property(PlayerInterface.rate).doubleValue == 1.25 })
        #expect(await world.remotectl(["-p", "remotebridge", "rate"]).out == ["1.250000"])
        #expect(await world.remotectl(["-p", "remotebridge", "rate", "--format", "{{x}}"]).status == 1)
    }
}
