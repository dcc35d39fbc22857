// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// `[player] replay-gain`, heard where it counts: the level of what remote-playerd plays, recorded
/// from the monitor of a real PulseAudio server's null sink, not an option read back.
@Suite("remote-playerd: ReplayGain evens out loudness at the sound server", .serialized)
@MainActor
struct ReplayGainLevelTests {
    /// A tone tagged with a track gain of -12 dB and an album gain of -6 dB, with their peaks, as
    /// taggers write them (mpv 0.35 takes no gain without its peak: it played such a file as is).
    static let tags = [
        "TITLE=Loud", "REPLAYGAIN_TRACK_GAIN=-12.00 dB", "REPLAYGAIN_TRACK_PEAK=0.500000", "REPLAYGAIN_ALBUM_GAIN=-6.00 dB",
        "REPLAYGAIN_ALBUM_PEAK=0.500000",
    ]

    /// Plays `file` in remote-playerd with `config` on `server`, records its sink's monitor once
    /// the stream is there, and returns the RMS level in dB of what was heard.
    func level(of file: URL, config: String, bed: DaemonTestBed, server: PulseAudioServer) async throws -> Double {
        try config.write(toFile: bed.config, atomically: true, encoding: .utf8)
        let events = try await SoundServerEvents(environment: server.environment)
        let daemon = try await DaemonProcess(
            "remote-playerd", ["--bus", bed.bus.address, "--audio-output", "pulse", "--config", bed.config, "--no-state", file.path],
            environment: server.environment)
        defer {
            daemon.send(SIGKILL)
        }
        guard try await daemon.waitForName("org.mpris.MediaPlayer2.remotebridge", on: bed.connection) else {
            throw OracleFailure(description: "remote-playerd never came on the bus: \(daemon.standardError)")
        }
        try await MPRISClient(connection: bed.connection, busName: "org.mpris.MediaPlayer2.remotebridge").play()
        try await SinkMonitor.waitForStream(on: server, events: events, daemon: daemon)
        // 4 s of the sink's monitor. The stream may take a second to flow: the silence at either
        // end is cut before the level is taken, so that only the tone is measured.
        let recording = bed.path("level-\(UUID().uuidString).wav")
        let recorded = try await SinkMonitor.record(seconds: 4, to: recording, on: server)
        let stats = try await ExternalProcess.run("sox", ["--ignore-length", recording, "-n", "silence", "1", "0.01", "-60d", "reverse", "silence", "1", "0.01", "-60d", "stats"])
        guard let line = stats.standardError.split(separator: "\n").first(where: { $0.hasPrefix("RMS lev dB") }),
            let value = line.split(separator: " ").last.flatMap({ Double($0) }), stats.standardError.contains("Length")
        else { throw OracleFailure(description: "sox stats gave no RMS level: \(stats.standardError); parec: \(recorded.status) \(recorded.standardError); remote-playerd: \(daemon.standardError)") }
        return value
    }

    @Test("a tone tagged -12 dB (track) and -6 dB (album): off plays it as it is, track 12 dB lower, album 6 dB lower, and a +3 dB pre-amp adds 3 dB, within 0.5 dB")
    func levels() async throws {
        let bed = try await DaemonTestBed(tones: 1, seconds: 1)
        defer { bed.stop() }
        let loud = bed.media.directory.appendingPathComponent("loud.flac")
        try await TestMedia.tone(at: loud, seconds: 30, tags: Self.tags)
        let server = try PulseAudioServer()
        try await server.start()
        let configs = ["off", "track", "album"].map { "[player]\nreplay-gain = \"\($0)\"\n" } + ["[player]\nreplay-gain = \"track\"\nreplay-gain-preamp = 3\n"]
        var levels: [Double] = []
        var failure: (any Error)?
        do {
            for config in configs { levels.append(try await level(of: loud, config: config, bed: bed, server: server)) }
        } catch {
            failure = error
        }
        await server.stop()
        if let failure { throw failure }
        let (off, track, album, preamp) = (levels[0], levels[1], levels[2], levels[3])
        #expect(off > -10, "the tone itself is loud: \(off) dB")
        #expect(abs((off - track) - 12) < 0.5, "off \(off) dB, track \(track) dB")
        #expect(abs((off - album) - 6) < 0.5, "off \(off) dB, album \(album) dB")
        #expect(abs((preamp - track) - 3) < 0.5, "track \(track) dB, with +3 dB \(preamp) dB")
    }
}

struct OracleFailure: Error, CustomStringConvertible {
    let description: String
}
