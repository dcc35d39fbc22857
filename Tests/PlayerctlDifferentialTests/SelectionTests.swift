// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

/// Which player a command reaches: `-p` priority lists, `%any`, instances, `-i`, `-a`, and the
/// system bus.
@Suite("playerctl differential: player selection", .serialized)
@MainActor
struct SelectionTests {
    @Test("-p a,b play: the first of a, b that exists and can play gets Play")
    func priorityList() async throws {
        // a exists and can play.
        var d = try Differential()
        var a = try await d.add("a")
        var b = try await d.add("b")
        try await d.expectSame(["-p", "b,a", "play"])
        #expect(b.calls.playerctl == ["Play"] && a.calls.playerctl.isEmpty)
        // b cannot play: a gets it.
        d = try Differential()
        a = try await d.add("a")
        b = try await d.add("b") { $0.player["CanPlay"] = .bool(false) }
        try await d.expectSame(["-p", "b,a", "play"])
        #expect(a.calls.playerctl == ["Play"] && b.calls.playerctl.isEmpty)
        // b is not there at all.
        d = try Differential()
        a = try await d.add("a")
        try await d.add("c")
        try await d.expectSame(["-p", "b,a", "play"])
        #expect(a.calls.playerctl == ["Play"])
        // Neither is there.
        d = try Differential()
        try await d.add("c")
        try await d.expectSame(["-p", "b,a", "play"])
        // Spaces around the names.
        d = try Differential()
        a = try await d.add("a")
        try await d.expectSame(["-p", " b , a ", "play"])
        #expect(a.calls.playerctl == ["Play"])
    }

    @Test("-a -p spotify pause: every spotify player, and no other")
    func allOfOneName() async throws {
        let d = try Differential()
        let spotify = try await d.add("spotify")
        let second = try await d.add("spotify.instance2")
        let vlc = try await d.add("vlc")
        let spotifyd = try await d.add("spotifyd")
        try await d.expectSame(["-a", "-p", "spotify", "pause"])
        #expect(spotify.calls.playerctl == ["Pause"] && second.calls.playerctl == ["Pause"])
        #expect(vlc.calls.playerctl.isEmpty && spotifyd.calls.playerctl.isEmpty)
        try await d.expectSame(["-a", "status"])
        try await d.expectSame(["-a", "-p", "vlc,spotify", "status"])
        try await d.expectSame(["-a", "-i", "spotify", "pause"])
    }

    @Test("%any in the priority list", arguments: [
        ["-p", "%any,vlc", "play"], ["-p", "vlc,%any", "play"], ["-p", "%any", "play"], ["-p", "mpv,%any,vlc", "play"],
        ["-p", "%any,vlc", "-a", "status"], ["-p", "vlc,%any", "-a", "status"],
    ])
    func any(arguments: [String]) async throws {
        let d = try Differential()
        try await d.add("chromium")
        try await d.add("vlc") { $0.player["PlaybackStatus"] = .string("Stopped") }
        try await d.add("mpv") { $0.player["CanPlay"] = .bool(false) }
        try await d.expectSame(arguments)
    }

    @Test("-p name matches name and name.<anything>, nothing else", arguments: [
        ["-p", "name", "play"], ["-p", "kdeconnect", "play"], ["-p", "name.i_2", "play"], ["-p", "nam", "play"],
        ["-p", "kdeconnect.mpris_000001", "status"], ["-p", "mpris_000001", "play"], ["-a", "-p", "name", "status"],
        ["-i", "name", "play"], ["-i", "kdeconnect", "-a", "status"], ["-l"],
    ])
    func instances(arguments: [String]) async throws {
        let d = try Differential()
        try await d.add("name.i_2")
        try await d.add("kdeconnect.mpris_000001") { $0.player["PlaybackStatus"] = .string("Stopped") }
        try await d.add("namesake")
        try await d.expectSame(arguments)
    }

    @Test("-i a,b: neither a nor b is chosen", arguments: [
        ["-i", "a,b", "play"], ["-i", "a", "play"], ["-i", "a,b,c", "play"], ["-i", "a", "-p", "a,b", "play"], ["-i", "a.x", "play"],
    ])
    func ignore(arguments: [String]) async throws {
        let d = try Differential()
        try await d.add("a")
        try await d.add("b")
        try await d.add("c")
        try await d.expectSame(arguments)
    }

    @Test("a player on the system bus is listed and controlled")
    func systemBus() async throws {
        let d = try Differential()
        let daemon = try await d.add("mpd", on: .system) { $0.player["Volume"] = .double(0.25) }
        try await d.expectSame(["-l"])
        try await d.expectSame(["play"])
        #expect(daemon.calls.playerctl == ["Play"])
        try await d.expectSame(["status"])
        try await d.expectSame(["volume"])
        try await d.expectSame(["-p", "mpd", "next"])
        try await d.expectSame(["metadata", "title"])
        #expect(daemon.calls.playerctl == ["Play", "Next"])
    }

    @Test("the same name on both buses: the session bus player first")
    func bothBuses() async throws {
        let d = try Differential()
        let session = try await d.add("vlc")
        let system = try await d.add("vlc", on: .system)
        try await d.expectSame(["-l"])
        try await d.expectSame(["play"])
        #expect(session.calls.playerctl == ["Play"] && system.calls.playerctl.isEmpty)
        try await d.expectSame(["-a", "pause"])
        #expect(system.calls.playerctl == ["Pause"])
    }

    @Test("without -p, the first name in sort order when it is also the one playing")
    func noPlayerOption() async throws {
        let d = try Differential()
        let first = try await d.add("audacious") { $0.player["PlaybackStatus"] = .string("Playing") }
        try await d.add("vlc")
        try await d.expectSame(["pause"])
        #expect(first.calls.playerctl == ["Pause"])
        try await d.expectSame(["metadata", "title"])
        try await d.expectSame(["-i", "audacious", "status"])
    }
}
