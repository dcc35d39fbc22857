// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import RemoteBridgeMPRIS

/// Row a, the slowest Get while an engine starts cold: the probe calls Get(PlaybackStatus) back
/// to back while another client sends Play to the paused player; its slowest round trip from the
/// Play until the player says Playing (and has answered the Play), + WaitSettings.afterPlaying.
/// remote-playerd has let its engine go before each Play (release-engine-after), so the Play
/// starts one; mpv's player always runs, and the Play of a paused mpv is its nearest equivalent.
@MainActor
enum ColdStartRow {
    static let name = "a. cold start"

    /// `runs` Plays of `player`, paused and (remote-playerd) without an engine before each.
    static func measure(_ player: PlayerUnderTest, runs: Int, into figures: inout WaitFigures) async throws {
        let control = try await player.newClient()
        let prober = try await player.newClient()
        defer {
            control.connection.close()
            prober.connection.close()
        }
        for _ in 0..<runs {
            try await pausedWithoutEngine(player, control)
            let probe = BackToBackProbe(connection: prober.connection, busName: player.busName)
            probe.start()
            try await Task.sleep(for: WaitSettings.probeLead)
            let clock = ContinuousClock()
            let sent = clock.now
            var replied: ContinuousClock.Instant?
            var playError: String?
            Task {
                do { try await control.play() } catch { playError = "\(error)" }
                replied = clock.now
                probe.answers.wake()
            }
            let playing = await probe.answers.until(limit: .seconds(20)) { replied != nil && probe.firstAnswer(.playing, after: sent) != nil }
            guard playing, let replied, let seen = probe.firstAnswer(.playing, after: sent) else {
                probe.stopSending()
                await probe.finished()
                throw ProcessTimer.Failure(description: "not Playing within 20 s of Play\(playError.map { " (Play: \($0))" } ?? "")")
            }
            let end = max(replied, seen) + WaitSettings.afterPlaying
            try await Task.sleep(until: end, clock: clock)
            probe.stopSending()
            await probe.finished()
            if let slowest = probe.slowest(overlapping: sent, end) { figures.coldStartMaxima.append(slowest) }
            figures.coldStartPlayReplies.append(replied - sent)
            if let playError { figures.notes.append("\(name): Play answered with an error: \(playError)") }
            if player.contender == .remotePlayerd, EngineProcess.pid(of: player.pid) == nil {
                figures.notes.append("\(name): Playing, but no engine process after the Play")
            }
        }
    }

    /// Paused, and for remote-playerd its engine gone; then left alone for a moment.
    private static func pausedWithoutEngine(_ player: PlayerUnderTest, _ control: MPRISClient) async throws {
        if try await control.playbackStatus() == .playing {
            try await control.pause()
            try await EngineWait.status(.paused, of: control)
        }
        if player.contender == .remotePlayerd {
            try await EngineWait.engineGone(from: player.pid, limit: .seconds(WaitSettings.releaseEngineAfterSeconds + 10))
        }
        try await Task.sleep(for: WaitSettings.quiet)
    }
}
