// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeTesting
import Testing

/// `-l` / `--list-all`: the players' names, sorted, session bus first, selection applied.
@Suite("playerctl differential: listing players", .serialized)
@MainActor
struct ListTests {
    @Test("every spelling lists the session bus players in order, then the system bus players", arguments: [
        ["-l"], ["--list-all"], ["-l", "-s"], ["-s", "--list-all"],
    ])
    func listsAll(arguments: [String]) async throws {
        let d = try Differential()
        try await d.add("vlc")
        try await d.add("chromium.instance2")
        try await d.add("audacious", on: .system)
        try await d.add("spotify")
        let result = try await d.expectSame(arguments)
        #expect(result.playerctl.standardOutput == "chromium.instance2\nspotify\nvlc\naudacious\n")
    }

    @Test("with no players, `No players found` on stderr and exit 0; -s silences it", arguments: [
        ["-l"], ["--list-all"], ["-l", "-s"], ["-l", "--no-messages"],
    ])
    func noPlayers(arguments: [String]) async throws {
        let d = try Differential()
        let result = try await d.expectSame(arguments)
        #expect(result.playerctl.status == 0)
    }

    @Test("-p and -i select what is listed, and -p orders it", arguments: [
        ["-l", "-p", "vlc,chromium"], ["-l", "-p", "spotify"], ["-l", "-i", "vlc"], ["-l", "-i", "vlc,spotify"],
        ["-l", "-p", "%any,chromium"], ["-l", "-p", "vlc,%any"], ["-l", "-p", "nobody"], ["--list-all", "--player=vlc"],
        ["-l", "--ignore-player=chromium"],
    ])
    func selection(arguments: [String]) async throws {
        let d = try Differential()
        try await d.add("vlc")
        try await d.add("vlc.instance42")
        try await d.add("chromium.instance2")
        try await d.add("spotify")
        try await d.expectSame(arguments)
    }
}
