// SPDX-License-Identifier: Apache-2.0
import Foundation
import Logging
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgeCtl
import RemoteBridgePlayerDaemon
import Testing

/// remotectl against two real players on one private bus: remote-playerd (in-process, real mpv)
/// and mpv with the mpv-mpris plugin.
@Suite("remotectl with remote-playerd and mpv-mpris", .serialized)
@MainActor
struct RealPlayersTests {
    @Test("selection, verbs, templates, JSON, exit codes and monitor, across both players")
    func twoRealPlayers() async throws {
        let bus = try PrivateBus()
        let media = try await TestMedia.make(count: 2)
        var mpv: DaemonProcess?
        defer {
            mpv?.send(SIGKILL)
            bus.stop()
            media.remove()
        }
        var options = RemotePlayerDaemon.Options()
        options.busAddress = bus.address
        options.audioOutput = "null"
        options.noState = true
        options.configPath = media.directory.path + "/empty.toml"
        _ = FileManager.default.createFile(atPath: options.configPath!, contents: Data())
        options.items = media.tones.map(\.path)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let daemon = try await RemotePlayerDaemon(options: options, logger: logger)
        defer { daemon.shutdown() }

        let connection = try await DBusConnection.connect(to: bus.address)
        let appeared = try await SignalRecorder.start(on: connection, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: "org.mpris.MediaPlayer2.mpv"))
        // Started so that it dies with the test process, however the run ends.
        mpv = try await DaemonProcess(
            executable: "/usr/bin/mpv",
            [
                "--no-config", "--ao=null", "--vo=null", "--no-video", "--pause", "--no-terminal", "--idle=yes",
                "--script=/usr/lib/mpv-mpris/mpris.so", media.tones[1].path,
            ], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "HOME": media.directory.path])
        try #require(await appeared.waitFor(count: 1), "mpv with mpv-mpris did not appear")

        let command = InProcessCommand(address: bus.address)
        var out: [String] = []
        var err: [String] = []
        func ctl(_ selection: PlayerSelection = PlayerSelection()) -> RemoteCtl {
            var ctl = RemoteCtl(connection: connection, selection: selection)
            ctl.output = { out.append($0) }
            ctl.errors = { err.append($0) }
            return ctl
        }
        // Nobody plays: the RemoteBridge player is chosen.
        #expect(try await PlayerSelection().resolve(on: connection) == ["org.mpris.MediaPlayer2.remotebridge"])
        // mpv starts playing (it says so in PropertiesChanged): now it is.
        let statuses = try await SignalRecorder.start(
            on: connection, MatchRule(signal: StandardInterfaces.propertiesChanged, path: MPRISNames.objectPath))
        #expect(await command(["-p", "mpv", "play"]) == 0)
        var chosen: [String] = []
        _ = try await statuses.until(asking: {
            chosen = try await PlayerSelection().resolve(on: connection)
            return chosen == ["org.mpris.MediaPlayer2.mpv"]
        })
        #expect(chosen == ["org.mpris.MediaPlayer2.mpv"])
        #expect(await command(["-a", "status", "--json"]) == 0)
        #expect(command.out.suffix(2).sorted() == [#"{"player":"mpv","status":"Playing"}"#, #"{"player":"remotebridge","status":"Paused"}"#])
        // Templates read each player's own metadata.
        #expect(await command(["-p", "remotebridge", "metadata", "-f", "{{playerName}} {{title}} {{duration(mpris:length)}}"]) == 0)
        #expect(command.out.last == "remotebridge Tone 1 0:30")
        // send: through RemoteControl1 to ours, as the closest MPRIS call to mpv.
        #expect(await ctl(PlayerSelection(names: ["remotebridge"])).send("next-track", interval: nil, position: nil) == 0)
        #expect(out.last == "handled by PlayerController")
        #expect(await ctl(PlayerSelection(names: ["mpv"])).send("pause", interval: nil, position: nil) == 0)
        #expect(out.last == "sent as MPRIS")
        // Settings on ours.
        #expect(await command(["-p", "remotebridge", "volume", "0.5"]) == 0)
        // A name that matches no player exits 1, with a message.
        #expect(await command(["-p", "nobody", "next"]) == 1)
        // monitor sees an event sent by send.
        let monitor = await RunningMonitor.start(ctl(PlayerSelection(names: ["remotebridge"])), json: true)
        #expect(await ctl(PlayerSelection(names: ["remotebridge"])).send("toggle-play-pause", interval: nil, position: nil) == 0)
        #expect(await monitor.until { $0.contains("EventDelivered") })
        #expect(monitor.lines.contains { $0.contains(#""signal":"EventDelivered","subtype":"toggle-play-pause","source":"test","outcome":"handled""#) })
        _ = await monitor.stop()

        // Each verb's effect on remote-playerd, checked through mpv's own state.
        let ours = ["-p", "remotebridge"]
        let player = daemon.player
        // Each wait ends at the player's next change or position tick (mpv's events are the
        // clock); a fixed number of bus round trips was too few for a seek on a loaded machine.
        let changes = ChangeWaiter()
        player.listeners.add { [changes] _ in changes.wake() }
        player.reportPositionMoves()
        func settle(_ condition: () -> Bool) async throws {
            _ = await changes.until(condition)
        }
        #expect(await command(ours + ["play"]) == 0)
        try await settle { player.status == .playing }
        #expect(player.status == .playing)
        #expect(await command(ours + ["pause"]) == 0)
        try await settle { player.status == .paused }
        #expect(player.status == .paused)
        #expect(await command(ours + ["play-pause"]) == 0)
        try await settle { player.status == .playing }
        #expect(await command(ours + ["previous"]) == 0)
        try await settle { player.currentIndex == 0 }
        #expect(player.currentIndex == 0)
        #expect(await command(ours + ["next"]) == 0)
        try await settle { player.currentIndex == 1 }
        #expect(player.currentIndex == 1)
        // As playerctl does, remotectl seeks only a player that says CanSeek, and mpv may still be
        // opening the new track (its `seekable` goes false for a moment after the change is
        // heard): then no player can take the seek, and it is tried again at the player's next
        // change, until the limit (time, not a count of tries) ends a failing test.
        let deadline = ContinuousClock.now + .seconds(10)
        var sought = await command(ours + ["position", "12"])
        while sought != 0, ContinuousClock.now < deadline {
            var woken = false
            _ = await changes.until {
                defer { woken = true }
                return woken
            }
            sought = await command(ours + ["position", "12"])
        }
        #expect(sought == 0, "\(command.err)")
        try await settle { player.position >= .seconds(12) }
        #expect(player.position >= .seconds(12))
        #expect(await command(ours + ["position", "5-"]) == 0)
        try await settle { player.position < .seconds(10) }
        #expect(player.position < .seconds(10))
        #expect(await command(ours + ["loop", "track"]) == 0)
        try await settle { player.loop == .track }
        #expect(player.loop == .track)
        #expect(await command(ours + ["shuffle", "on"]) == 0)
        #expect(player.shuffle)
        #expect(await command(ours + ["volume", "0.3"]) == 0)
        try await settle { abs(player.volume - 0.3) < 0.01 }
        #expect(abs(player.volume - 0.3) < 0.01)
        #expect(await command(ours + ["open", media.tones[0].absoluteString]) == 0)
        try await settle { player.entries.count == 3 }
        #expect(player.entries.count == 3)
        #expect(await ctl(PlayerSelection(names: ["remotebridge"])).scan(forward: true, hold: .milliseconds(600)) == 0)
        #expect(await command(ours + ["stop"]) == 0)
        try await settle { player.status == .stopped }
        #expect(player.status == .stopped)
        // And on mpv with mpv-mpris.
        let theirs = ["-p", "mpv"]
        #expect(await command(theirs + ["volume", "0.4"]) == 0)
        #expect(await command(theirs + ["volume"]) == 0)
        #expect(command.out.last == "0.400000")
        #expect(await command(theirs + ["play-pause"]) == 0)
        #expect(await command(theirs + ["status"]) == 0)
        #expect(command.out.last == "Playing" || command.out.last == "Paused")
    }
}
