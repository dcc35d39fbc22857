// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// remote-playerd against a real PulseAudio (a null sink, private to the test) that is killed
/// and started again, or starts after the player: the entry and its position stay, nothing is
/// skipped, and sound goes to the server again (a sink input on it), never for long to `null`.
@Suite("remote-playerd: the sound server goes away and comes back", .serialized)
@MainActor
struct SoundServerRestartTests {
    /// A player process on a private bus, a PulseAudio server, and what the player announces.
    @MainActor
    final class Bed {
        let bed: DaemonTestBed
        let pulse: PulseAudioServer
        var daemon: DaemonProcess?
        let client: MPRISClient
        let changes = ChangeWaiter()
        /// The last PlaybackStatus the player announced.
        var status = ""
        /// The last position the player announced with Seeked.
        var seeked: Duration?

        init() async throws {
            // 48 kHz: mpv's position moves in steps of decoded FLAC blocks (85 ms here; 0.5 s
            // or more at the usual 8 kHz of test tones), and these tests compare positions.
            bed = try await DaemonTestBed(tones: 3, seconds: 30, sampleRate: 48000)
            pulse = try PulseAudioServer()
            client = MPRISClient(connection: bed.connection, busName: "org.mpris.MediaPlayer2.remotebridge")
        }

        /// Starts remote-playerd with `output`, talking to this test's PulseAudio only.
        func startPlayer(output: String) async throws {
            let daemon = try await DaemonProcess(
                "remote-playerd",
                ["--bus", bed.bus.address, "--audio-output", output, "--config", bed.config, "--no-state", "--log-level", "info"]
                    + bed.media.tones.map(\.path),
                environment: pulse.environment)
            self.daemon = daemon
            daemon.standardErrorGrew.add { [weak self] in self?.changes.wake() }
            guard try await daemon.waitForName("org.mpris.MediaPlayer2.remotebridge", on: bed.connection) else {
                throw TestFailure(description: "remote-playerd never came on the bus: \(daemon.standardError)")
            }
            status = try await client.playbackStatus()?.rawValue ?? ""
            try await client.followPropertiesChanged { [weak self] _, changed, _ in
                if let status = changed["PlaybackStatus"]?.stringValue { self?.status = status }
                self?.changes.wake()
            }
            try await client.followSeeked { [weak self] position in
                self?.seeked = position
                self?.changes.wake()
            }
        }

        /// Waits until the player has announced `status`.
        func waitFor(status wanted: String, limit: Duration = .seconds(15), sourceLocation: SourceLocation = #_sourceLocation) async {
            if await !changes.until(limit: limit, { status == wanted }) {
                let log = daemon?.standardError.split(separator: "\n").suffix(30).joined(separator: "\n") ?? ""
                Issue.record("PlaybackStatus stayed \(status), not \(wanted); remote-playerd's last lines:\n\(log)", sourceLocation: sourceLocation)
            }
        }

        /// Waits until the player has logged a line containing `text`.
        func waitForLog(_ text: String, limit: Duration = .seconds(15), sourceLocation: SourceLocation = #_sourceLocation) async {
            if await !changes.until(limit: limit, { self.daemon?.standardError.contains(text) == true }) {
                Issue.record("no log line with \"\(text)\": \(daemon?.standardError ?? "")", sourceLocation: sourceLocation)
            }
        }

        /// The current entry's URL.
        func currentURL() async throws -> String {
            try await client.metadata()["xesam:url"]?.stringValue ?? ""
        }

        /// The current track id, for SetPosition.
        func trackID() async throws -> String {
            try await client.metadata()["mpris:trackid"]?.stringValue ?? ""
        }

        /// Stops the player and checks that its log skipped no entry; returns the log.
        @discardableResult
        func stopPlayerSkippingNothing(sourceLocation: SourceLocation = #_sourceLocation) async -> String {
            let log = await stopPlayer()
            #expect(!log.contains("skipped"), "\(log)", sourceLocation: sourceLocation)
            return log
        }

        /// Stops the player (SIGTERM) and returns its log.
        func stopPlayer() async -> String {
            guard let daemon else { return "" }
            daemon.send(SIGTERM)
            _ = await daemon.waitForExit()
            return daemon.standardError
        }

        func stop() async {
            _ = await stopPlayer()
            await pulse.stop()
            bed.stop()
        }
    }

    struct TestFailure: Error, CustomStringConvertible {
        let description: String
    }

    @Test("played to 2 s and paused, the server killed and started again: still Paused on the same entry there; Play plays from there into the server")
    func pausedThroughRestart() async throws {
        let test = try await Bed()
        try await test.pulse.start()
        try await test.startPlayer(output: "pulse")
        // Played first, so that an engine holds an open output: a player that has not played
        // since it started has no engine, and a server's restart passes it by.
        try await test.client.play()
        await test.waitFor(status: "Playing")
        let first = try await test.currentURL()
        try await test.client.setPosition(trackID: try await test.trackID(), .seconds(2))
        if await !test.changes.until(limit: .seconds(10), { test.seeked != nil }) { Issue.record("no Seeked after SetPosition") }
        try await test.client.pause()
        await test.waitFor(status: "Paused")
        let set = try await test.client.position()
        #expect(set >= .seconds(2) && set < .seconds(3), "SetPosition 2 s, then Pause, gave \(set)")
        test.seeked = nil
        await test.pulse.kill()
        // Started again only once the player has found it gone (else mpv may reconnect at once).
        await test.waitForLog("the audio output pulse went away")
        try await test.pulse.start()
        #expect(try await test.client.playbackStatus() == .paused)
        #expect(try await test.currentURL() == first)
        // mpv's position jumps past the audio it had buffered (0.2 s) when it loses the output;
        // the player seeks back, and says so with Seeked.
        // Within 10 ms: the position where the pause was heard (the engine reports it with the
        // pause) can differ from a later report by a millisecond, as mpv settles; the jump is 0.2 s.
        let close = { (position: Duration) in abs((position - set).inSeconds) <= 0.01 }
        var kept = try await test.client.position()
        if !close(kept), await test.changes.until(limit: .seconds(5), { test.seeked != nil }) {
            kept = try await test.client.position()
        }
        #expect(close(kept), "paused at \(set), after the restart at \(kept); log: \(test.daemon?.standardError ?? "")")
        try await test.client.play()
        await test.waitFor(status: "Playing")
        #expect(try await test.currentURL() == first)
        let position = try await test.client.position()
        #expect(position >= .seconds(2) && position < .seconds(4), "Play went on from \(position)")
        #expect(try await test.pulse.sinkInputs().count == 1, "no stream plays into the server")
        await test.stopPlayerSkippingNothing()
        await test.stop()
    }

    @Test("playing, the server killed: Paused, position frozen, same entry; when it is back, playback goes on by itself")
    func playingThroughRestart() async throws {
        let test = try await Bed()
        try await test.pulse.start()
        try await test.startPlayer(output: "pulse")
        let first = try await test.currentURL()
        try await test.client.play()
        await test.waitFor(status: "Playing")
        #expect(try await test.pulse.sinkInputs().count == 1)
        await test.pulse.kill()
        await test.waitFor(status: "Paused")
        let lostAt = ContinuousClock.now
        let frozen = try await test.client.position()
        #expect(try await test.currentURL() == first)
        try await test.pulse.start()
        await test.waitFor(status: "Playing")
        let away = ContinuousClock.now - lostAt
        let position = try await test.client.position()
        #expect(try await test.currentURL() == first, "an entry was skipped")
        // It did not play on into nothing: after `away` (at least the first retry's wait), it is
        // where it stopped, give or take what played since it came back.
        // Played on into nothing, it would be a whole `away` further (less one decoded block).
        #expect(position >= frozen && position < frozen + away, "paused at \(frozen), \(away) away, now at \(position)")
        #expect(try await test.pulse.sinkInputs().count == 1, "no stream plays into the server")
        let log = await test.stopPlayerSkippingNothing()
        #expect(log.contains("the audio output pulse went away"), "\(log)")
        await test.stop()
    }

    @Test("started with no server: Play stays Paused and says why; once the server runs, Play plays into it")
    func startedWithoutServer() async throws {
        let test = try await Bed()
        try await test.startPlayer(output: "pulse")
        let first = try await test.currentURL()
        try await test.client.play()
        // No output can open, so nothing may say Playing, and the log says why, once.
        await test.waitForLog("cannot open the audio output pulse")
        #expect(try await test.client.playbackStatus() == .paused)
        try await test.pulse.start()
        try await test.client.play()
        await test.waitFor(status: "Playing")
        #expect(try await test.currentURL() == first)
        #expect(try await test.pulse.sinkInputs().count == 1, "no stream plays into the server")
        await test.stopPlayerSkippingNothing()
        await test.stop()
    }

    @Test("auto with no server plays into nothing only until one appears: Play then plays into the server, and no library chatter reaches stderr")
    func autoFindsServerLater() async throws {
        let test = try await Bed()
        try await test.startPlayer(output: "auto")
        try await test.client.play()
        #expect(try await test.client.playbackStatus() == .paused)
        try await test.pulse.start()
        try await test.client.play()
        await test.waitFor(status: "Playing")
        #expect(try await test.pulse.sinkInputs().count == 1, "auto still plays into null")
        let log = await test.stopPlayer()
        #expect(!log.contains("ALSA lib") && !log.contains("pw.conf"), "\(log)")
        await test.stop()
    }
}
