// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgeCore
import RemoteBridgePlayerDaemon
import Testing

@Suite("remote-playerd with real mpv", .serialized)
@MainActor
struct PlayerSessionTests {
    @Test("a full playerctl session")
    func playerctlSession() async throws {
        let f = try await PlayerFixture()
        defer { f.stop() }
        await f.until("the first tone is loaded") { f.player.shown?.tags.title == "Tone 1" }
        #expect(try await f.playerctl("status").output == "Paused")
        #expect(try await f.playerctl("play").status == 0)
        await f.until("playing") { f.player.status == .playing }
        #expect(try await f.playerctl("status").output == "Playing")
        let metadata = try await f.playerctl("metadata", "--format", "{{artist}}|{{title}}|{{album}}|{{mpris:artUrl}}|{{duration(mpris:length)}}")
        #expect(metadata.output == "Test Artist|Tone 1|Test Album|\(f.media.cover.absoluteString)|0:30")
        #expect(try await f.playerctl("next").status == 0)
        await f.until("on the second tone") { f.player.shown?.tags.title == "Tone 2" }
        #expect(try await f.playerctl("position", "12").status == 0)
        await f.until("at 12 s") { f.seconds >= 12 }
        #expect(try await f.playerctl("position", "5+").status == 0)
        await f.until("at 17 s") { f.seconds >= 17 }
        #expect(try await f.playerctl("volume", "0.5").status == 0)
        await f.until("volume 50") { f.player.mpvVolume == 50 }
        #expect(try await f.playerctl("loop", "Playlist").status == 0)
        await f.until("looping the playlist") { f.player.loop == .playlist }
        #expect(try await f.playerctl("shuffle", "On").status == 0)
        #expect(f.player.shuffle)
        #expect(try await f.playerctl("pause").status == 0)
        await f.until("paused") { f.player.status == .paused }
        #expect(try await f.playerctl("stop").status == 0)
        await f.until("stopped") { f.player.status == .stopped }
        #expect(f.player.entries.count == 3)
        #expect(try await f.playerctl("open", f.media.tones[0].absoluteString).status == 0)
        await f.until("playing the opened file") { f.player.status == .playing && f.player.entries.count == 4 }
    }

    @Test("every subtype, checked through mpv's own state")
    func everySubtype() async throws {
        let f = try await PlayerFixture()
        defer { f.stop() }
        let app = f.daemon.application
        func send(_ subtype: RemoteControlSubtype, interval: Duration? = nil, position: Duration? = nil) -> DeliveryOutcome {
            app.sendEvent(RemoteControlEvent(subtype: subtype, source: .test, interval: interval, position: position))
        }
        await f.until("loaded") { f.player.current != nil }
        #expect(send(.play) == .handled(by: f.daemon.controller))
        await f.until("playing") { f.player.status == .playing }
        _ = send(.pause)
        await f.until("paused") { f.player.status == .paused }
        _ = send(.togglePlayPause)
        await f.until("playing again") { f.player.status == .playing }
        _ = send(.togglePlayPause)
        await f.until("paused again") { f.player.status == .paused }
        _ = send(.changePlaybackPosition, position: .seconds(10))
        await f.until("at 10 s") { abs(f.seconds - 10) < 0.5 }
        _ = send(.changePlaybackPosition, position: .seconds(99))  // past the end: nothing
        _ = send(.skipForward, interval: .seconds(5))
        await f.until("at 15 s") { abs(f.seconds - 15) < 0.5 }
        _ = send(.skipBackward, interval: .seconds(20))
        await f.until("clamped to 0") { f.seconds < 0.5 }
        _ = send(.nextTrack)
        await f.until("second tone") { f.player.currentIndex == 1 }
        _ = send(.changePlaybackPosition, position: .seconds(8))
        await f.until("at 8 s") { abs(f.seconds - 8) < 0.5 }
        _ = send(.previousTrack)  // more than 3 s played: restart
        await f.until("restarted") { f.seconds < 0.5 }
        #expect(f.player.currentIndex == 1)
        _ = send(.previousTrack)  // at the start: previous entry
        await f.until("first tone") { f.player.currentIndex == 0 }
        _ = send(.play)
        await f.until("playing") { f.player.status == .playing }
        _ = send(.beginSeekingForward)
        await f.until("scanned forward 4 s", limit: .seconds(5)) { f.seconds >= 4 }
        _ = send(.endSeekingForward)
        #expect(!f.player.isScanning)
        _ = send(.changePlaybackPosition, position: .seconds(20))
        await f.until("at 20 s") { f.seconds >= 19.5 }
        _ = send(.beginSeekingBackward)
        await f.until("scanned back below 17 s", limit: .seconds(5)) { f.seconds < 17 }
        _ = send(.endSeekingBackward)
        #expect(!f.player.isScanning)
        _ = send(.skipForward, interval: .seconds(60))  // past the end: next track
        await f.until("next after skipping past the end") { f.player.currentIndex == 1 }
        _ = send(.stop)
        await f.until("stopped") { f.player.status == .stopped }
        #expect(f.player.entries.count == 3)
        #expect(f.seconds == 0)
        _ = send(.play)  // from stopped: the current entry
        await f.until("playing the current entry") { f.player.status == .playing }
        #expect(f.player.currentIndex == 1)
        _ = send(.nextTrack)
        await f.until("third") { f.player.currentIndex == 2 }
        _ = send(.nextTrack)  // at the end, not looping: stop
        await f.until("stopped at the end") { f.player.status == .stopped }
        f.player.setLoop(.playlist)
        _ = send(.play)
        await f.until("playing the last") { f.player.status == .playing && f.player.currentIndex == 2 }
        _ = send(.nextTrack)  // looping: wraps
        await f.until("wrapped to the first") { f.player.currentIndex == 0 }
    }

    @Test("Seeked carries the new position; Metadata has exact types and the folder art")
    func seekedAndMetadata() async throws {
        let f = try await PlayerFixture()
        defer { f.stop() }
        await f.until("tags read") { f.player.shown?.tags.title == "Tone 1" && f.player.shown?.artURL != nil }
        let recorder = try await SignalRecorder.start(
            on: f.clientConnection, MatchRule(signal: PlayerInterface.seeked, path: MPRISNames.objectPath))
        let metadata = try await f.client.metadata()
        #expect(metadata["mpris:trackid"]?.signature == "o")
        #expect(metadata["mpris:length"] == .int64(30_000_000))
        #expect(metadata["xesam:artist"] == .strings(["Test Artist"]))
        #expect(metadata["xesam:trackNumber"] == .int32(1))
        #expect(metadata["xesam:genre"] == .strings(["Test"]))
        #expect(metadata["mpris:artUrl"] == .string(f.media.cover.absoluteString))
        recorder.clear()
        try await f.client.setPosition(trackID: metadata["mpris:trackid"]?.stringValue ?? "", .seconds(7))
        await f.until("at 7 s") { abs(f.seconds - 7) < 0.5 }
        // The file's own first Seeked (0 s, as playback starts) may still be on its way: art is
        // found off the main actor, so the wait above can end before it. Take Seeked signals
        // until the one for 7 s has come.
        func positions() -> [Int64] { recorder.messages.compactMap { $0.body.first?.int64Value } }
        #expect(await recorder.until { positions().contains { abs($0 - 7_000_000) < 300_000 } }, "Seeked positions: \(positions())")
    }
}
