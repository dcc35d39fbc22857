// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeTesting
import Testing

/// The command line itself: version, help, unknown commands and options, options anywhere.
@Suite("playerctl differential: the command line", .serialized)
@MainActor
struct CommandLineTests {
    @Test("--version and -v print vX.Y.Z and exit 0, whatever else is on the line", arguments: [
        ["--version"], ["-v"], ["-v", "play"], ["play", "--version"], ["-l", "-v"],
    ])
    func version(arguments: [String]) async throws {
        let d = try Differential()
        try await d.add("vlc")
        let result = try await d.run(arguments)
        // remotectl prints its own version, on purpose: only the shape is compared.
        let shape = /v[0-9]+\.[0-9]+\.[0-9]+\n/
        #expect(result.playerctl.standardOutput.wholeMatch(of: shape) != nil, "playerctl: \(result.playerctl)")
        #expect(result.remotectl.standardOutput.wholeMatch(of: shape) != nil, "\(result.difference)")
        #expect(result.remotectl.status == result.playerctl.status, "\(result.difference)")
        #expect(result.remotectl.standardError == result.playerctl.standardError, "\(result.difference)")
        d.expectSameCalls(arguments)
    }

    @Test("help, and no command at all, exit as playerctl does (the text may differ on purpose)", arguments: [
        ["--help"], ["-h"], ["play", "--help"], [], ["-p", "vlc"], ["-s"], ["-a"],
    ])
    func help(arguments: [String]) async throws {
        let d = try Differential()
        try await d.add("vlc")
        let result = try await d.run(arguments)
        #expect(result.remotectl.status == result.playerctl.status, "\(result.difference)")
        d.expectSameCalls(arguments)
    }

    @Test("an unknown command: `Command not recognized`, exit 1", arguments: [
        ["bogus"], ["-p", "vlc", "bogus"], ["Play"], ["seek", "5"], ["play-pause-stop"],
    ])
    func unknownCommand(arguments: [String]) async throws {
        let d = try Differential()
        try await d.add("vlc")
        try await d.expectSame(arguments)
    }

    @Test("a command line playerctl rejects: neither program acts on a player", arguments: [
        ["--bogus", "play"], ["play", "--bogus"], ["-x", "play"], ["-pvlc", "play"], ["play", "--player"], ["play", "-p"],
        ["--player=", "play", "--format"], ["-ivlc", "play"], ["-l", "-pvlc"], ["-l", "-ivlc"],
    ])
    func rejected(arguments: [String]) async throws {
        let d = try Differential()
        let vlc = try await d.add("vlc")
        let result = try await d.run(arguments)
        // playerctl exits 0 after `Unknown option …`; remotectl fails with a clearer message, on purpose.
        #expect(result.playerctl.standardError.isEmpty == false, "playerctl: \(result.playerctl)")
        #expect(vlc.calls.playerctl.isEmpty, "playerctl acted: \(vlc.calls.playerctl)")
        #expect(vlc.calls.remotectl.isEmpty, "remotectl acted on a command line playerctl rejects: \(vlc.calls.remotectl); \(result.remotectl)")
        // remotectl gives GOption's reason too, and exit status 2.
        let reason = result.playerctl.standardError.split(separator: "\n").first.map(String.init) ?? "?"
        #expect(result.remotectl.status == 2)
        #expect(result.remotectl.standardError.contains(reason), "\(result.remotectl.standardError)")
    }

    @Test("-p in every spelling and position selects the same player", arguments: [
        ["-p", "vlc", "play"], ["play", "-p", "vlc"], ["--player", "vlc", "play"], ["play", "--player", "vlc"],
        ["--player=vlc", "play"], ["play", "--player=vlc"],
    ])
    func playerOption(arguments: [String]) async throws {
        let d = try Differential()
        let chromium = try await d.add("chromium")
        let vlc = try await d.add("vlc")
        try await d.expectSame(arguments)
        #expect(vlc.calls.playerctl == ["Play"])
        #expect(chromium.calls.playerctl.isEmpty)
    }

    @Test("-i in every spelling and position ignores the player", arguments: [
        ["-i", "chromium", "pause"], ["pause", "-i", "chromium"], ["--ignore-player", "chromium", "pause"],
        ["pause", "--ignore-player", "chromium"], ["--ignore-player=chromium", "pause"], ["pause", "--ignore-player=chromium"],
    ])
    func ignoreOption(arguments: [String]) async throws {
        let d = try Differential()
        let chromium = try await d.add("chromium")
        let vlc = try await d.add("vlc")
        try await d.expectSame(arguments)
        #expect(vlc.calls.playerctl == ["Pause"])
        #expect(chromium.calls.playerctl.isEmpty)
    }

    @Test("-a in every spelling and position reaches every player", arguments: [
        ["-a", "next"], ["next", "-a"], ["--all-players", "next"], ["next", "--all-players"],
    ])
    func allOption(arguments: [String]) async throws {
        let d = try Differential()
        let chromium = try await d.add("chromium")
        let vlc = try await d.add("vlc", on: .system)
        try await d.expectSame(arguments)
        #expect(vlc.calls.playerctl == ["Next"])
        #expect(chromium.calls.playerctl == ["Next"])
    }

    @Test("-f in every spelling and position formats the answer", arguments: [
        ["-f", "{{status}}!", "status"], ["status", "-f", "{{status}}!"], ["--format", "{{status}}!", "status"],
        ["status", "--format", "{{status}}!"], ["--format={{status}}!", "status"], ["status", "--format={{status}}!"],
    ])
    func formatOption(arguments: [String]) async throws {
        let d = try Differential()
        try await d.add("vlc")
        let result = try await d.expectSame(arguments)
        #expect(result.playerctl.standardOutput == "Paused!\n")
    }

    @Test("-s in every spelling and position silences `No players found`, not the status", arguments: [
        ["-s", "play"], ["play", "-s"], ["--no-messages", "play"], ["play", "--no-messages"], ["play"],
    ])
    func noMessagesWithoutPlayers(arguments: [String]) async throws {
        let d = try Differential()
        let result = try await d.expectSame(arguments)
        #expect(result.playerctl.status == 1)
    }

    @Test("-s silences `No player could handle this command`, not the status", arguments: [
        ["-s", "next"], ["next", "--no-messages"], ["next"], ["-s", "-p", "vlc", "play"], ["-p", "vlc", "play"],
    ])
    func noMessagesWhenNobodyCan(arguments: [String]) async throws {
        let d = try Differential()
        try await d.add("vlc") {
            $0.player["CanGoNext"] = .bool(false)
            $0.player["CanPlay"] = .bool(false)
        }
        let result = try await d.expectSame(arguments)
        #expect(result.playerctl.status == 1)
    }
}
