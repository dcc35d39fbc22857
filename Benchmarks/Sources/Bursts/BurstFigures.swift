// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport

/// The calls one round made, as its clients counted them.
struct CallCount: Sendable {
    /// Calls answered.
    var answered: Int
    /// Calls answered a second, from the first call to the last answer.
    var perSecond: Double
    /// Calls answered with an error, and the first error.
    var failed: Int
    var firstFailure: String?

    /// The count of a ConcurrentLoad run.
    init(_ load: LoadFigures) {
        self.init(answered: load.answeredCalls, perSecond: load.callsPerSecond, failed: load.failedCalls, firstFailure: load.firstFailure)
    }

    init(answered: Int, perSecond: Double, failed: Int, firstFailure: String?) {
        self.answered = answered
        self.perSecond = perSecond
        self.failed = failed
        self.firstFailure = firstFailure
    }
}

/// One round of calls (a burst has one, the mixed load MIXED_ROUNDS) and the watch after it.
struct RoundFigures: Sendable {
    var calls: CallCount
    /// Read every MemoryWatch.interval while the calls ran, from their start.
    var underLoad: [MemorySample]
    /// Read right after the last call was answered, then every MemoryWatch.interval until
    /// BurstLimits.recovery, from the last answer.
    var afterwards: [MemorySample]

    /// RSS and threads right after the last call.
    var rightAfter: MemorySample? { afterwards.first }
    /// RSS and threads BurstLimits.recovery after the last call.
    var atEnd: MemorySample? { afterwards.last }

    /// How long after the last call RSS came back within BurstLimits.aboveIdleKilobytes of
    /// `idle` and stayed there to the end of the watch; nil when it was above at the end.
    func backWithinLimit(of idle: Int) -> Duration? {
        var since: Duration?
        for sample in afterwards {
            if sample.kilobytes > idle + BurstLimits.aboveIdleKilobytes {
                since = nil
            } else if since == nil {
                since = sample.at
            }
        }
        return since
    }
}

/// Everything one burst measured of one program.
struct BurstResult: Sendable {
    var burst: Burst
    var contender: Contender
    /// RSS and threads once started, playing and settled, before the first call.
    var idle: MemorySample?
    var rounds: [RoundFigures] = []
    /// What else a reader should know (the queue's length after OpenUri, say).
    var notes: [String] = []
    /// Why the burst was not measured, or not to the end, if it was not.
    var failure: String?
    /// Why this program has no figures for this burst ("n/a"), if it has none.
    var notApplicable: String?

    /// Samples under load of every round.
    var underLoad: [MemorySample] { rounds.flatMap(\.underLoad) }

    /// The median RSS under load, across rounds: the steady state.
    var medianUnderLoad: Int? { underLoad.map(\.kilobytes).median }

    /// The most RSS under load.
    var peakUnderLoad: Int? { underLoad.map(\.kilobytes).max() }

    /// The most threads under load.
    var peakThreads: Int? { underLoad.map(\.threads).max() }

    /// Whether the process was gone at some sample (RSS reads 0 then).
    var processVanished: Bool {
        rounds.contains { round in (round.underLoad + round.afterwards).contains { $0.kilobytes == 0 } }
    }
}

extension [Int] {
    /// The middle value (the upper one of an even count), or nil for none.
    var median: Int? { isEmpty ? nil : sorted()[count / 2] }
}
