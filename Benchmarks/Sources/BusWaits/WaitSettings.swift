// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation

/// The BusWaits benchmark's settings, from the environment (`make wait-bench`).
struct WaitSettings: Sendable {
    /// Cold starts of the engine measured (row a): `WAIT_RUNS`, default 5.
    var coldRuns: Int
    /// Seconds the engine stays frozen while the probe calls (row b): `WAIT_HANG_SECONDS`, default 3.
    var hangSeconds: Int
    /// Seconds of the concurrent load (row c): `WAIT_LOAD_SECONDS`, default 10.
    var loadSeconds: Int
    /// PlayPause calls timed to their PropertiesChanged (row d): `WAIT_TOGGLES`, default 20.
    var toggles: Int
    /// The programs measured: remote-playerd, and mpv + mpv-mpris beside it unless `WAIT_PEER` is 0.
    var contenders: [Contender]

    /// Clients of the concurrent load: the Bursts benchmark's mixed load has as many.
    static let loadClients = 8
    /// Tones in the queue, and how long each plays (the queue loops).
    static let queueEntries = 23
    static let toneSeconds = 30
    /// How soon remote-playerd lets its engine go once paused, for row a (`[player]
    /// release-engine-after`): each cold start waits for the engine to be gone.
    static let releaseEngineAfterSeconds = 1
    /// How long row a's window goes on after the player says Playing (and has answered the Play).
    static let afterPlaying: Duration = .milliseconds(200)
    /// How long the probe calls before the Play of row a, so that its first calls are not the ones timed.
    static let probeLead: Duration = .milliseconds(100)
    /// How long after SIGCONT the player must be playing again (row b).
    static let playsAgainWithin: Duration = .seconds(5)
    /// How long a paused player is left alone before a Play is timed (row a).
    static let quiet: Duration = .milliseconds(500)
    /// How long a started player plays before it is measured (its file open, its buffers full).
    static let settle: Duration = .seconds(1)

    /// The settings from the environment; a value that is not what a variable takes is an error
    /// naming the variable and what it takes.
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> WaitSettings {
        WaitSettings(
            coldRuns: try EnvironmentSetting.number("WAIT_RUNS", in: environment, default: 5, minimum: 1),
            hangSeconds: try EnvironmentSetting.number("WAIT_HANG_SECONDS", in: environment, default: 3, minimum: 1),
            loadSeconds: try EnvironmentSetting.number("WAIT_LOAD_SECONDS", in: environment, default: 10, minimum: 1),
            toggles: try EnvironmentSetting.number("WAIT_TOGGLES", in: environment, default: 20, minimum: 2),
            contenders: try EnvironmentSetting.flag("WAIT_PEER", in: environment, default: true) ? Contender.allCases : [.remotePlayerd])
    }
}
