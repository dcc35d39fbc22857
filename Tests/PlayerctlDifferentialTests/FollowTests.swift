// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

/// `--follow`: a line per change of the followed property, an empty line when no player can
/// answer, the most recently changed player, no repeated lines, a tick each second for position.
///
/// Each step makes a change on the players and waits for the line it brings; a change that
/// must bring no line is followed by one that does, so an extra line shows as a difference.
@Suite("playerctl differential: --follow", .serialized)
@MainActor
struct FollowTests {
    @Test("status -F: a line per status change", arguments: [
        ["status", "-F"], ["status", "--follow"], ["-F", "status"], ["--follow", "status"],
    ])
    func status(arguments: [String]) async throws {
        let d = try Differential()
        let vlc = try await d.add("vlc")
        let run = try await d.follow(arguments)
        defer { run.stop() }
        await run.expectLines(1, ["Paused"])
        vlc.set("PlaybackStatus", .string("Playing"))
        await run.expectLines(2, ["Paused", "Playing"])
        // Another property changes: nothing, then a status change.
        vlc.set("Volume", .double(0.2))
        vlc.set("PlaybackStatus", .string("Stopped"))
        await run.expectLines(3, ["Paused", "Playing", "Stopped"])
    }

    @Test("metadata --format '{{artist}} - {{title}}' --follow: repeated lines are not printed", arguments: [
        ["metadata", "--format", "{{artist}} - {{title}}", "--follow"], ["metadata", "--format", "{{artist}} - {{title}}", "-F"],
        ["-F", "-f", "{{artist}} - {{title}}", "metadata"],
    ])
    func metadata(arguments: [String]) async throws {
        let d = try Differential()
        let vlc = try await d.add("vlc")
        let run = try await d.follow(arguments)
        defer { run.stop() }
        await run.expectLines(1, ["Artist - Title"])
        vlc.setMetadata([("xesam:title", .string("Title")), ("xesam:artist", .strings(["Artist"])), ("xesam:album", .string("Other"))])
        vlc.set("PlaybackStatus", .string("Playing"))
        vlc.setMetadata([("xesam:title", .string("Next")), ("xesam:artist", .strings(["Artist"]))])
        await run.expectLines(2, ["Artist - Title", "Artist - Next"])
        vlc.setMetadata([])
        await run.expectLines(3)
        vlc.setMetadata([("xesam:title", .string("Back"))])
        await run.expectLines(4)
    }

    @Test("the followed player is the one whose followed property changed last", arguments: [
        // playerctl starts on the last player in sort order (it puts each before its equals),
        // here also the only one playing.
        (["status", "-F"], "Playing"), (["-p", "%any", "status", "-F"], "Playing"),
    ])
    func mostRecent(arguments: [String], first: String) async throws {
        let d = try Differential()
        let a = try await d.add("a")
        let b = try await d.add("b") { $0.player["PlaybackStatus"] = .string("Playing") }
        let run = try await d.follow(arguments)
        defer { run.stop() }
        await run.expectLines(1, [first])
        a.set("PlaybackStatus", .string("Stopped"))
        await run.expectLines(2, [first, "Stopped"])
        b.set("PlaybackStatus", .string("Paused"))
        await run.expectLines(3, [first, "Stopped", "Paused"])
        // Changes of what status does not show move nobody: a's next status prints.
        b.set("Volume", .double(0.1))
        a.set("Shuffle", .bool(true))
        a.set("PlaybackStatus", .string("Playing"))
        await run.expectLines(4, [first, "Stopped", "Paused", "Playing"])
    }

    @Test("with no player playing, the last player in -l's order first (the system bus's last)")
    func lastPlayerFirst() async throws {
        let d = try Differential()
        let a = try await d.add("a")
        try await d.add("b") { $0.player["PlaybackStatus"] = .string("Stopped") }
        try await d.add("mpd", on: .system) { $0.player["PlaybackStatus"] = .string("Stopped") }
        let run = try await d.follow(["metadata", "-F", "-f", "{{playerInstance}} {{status}}"])
        defer { run.stop() }
        await run.expectLines(1, ["mpd Stopped"])
        a.set("PlaybackStatus", .string("Playing"))
        await run.expectLines(2, ["mpd Stopped", "a Playing"])
    }

    @Test("with -p, the priority list outranks the most recent change")
    func priorityOverRecency() async throws {
        let d = try Differential()
        let a = try await d.add("a")
        let b = try await d.add("b") { $0.player["PlaybackStatus"] = .string("Playing") }
        let run = try await d.follow(["-p", "a,b", "status", "-F"])
        defer { run.stop() }
        await run.expectLines(1, ["Paused"])
        b.set("PlaybackStatus", .string("Stopped"))
        a.set("PlaybackStatus", .string("Playing"))
        await run.expectLines(2, ["Paused", "Playing"])
    }

    @Test("an empty line when no player can answer, and the next player's line when one comes")
    func playerLeaves() async throws {
        let d = try Differential()
        let vlc = try await d.add("vlc")
        let run = try await d.follow(["-p", "vlc", "status", "-F"])
        defer { run.stop() }
        await run.expectLines(1, ["Paused"])
        vlc.leave()
        await run.expectLines(2, ["Paused", ""])
        let instance = try await d.add("vlc.instance7") { $0.player["PlaybackStatus"] = .string("Playing") }
        await run.expectLines(3, ["Paused", "", "Playing"])
        // A player -p does not select changes nothing; the selected one does.
        let other = try await d.add("mpv") { $0.player["PlaybackStatus"] = .string("Stopped") }
        other.set("PlaybackStatus", .string("Paused"))
        instance.set("PlaybackStatus", .string("Stopped"))
        await run.expectLines(4, ["Paused", "", "Playing", "Stopped"])
    }

    @Test("position -F prints on Seeked")
    func position() async throws {
        let d = try Differential()
        let vlc = try await d.add("vlc") { $0.player["Position"] = .int64(12_345_678) }
        let run = try await d.follow(["position", "-F"])
        defer { run.stop() }
        await run.expectLines(1, ["12.345678"])
        vlc.seek(to: .seconds(30))
        await run.expectLines(2, ["12.345678", "30.000000"])
        vlc.seek(to: .seconds(30))
        vlc.seek(to: .milliseconds(1500))
        await run.expectLines(3, ["12.345678", "30.000000", "1.500000"])
    }

    @Test("volume -F, loop -F and shuffle -F print on their property's change", arguments: [
        (["volume", "-F"], "Volume", DBusValue.double(0.25), DBusValue.double(0.75)),
        (["loop", "-F"], "LoopStatus", .string("Track"), .string("Playlist")),
        (["shuffle", "-F"], "Shuffle", .bool(true), .bool(false)),
        (["volume", "-F", "-f", "{{volume}} {{status}}"], "PlaybackStatus", .string("Stopped"), .string("Paused")),
    ])
    func settings(arguments: [String], property: String, first: DBusValue, second: DBusValue) async throws {
        let d = try Differential()
        let vlc = try await d.add("vlc") { $0.player["Volume"] = .double(0.5) }
        let run = try await d.follow(arguments)
        defer { run.stop() }
        await run.expectLines(1)
        vlc.set(property, first)
        await run.expectLines(2)
        vlc.set(property, second)
        await run.expectLines(3)
    }

    @Test("a template with position ticks each second while playing")
    func tick() async throws {
        let d = try Differential()
        // Half-way into a second, so both programs, started together, print the same seconds.
        try await d.add("vlc") {
            $0.player["PlaybackStatus"] = .string("Playing")
            $0.player["Position"] = .int64(5_500_000)
        }
        let run = try await d.follow(["metadata", "-F", "-f", "{{duration(position)}} {{title}}"])
        defer { run.stop() }
        await run.expectLines(1, ["0:05 Title"], firstOnly: true)
        await run.expectLines(2, ["0:05 Title", "0:06 Title"], firstOnly: true)
    }

    @Test("no player at first: nothing, then the line of the first player to come")
    func noPlayerAtFirst() async throws {
        let d = try Differential()
        let vlc = try await d.add("vlc")
        let run = try await d.follow(["-p", "mpv", "status", "-F"])
        defer { run.stop() }
        // A change on a player not selected, then one that is: only its line.
        vlc.set("PlaybackStatus", .string("Playing"))
        try await d.add("mpv")
        await run.expectLines(1, ["Paused"])
    }

    @Test("follow on a command that cannot follow: refused", arguments: [
        ["play", "-F"], ["open", "x", "--follow"], ["next", "-F", "-s"],
    ])
    func notFollowable(arguments: [String]) async throws {
        let d = try Differential()
        try await d.add("vlc")
        try await d.expectSame(arguments)
    }
}
