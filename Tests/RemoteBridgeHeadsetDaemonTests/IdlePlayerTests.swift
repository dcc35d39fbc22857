// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import Foundation
import RemoteBridgeHeadsetDaemon
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// mpv with the mpv-mpris plugin, started with `--idle` and no file, says Playing with the
/// track id `/noplaylist`. It must not take the buttons from the player that played last.
@Suite("headsetd with a real idle mpv + mpv-mpris", .serialized)
@MainActor
struct IdlePlayerTests {
    func startMPV(_ f: HeadsetFixture, name: String, arguments: [String]) async throws -> DaemonProcess {
        let appeared = try await SignalRecorder.start(on: f.client, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: "org.mpris.MediaPlayer2.\(name)"))
        let mpv = try await DaemonProcess(
            executable: "/usr/bin/mpv",
            ["--no-config", "--ao=null", "--vo=null", "--no-video", "--no-terminal", "--script=/usr/lib/mpv-mpris/mpris.so"] + arguments,
            environment: ["DBUS_SESSION_BUS_ADDRESS": f.bus.address, "HOME": NSTemporaryDirectory()])
        try #require(await appeared.waitFor(count: 1), "mpv with mpv-mpris did not appear as \(name)")
        return mpv
    }

    func click(_ f: HeadsetFixture) async throws {
        try await f.call(Headset1Interface.click, [.uint32(1), .double(0)])
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
            on: f.client, MatchRule(signal: StandardInterfaces.propertiesChanged, path: MPRISNames.objectPath, arg0: PlayerInterface.name))
        let mpv = try await startMPV(f, name: "mpv", arguments: ["--idle=yes", "--pause"])
        defer { mpv.send(SIGKILL) }
        let mpvName = "org.mpris.MediaPlayer2.mpv"
        let mpvClient = MPRISClient(connection: f.client, busName: mpvName)
        // Once anything unpauses an idle mpv (another client, a desktop key), mpv-mpris says
        // Playing, with nothing loaded and the track id /noplaylist: the lie comes when pause
        // goes from yes to no while idle. What it says before that depends on how far mpv got
        // in starting (Stopped once idle, Paused before), and a Play sent during start-up can
        // be lost. So unpause it, and again while it does not answer Playing when asked: each
        // round is round trips only, nothing waits for a timeout.
        let owner = try #require(await f.client.nameOwner(mpvName))
        func claimedPlaying() -> Bool {
            claims.messages.contains { $0.sender == owner && $0.body[1].stringDictionaryValue?["PlaybackStatus"]?.stringValue == "Playing" }
        }
        for _ in 1...50 {
            try await mpvClient.pause()
            try await mpvClient.play()
            if try await mpvClient.playbackStatus() == .playing { break }
        }
        try #require(try await mpvClient.playbackStatus() == .playing, "mpv-mpris no longer claims Playing when idle; the test needs a new liar")
        // Its PropertiesChanged says so too; the limit only ends a failing test.
        _ = await claims.until { claimedPlaying() }
        try #require(claimedPlaying())
        #expect(try await mpvClient.metadata()["mpris:trackid"]?.stringValue == "/noplaylist")
        // headsetd got the same signal; round trips until it has handled it.
        try await f.settle { f.handler.tracker.players[mpvName]?.status == .playing }
        #expect(f.handler.tracker.players[mpvName]?.status == .playing)
        #expect(f.handler.tracker.target == f.served.busName)
        try await click(f)
        try await f.settle { f.player.playbackStatus == .playing }
        #expect(f.player.playbackStatus == .playing)
        try await f.client.barrier(with: mpvName)
        #expect(try await mpvClient.property(PlayerInterface.playbackStatus).stringValue == "Playing")
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
        try await f.settle { f.handler.tracker.nowPlaying == mpvName }
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
