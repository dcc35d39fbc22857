// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport

/// Whether a player played again after its engine's freeze (row b), and how soon.
struct PlaysAgain: Sendable {
    /// SIGCONT → PlaybackStatus Playing with the position moving; nil when it did not within
    /// WaitSettings.playsAgainWithin.
    var after: Duration?
    /// What the reader should know: the engine replaced or thawed, or what was seen instead.
    var detail: String
}

/// Everything one program's run measured; nil where a row was not measured (its failure says why).
struct WaitFigures: Sendable {
    var contender: Contender
    /// Row a: the probe's slowest round trip of each cold start.
    var coldStartMaxima: [Duration] = []
    /// Row a: Play sent → its reply, each cold start.
    var coldStartPlayReplies: [Duration] = []
    /// Row b: the probe's slowest round trip while the engine was frozen.
    var hangMax: Duration?
    /// Row b: the probe's calls while the engine was frozen.
    var hangCalls = 0
    /// Row b: whether it played again.
    var playsAgain: PlaysAgain?
    /// Row c: the concurrent load.
    var load: LoadFigures?
    /// Row d: PlayPause → the PropertiesChanged carrying the new PlaybackStatus, each toggle.
    var notifications: [Duration] = []
    /// What else the reader should know, and why a row has no figure.
    var notes: [String] = []

    /// Row a: the worst and the median of the per-run maxima.
    var coldStartWorst: Duration? { coldStartMaxima.max() }
    var coldStartMedian: Duration? { coldStartMaxima.isEmpty ? nil : ProcessTimer.median(coldStartMaxima) }
    /// Row d: the median.
    var notificationMedian: Duration? { notifications.isEmpty ? nil : ProcessTimer.median(notifications) }
}
