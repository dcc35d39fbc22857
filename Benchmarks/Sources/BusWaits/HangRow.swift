// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import RemoteBridgeMPRIS
import RemoteBridgeTesting

/// Row b, the slowest Get while the engine hangs: remote-playerd playing, its engine frozen
/// (SIGSTOP), another client sends Set(Volume, 0.5) and Seek(+1 s) without waiting for their
/// replies, and the probe calls Get(PlaybackStatus) back to back for the freeze's length; then
/// SIGCONT, and the player must play again. mpv's audio cannot be frozen apart from its bus side:
/// it gets the same calls without a freeze.
@MainActor
enum HangRow {
    static let name = "b. hang"

    static func measure(_ player: PlayerUnderTest, seconds: Int, into figures: inout WaitFigures) async throws {
        let control = try await player.newClient()
        let prober = try await player.newClient()
        let caller = try await player.newClient()
        defer {
            for client in [control, prober, caller] { client.connection.close() }
        }
        try await player.play(through: control)
        try await Task.sleep(for: WaitSettings.settle)
        var engine: Int32?
        if player.contender == .remotePlayerd {
            guard let pid = EngineProcess.pid(of: player.pid) else {
                throw ProcessTimer.Failure(description: "remote-playerd says Playing, but has no engine process")
            }
            engine = pid
        }
        let probe = BackToBackProbe(connection: prober.connection, busName: player.busName)
        probe.start()
        try await Task.sleep(for: WaitSettings.probeLead)
        let clock = ContinuousClock()
        if let engine { try await EngineProcess.freeze(engine) }
        // Whatever happens below, the engine is not left frozen (a second SIGCONT does nothing).
        defer { if let engine { EngineProcess.thaw(engine, of: player.pid) } }
        let frozen = clock.now
        let calls = SentCalls()
        calls.send("Set(Volume, 0.5)") { try await caller.setProperty(PlayerInterface.volume, .double(0.5)) }
        calls.send("Seek(+1 s)") { try await caller.seek(by: .seconds(1)) }
        let end = frozen + .seconds(seconds)
        try await Task.sleep(until: end, clock: clock)
        probe.stopSending()
        let thawed = engine.map { EngineProcess.thaw($0, of: player.pid) }
        let resumed = clock.now
        await probe.finished()
        figures.hangMax = probe.slowest(overlapping: frozen, end)
        figures.hangCalls = probe.calls(overlapping: frozen, end).count
        var playsAgain = await PlaysAgainCheck.wait(player, through: control, from: resumed)
        if let engine {
            let now = EngineProcess.pid(of: player.pid)
            let fate = thawed == true ? "still frozen at SIGCONT, thawed" : "gone before SIGCONT (killed as hung)"
            let playing = now == engine ? "the same engine plays" : "a new engine (\(now.map(String.init) ?? "none")) plays"
            playsAgain.detail += "; the frozen engine was \(fate); \(playing)"
        }
        figures.playsAgain = playsAgain
        _ = await calls.answered.until(limit: .seconds(5)) { calls.pending == 0 }
        figures.notes.append("\(name): \(calls.summary)")
    }
}
