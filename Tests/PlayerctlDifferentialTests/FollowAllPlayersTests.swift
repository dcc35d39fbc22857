// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

/// `--all-players --follow`: playerctl keeps no priority order then. It takes the selected
/// players in `-l`'s order (`-p`'s order when given) and puts each first, so the last comes
/// first; a player whose followed property changes, or that appears, goes first; one that
/// vanishes leaves the next in line to answer. `-p` and `-i` only choose the players.
///
/// As in `FollowTests`, a change that must print nothing is followed by one that prints.
@Suite("playerctl differential: --all-players --follow", .serialized)
@MainActor
struct FollowAllPlayersTests {
    @Test("-a -p test3,test2,test1 metadata --format --follow: the last named player first, then whichever named one changed last")
    func reported() async throws {
        let d = try Differential()
        let test1 = try await d.add("test1")
        let test2 = try await d.add("test2")
        let test3 = try await d.add("test3")
        let test4 = try await d.add("test4")
        let run = try await d.follow([
            "--all-players", "--player", "test3,test2,test1", "metadata", "--format", "{{playerInstance}}: {{artist}} - {{title}}", "--follow",
        ])
        defer { run.stop() }
        var expected = ["test1: Artist - Title"]
        await run.expectLines(1, expected)
        // test4 is not named: nothing, then test1's change.
        test4.setMetadata(Self.track(2, "artist2", "title2"))
        for (player, name, track) in [(test1, "test1", 3), (test2, "test2", 4), (test3, "test3", 5), (test2, "test2", 6), (test1, "test1", 7)] {
            player.setMetadata(Self.track(track, "artist2", "title2"))
            expected.append("\(name): artist2 - title2")
            await run.expectLines(expected.count, expected)
        }
        // The player that printed last leaves: the one that changed before it answers.
        for (leaving, next) in [(test1, "test2: artist2 - title2"), (test2, "test3: artist2 - title2"), (test3, "")] {
            leaving.leave()
            expected.append(next)
            await run.expectLines(expected.count, expected)
        }
    }

    @Test("-a status -F: both buses' players, the system bus's last one first, none put first for playing")
    func status() async throws {
        let d = try Differential()
        let a = try await d.add("a") { $0.player["PlaybackStatus"] = .string("Playing") }
        let b = try await d.add("b")
        let mpd = try await d.add("mpd", on: .system) { $0.player["PlaybackStatus"] = .string("Stopped") }
        let run = try await d.follow(["-a", "status", "-F"])
        defer { run.stop() }
        await run.expectLines(1, ["Stopped"])
        // A property status does not show: nothing; then b's status.
        a.set("Volume", .double(0.5))
        b.set("PlaybackStatus", .string("Playing"))
        await run.expectLines(2, ["Stopped", "Playing"])
        // A player that appears goes first.
        let vlc = try await d.add("vlc")
        await run.expectLines(3, ["Stopped", "Playing", "Paused"])
        // b leaves from behind vlc: nothing; then vlc leaves, and mpd, next in line, answers.
        await b.leaveInOrder()
        vlc.leave()
        await run.expectLines(4, ["Stopped", "Playing", "Paused", "Stopped"])
        mpd.leave()
        await run.expectLines(5, ["Stopped", "Playing", "Paused", "Stopped", "Playing"])
        a.leave()
        await run.expectLines(6, ["Stopped", "Playing", "Paused", "Stopped", "Playing", ""])
    }

    @Test("-a -i b metadata --format '{{playerInstance}} {{status}}' -F: ignored players never print, old or new")
    func ignored() async throws {
        let d = try Differential()
        let a = try await d.add("a")
        let b = try await d.add("b")
        let c = try await d.add("c")
        let run = try await d.follow(["-a", "-i", "b", "metadata", "--format", "{{playerInstance}} {{status}}", "-F"])
        defer { run.stop() }
        await run.expectLines(1, ["c Paused"])
        // The template names status, so a status change moves its player; b's does not count.
        b.set("PlaybackStatus", .string("Stopped"))
        a.set("PlaybackStatus", .string("Playing"))
        await run.expectLines(2, ["c Paused", "a Playing"])
        // An instance of b appears: nothing; d appears: its line.
        try await d.add("b.instance2") { $0.player["PlaybackStatus"] = .string("Stopped") }
        let e = try await d.add("e") { $0.player["PlaybackStatus"] = .string("Stopped") }
        await run.expectLines(3, ["c Paused", "a Playing", "e Stopped"])
        c.setMetadata([("xesam:title", .string("Next"))])
        await run.expectLines(4, ["c Paused", "a Playing", "e Stopped", "c Paused"])
        await e.leaveInOrder()
        c.leave()
        await run.expectLines(5, ["c Paused", "a Playing", "e Stopped", "c Paused", "a Playing"])
    }

    @Test("-a with every followed command: the last player first, then the last changed, the next in line when it leaves", arguments: [
        AllPlayersForm(["-a", "position", "-F"], .position, (1...5).map { .int64(Int64($0) * 1_000_000) }),
        AllPlayersForm(["-a", "volume", "-F"], .property("Volume"), (1...5).map { .double(Double($0) / 10) }),
        AllPlayersForm(
            ["-a", "loop", "-F", "-f", "{{playerInstance}} {{loop}}"], .property("LoopStatus"),
            ["None", "Track", "Playlist", "None", "Track"].map { .string($0) }),
        AllPlayersForm(["-a", "shuffle", "-F", "-f", "{{playerInstance}} {{shuffle}}"], .property("Shuffle"), [false, true, true, false, false].map { .bool($0) }),
        AllPlayersForm(["-a", "metadata", "title", "-F"], .property("Metadata"), (0..<5).map { .title("T\($0)") }),
        AllPlayersForm(["-a", "metadata", "-F"], .property("Metadata"), (0..<5).map { .title("T\($0)") }),
    ])
    func everyCommand(form: AllPlayersForm) async throws {
        let d = try Differential()
        let a = try await d.add("a") { form.configure(&$0, form.values[0]) }
        let b = try await d.add("b") { form.configure(&$0, form.values[1]) }
        let run = try await d.follow(form.arguments)
        defer { run.stop() }
        await run.expectLines(1)
        form.change(a, to: form.values[2])
        await run.expectLines(2)
        // A property the command does not follow: nothing; then b's followed one.
        b.set("CanGoNext", .bool(false))
        form.change(b, to: form.values[3])
        await run.expectLines(3)
        b.leave()
        await run.expectLines(4)
        let c = try await d.add("c") { form.configure(&$0, form.values[4]) }
        await run.expectLines(5)
        // a leaves from behind c: nothing; then c leaves, and no player is left.
        await a.leaveInOrder()
        c.leave()
        await run.expectLines(6)
        #expect(run.playerctl.lines.last == "")
    }

    /// Metadata of one track, as playerctl's own test player sets it.
    private static func track(_ number: Int, _ artist: String, _ title: String) -> [(String, DBusValue)] {
        [("xesam:title", .string(title)), ("xesam:artist", .strings([artist])), ("mpris:trackid", .objectPath("/\(number)"))]
    }
}

/// One `--all-players --follow` command line, the property it follows and five values of it
/// (a's and b's at start, a's and b's next, c's when it comes), each shown differently.
struct AllPlayersForm: Sendable, CustomTestStringConvertible {
    enum Followed: Sendable {
        /// A player property, signalled with PropertiesChanged.
        case property(String)
        /// `Position`, signalled with Seeked.
        case position
    }

    let arguments: [String]
    let followed: Followed
    let values: [DBusValue]

    init(_ arguments: [String], _ followed: Followed, _ values: [DBusValue]) {
        self.arguments = arguments
        self.followed = followed
        self.values = values
    }

    var testDescription: String { arguments.joined(separator: " ") }

    /// A player's properties at start, holding `value`.
    func configure(_ properties: inout ScriptedPlayerProperties, _ value: DBusValue) {
        switch followed {
        case .property(let name): properties.player[name] = value
        case .position: properties.player["Position"] = value
        }
    }

    /// Changes `player`'s followed property to `value`, with the signal a player sends.
    @MainActor
    func change(_ player: TwinPlayer, to value: DBusValue) {
        switch followed {
        case .property(let name): player.set(name, value)
        case .position: player.seek(to: .microseconds(value.int64Value ?? 0))
        }
    }
}

extension DBusValue {
    /// Metadata holding one title.
    fileprivate static func title(_ title: String) -> DBusValue {
        ScriptedPlayerProperties.metadata([("xesam:title", .string(title))])
    }
}
