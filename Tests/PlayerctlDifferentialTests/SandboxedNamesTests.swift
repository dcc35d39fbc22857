// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// The names sandboxed and repeated players take: Flatpak's `<app-id>.Sandboxed.instance-<n>`
/// (an app id has dots of its own), Firefox's `firefox.instance_<pid>_<n>`, Chromium's
/// `chromium.instance<pid>`, VLC's `vlc` beside `vlc.instance<pid>` on one connection. `-p`,
/// `-i`, `-a`, `-l` and the name variables must pick the same players as playerctl does.
@Suite("playerctl differential: sandboxed and repeated player names", .serialized)
@MainActor
struct SandboxedNamesTests {
    /// Every kind of name, with vlc's two on one connection of each world.
    private func world() async throws -> Differential {
        let d = try Differential()
        for name in [
            "org.gnome.Epiphany.Sandboxed.instance-2", "org.gnome.Epiphany.Sandboxed.instance-3", "firefox.instance_1_23", "chromium.instance4242", "vlc",
        ] {
            try await d.add(name)
        }
        for world in [d.reference, d.candidate] {
            let vlc = try #require(world.players.last)
            #expect(try await vlc.connection.requestName(MPRISNames.busNamePrefix + "vlc.instance42") == .primaryOwner)
        }
        return d
    }

    @Test("which players each command line reaches", arguments: [
        ["-l"], ["-a", "status"], ["-p", "org.gnome.Epiphany", "play"], ["-p", "org.gnome.Epiphany", "-a", "pause"],
        ["-p", "org.gnome.Epiphany.Sandboxed", "-a", "pause"], ["-p", "org", "-a", "stop"], ["-p", "org.gnome", "play"],
        ["-p", "Sandboxed", "play"], ["-p", "Epiphany", "play"], ["-p", "org.gnome.Epiphany.Sandboxed.instance-3", "play"],
        ["-p", "org.gnome.Epiphany.Sandboxed.instance", "play"], ["-p", "firefox", "play"], ["-p", "firefox.instance_1", "play"],
        ["-p", "chromium", "next"], ["-p", "chromium.instance4242", "previous"], ["-p", "vlc", "play"], ["-p", "vlc", "-a", "pause"],
        ["-p", "vlc.instance42", "play"], ["-i", "org.gnome.Epiphany", "-a", "pause"], ["-i", "vlc,firefox", "-a", "stop"],
        ["-p", "vlc,org.gnome.Epiphany", "play"], ["-p", "%any,vlc", "play"],
        ["-a", "metadata", "--format", "{{playerName}} {{playerInstance}}"], ["-p", "org.gnome.Epiphany", "-a", "metadata", "--format", "{{playerName}}|{{playerInstance}}"],
    ])
    func selection(arguments: [String]) async throws {
        let d = try await world()
        try await d.expectSame(arguments)
    }

    @Test("playerctl names the players as playerctl lists them, the sandboxed ones included")
    func listed() async throws {
        let d = try await world()
        let result = try await d.expectSame(["-l"])
        #expect(
            result.playerctl.standardOutput.split(separator: "\n")
                == ["chromium.instance4242", "firefox.instance_1_23", "org.gnome.Epiphany.Sandboxed.instance-2", "org.gnome.Epiphany.Sandboxed.instance-3", "vlc", "vlc.instance42"])
    }
}

/// With playerctld running, playerctl takes the players in its order of activity: of two
/// instances of one player, `-p NAME` reaches the one active last, not the one named exactly.
@Suite("playerctl differential: instances under playerctld", .serialized)
@MainActor
struct PlayerctldInstancesTests {
    @Test("-p vlc reaches the vlc instance playerctld saw active last", arguments: [
        ["-p", "vlc", "play"], ["-p", "vlc", "play-pause"], ["-p", "vlc", "next"], ["-p", "vlc", "status"], ["play"], ["-l"],
    ])
    func mostRecentInstance(arguments: [String]) async throws {
        let d = try Differential()
        try await d.add("vlc")
        let instance = try await d.add("vlc.instance42")
        var daemons: [ObservedProcess] = []
        defer { for daemon in daemons { daemon.kill() } }
        for world in [d.reference, d.candidate] {
            let watcher = try await DBusConnection.connect(to: world.session.address)
            let playerctld = try #require(ChildProcess.findExecutable("playerctld"))
            daemons.append(try await ObservedProcess(executable: playerctld, [], environment: ["DBUS_SESSION_BUS_ADDRESS": world.session.address]))
            var order: [String] = []
            func ask() async {
                order = ((try? await watcher.getProperty(PlayerctldInterface.busName, MPRISNames.objectPath, PlayerctldInterface.playerNames))?.arrayValue ?? [])
                    .compactMap(\.stringValue)
            }
            // playerctld announces nothing of its first look at the bus.
            try await settleByRoundTrips(until: { order.count == 2 }, ask)
            // Made active as `playerctld shift` makes it (the way a player's activity does).
            if order.first != instance.reference.busName {
                _ = try await watcher.call(PlayerctldInterface.busName, MPRISNames.objectPath, PlayerctldInterface.shift)
                await ask()
            }
            #expect(order.first == instance.reference.busName, "playerctld's order: \(order), stderr \(daemons.last?.standardError ?? "")")
        }
        let result = try await d.expectSame(arguments)
        if arguments.last == "play" && arguments.count == 3 {
            #expect(instance.calls.playerctl == ["Play"], "playerctl: \(result.playerctl)")
        }
    }
}
