// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// playerctl, an outside MPRIS client, against the in-memory player.
@Suite("playerctl as a client")
@MainActor
struct PlayerctlTests {
    @Test("-l lists the player; status follows play-pause")
    func listAndStatus() async throws {
        let f = try await MPRISFixture()
        let list = try await ExternalProcess.run("playerctl", ["-l"], environment: ["DBUS_SESSION_BUS_ADDRESS": f.bus.address])
        #expect(list.output == "test")
        #expect(try await f.playerctl("status").output == "Stopped")
        #expect(try await f.playerctl("play-pause").status == 0)
        #expect(try await f.playerctl("status").output == "Playing")
        #expect(f.player.playbackStatus == .playing)
    }

    @Test("metadata, with and without --format")
    func metadata() async throws {
        let f = try await MPRISFixture()
        let formatted = try await f.playerctl("metadata", "--format", "{{artist}} - {{title}} ({{duration(mpris:length)}}) #{{xesam:trackNumber}}")
        #expect(formatted.output == "Test Artist - Tone 1 (3:00) #1")
        let all = try await f.playerctl("metadata")
        #expect(all.output.contains("mpris:trackid"))
        #expect(all.output.contains("/io/github/remotebridge/track/1"))
        #expect(all.output.contains("xesam:album"))
        #expect(try await f.playerctl("metadata", "xesam:title").output == "Tone 1")
    }

    @Test("next, position N and position N+")
    func nextAndPosition() async throws {
        let f = try await MPRISFixture()
        #expect(try await f.playerctl("next").status == 0)
        #expect(f.player.currentIndex == 1)
        #expect(try await f.playerctl("position", "30").status == 0)
        #expect(f.player.position == .seconds(30))
        #expect(try await f.playerctl("position", "10+").status == 0)
        #expect(f.player.position == .seconds(40))
        f.player.play()  // playerctl reports 0 for a stopped player, and extrapolates while playing
        let reported = try await f.playerctl("position")
        #expect(abs((Double(reported.output) ?? 0) - 40) < 0.5, "playerctl printed \(reported.standardOutput.debugDescription) \(reported.standardError.debugDescription)")
    }

    @Test("volume, loop and shuffle")
    func settings() async throws {
        let f = try await MPRISFixture()
        #expect(try await f.playerctl("volume", "0.4").status == 0)
        #expect(f.player.volume == 0.4)
        #expect(try await f.playerctl("loop", "Playlist").status == 0)
        #expect(f.player.loopStatus == .playlist)
        #expect(try await f.playerctl("loop").output == "Playlist")
        #expect(try await f.playerctl("shuffle", "On").status == 0)
        #expect(f.player.shuffle)
        #expect(try await f.playerctl("shuffle").output == "On")
    }

    @Test("open passes a URI; an unsupported scheme is refused")
    func open() async throws {
        let f = try await MPRISFixture()
        #expect(try await f.playerctl("open", "https://example.com/radio.mp3").status == 0)
        #expect(f.player.currentTrack?.url == "https://example.com/radio.mp3")
        let refused = try await f.playerctl("open", "gopher://example.com/x")
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("gopher"), "\(refused.standardError)")
        #expect(f.player.currentTrack?.url == "https://example.com/radio.mp3")
    }
}
