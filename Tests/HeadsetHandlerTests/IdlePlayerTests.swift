import DBus
import Foundation
import HeadsetHandler
import MPRIS
import RemoteBridgeTesting
import Testing

/// mpv with the mpv-mpris plugin, started with `--idle` and no file, says Playing with the
/// track id `/noplaylist`. It must not take the buttons from the player that played last.
@Suite("headsetd with a real idle mpv + mpv-mpris", .serialized)
@MainActor
struct IdlePlayerTests {
    func startMPV(_ f: HeadsetFixture, name: String, arguments: [String]) async throws -> DaemonProcess {
        let appeared = try await SignalRecorder.start(on: f.client, MatchRule(member: "NameOwnerChanged", arg0: "org.mpris.MediaPlayer2.\(name)"))
        let mpv = try await DaemonProcess(
            executable: "/usr/bin/mpv",
            ["--no-config", "--ao=null", "--vo=null", "--no-video", "--no-terminal", "--script=/usr/lib/mpv-mpris/mpris.so"] + arguments,
            environment: ["DBUS_SESSION_BUS_ADDRESS": f.bus.address, "HOME": NSTemporaryDirectory()])
        try #require(await appeared.waitFor(count: 1), "mpv with mpv-mpris did not appear as \(name)")
        return mpv
    }

    func click(_ f: HeadsetFixture) async throws {
        try await f.call("Click", [.uint32(1), .double(0)])
        f.clock.advance(by: .seconds(1))
    }

    @Test("ours plays then pauses; an idle mpv appears and says Playing; a click resumes ours and leaves mpv alone")
    func idleMPVDoesNotSteal() async throws {
        let f = try await HeadsetFixture()
        try await f.settle { f.handler.tracker.target != nil }
        f.player.play()
        try await f.settleStatus()
        f.player.pause()
        try await f.settleStatus()
        let claims = try await SignalRecorder.start(
            on: f.client, MatchRule(path: MPRISNames.objectPath, interface: MPRISNames.properties, member: "PropertiesChanged", arg0: MPRISNames.player))
        let mpv = try await startMPV(f, name: "mpv", arguments: ["--idle=yes", "--pause"])
        defer { mpv.send(SIGKILL) }
        let mpvName = "org.mpris.MediaPlayer2.mpv"
        let mpvClient = MPRISClient(connection: f.client, busName: mpvName)
        // Once anything unpauses an idle mpv (another client, a desktop key), mpv-mpris says
        // Playing, with nothing loaded and the track id /noplaylist.
        // The lie comes when pause goes from yes to no while idle; a Play that lands while mpv
        // is still starting finds pause already off. So Pause, then Play, until it says Playing.
        var seen: [String] = []
        for _ in 1...20 where try await mpvClient.playbackStatus() != .playing {
            seen.append((try? await mpvClient.property("PlaybackStatus"))?.stringValue ?? "?")
            do {
                try await mpvClient.pause()
                try await mpvClient.play()
            } catch { seen.append("\(error)") }
            _ = await claims.waitFor(count: claims.messages.count + 1, limit: .milliseconds(500))
        }
        try #require(try await mpvClient.playbackStatus() == .playing, "mpv-mpris no longer claims Playing when idle; the test needs a new liar: \(seen)")
        #expect(try await mpvClient.metadata()["mpris:trackid"]?.stringValue == "/noplaylist")
        // headsetd hears it from its first question or from the signal that follows.
        for _ in 0..<50 where f.handler.tracker.players[mpvName]?.status != .playing {
            try await f.client.barrier(with: mpvName)
            try await f.client.barrier(with: f.handler.connection.uniqueName)
            _ = await claims.waitFor(count: claims.messages.count + 1, limit: .milliseconds(100))
        }
        #expect(f.handler.tracker.players[mpvName]?.status == .playing)
        #expect(f.handler.tracker.target == f.served.busName)
        try await click(f)
        try await f.settle { f.player.playbackStatus == .playing }
        #expect(f.player.playbackStatus == .playing)
        try await f.client.barrier(with: mpvName)
        #expect(try await mpvClient.property("PlaybackStatus").stringValue == "Playing")
    }

    @Test("the now-playing mpv exits (kill -9), and the next click goes to ours")
    func nowPlayingPeerExits() async throws {
        let f = try await HeadsetFixture()
        let media = try await TestMedia.make(count: 1, seconds: 30)
        defer { media.remove() }
        try await f.settle { f.handler.tracker.target != nil }
        f.player.play()
        f.player.pause()
        try await f.settleStatus()
        let mpv = try await startMPV(f, name: "mpv", arguments: [media.tones[0].path])
        defer { mpv.send(SIGKILL) }
        let mpvName = "org.mpris.MediaPlayer2.mpv"
        for _ in 0..<500 where f.handler.tracker.nowPlaying != mpvName {
            try await f.client.barrier(with: mpvName)
            try await f.client.barrier(with: f.handler.connection.uniqueName)
        }
        try #require(f.handler.tracker.nowPlaying == mpvName, "mpv playing a file did not become now playing")
        mpv.send(SIGKILL)
        _ = await mpv.waitForExit()
        try await f.settle { f.handler.tracker.players[mpvName] == nil }
        #expect(f.handler.tracker.target == f.served.busName)
        try await click(f)
        try await f.settle { f.player.playbackStatus == .playing }
        #expect(f.player.playbackStatus == .playing)
    }
}
