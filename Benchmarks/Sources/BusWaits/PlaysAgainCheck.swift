// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import RemoteBridgeMPRIS

/// Whether a player plays again after its engine's freeze (row b): PlaybackStatus Playing and
/// the position moving, read every `interval`, within WaitSettings.playsAgainWithin.
@MainActor
enum PlaysAgainCheck {
    /// Between reads: longer than the step mpv's position moves by with the 48 kHz tones (85 ms).
    static let interval: Duration = .milliseconds(150)

    /// Reads `player` through `client` from `resumed` (the SIGCONT) until it says Playing with its
    /// position moving up at two reads in a row (and, for remote-playerd, with an engine running,
    /// not stopped), or the limit passes.
    static func wait(_ player: PlayerUnderTest, through client: MPRISClient, from resumed: ContinuousClock.Instant) async -> PlaysAgain {
        let deadline = resumed + WaitSettings.playsAgainWithin
        var reading = client
        reading.timeout = WaitSettings.playsAgainWithin
        var positions: [Duration] = []
        var last = "nothing read"
        while ContinuousClock.now < deadline {
            let status = try? await reading.playbackStatus()
            let position = try? await reading.position()
            last = "\(status?.rawValue ?? "no PlaybackStatus"), position \(seconds(position))"
            if status == .playing, let position { positions.append(position) } else { positions.removeAll() }
            let lastThree = positions.suffix(3)
            if lastThree.count == 3, zip(lastThree, lastThree.dropFirst()).allSatisfy({ $0 < $1 }), engineRuns(player) {
                let moved = "\(seconds(lastThree.first)) → \(seconds(lastThree.last))"
                return PlaysAgain(after: ContinuousClock.now - resumed, detail: "Playing, position \(moved)")
            }
            try? await Task.sleep(for: interval)
        }
        return PlaysAgain(after: nil, detail: "not playing \(WaitSettings.playsAgainWithin) after SIGCONT; last read: \(last)")
    }

    /// A position as "12.345 s".
    private static func seconds(_ position: Duration?) -> String {
        FigureText.show(FigureText.seconds(position), .seconds)
    }

    /// For remote-playerd: an engine runs and is not stopped. mpv plays in its own process.
    private static func engineRuns(_ player: PlayerUnderTest) -> Bool {
        guard player.contender == .remotePlayerd else { return true }
        guard let engine = EngineProcess.pid(of: player.pid) else { return false }
        return !EngineProcess.isStopped(engine)
    }
}
