// SPDX-License-Identifier: Apache-2.0
/// The limits remote-playerd is held to, row by row, once the bus no longer waits on the engine.
/// The benchmark reports each as met or missed; a miss does not fail the run (only a player
/// that does not play again after the hang does).
enum WaitLimits {
    /// a: the slowest Get while an engine starts cold (the worst of the runs' maxima).
    static let coldStart: Duration = .milliseconds(10)
    /// b: the slowest Get while the engine hangs.
    static let hang: Duration = .milliseconds(10)
    /// c: calls answered a second under the concurrent load, at least this many times the peer's.
    static let loadCallsToPeer = 1.3
    /// c: the probe's slowest round trip under the load (its p99 is held to the peer's).
    static let loadProbeMax: Duration = .milliseconds(100)
    /// d: PlayPause → PropertiesChanged, the median, with the engine running.
    static let notification: Duration = .microseconds(500)

    /// Whether `value` is at most `limit`; nil when it was not measured.
    static func atMost(_ value: Duration?, _ limit: Duration) -> Bool? {
        guard let value else { return nil }
        return value <= limit
    }
}
