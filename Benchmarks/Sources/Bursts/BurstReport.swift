// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation

/// Prints the Bursts benchmark's results as markdown tables: one a burst with both programs
/// side by side and their ratio, then one a program with every burst, then the check.
enum BurstReport {
    /// One burst: each figure of both programs, and remote-playerd ÷ mpv where both have it.
    static func printBurst(_ burst: Burst, _ results: [Contender: BurstResult], settings: BurstSettings) {
        print("\n### \(burst.rawValue): \(burst.summary(settings))\n")
        print("| figure | " + Contender.allCases.map(\.rawValue).joined(separator: " | ") + " | remote-playerd ÷ mpv |")
        print("|---|---|---|---|")
        let rounds = results.values.map(\.rounds.count).max() ?? 0
        for row in BurstRow.rows(rounds: rounds) {
            let values = Contender.allCases.map { contender in results[contender].flatMap(row.value) }
            let cells = Contender.allCases.map { contender in results[contender].map(row.show) ?? "n/a" }
            print("| \(row.label) | " + cells.joined(separator: " | ") + " | \(FigureText.ratio(values[0], values[1])) |")
        }
        for contender in Contender.allCases {
            guard let result = results[contender] else { continue }
            if let reason = result.notApplicable { print("- \(contender.rawValue): n/a, \(reason)") }
            if let failure = result.failure { print("- \(contender.rawValue): failed: \(failure)") }
            for note in result.notes { print("- \(contender.rawValue): \(note)") }
        }
    }

    /// Every burst of each program, a line a round (the mixed load has several).
    static func printPrograms(_ results: [BurstResult]) {
        let limit = BurstLimits.aboveIdleText
        let recovery = BurstLimits.recoveryText
        for contender in Contender.allCases {
            let measured = results.filter { $0.contender == contender && $0.notApplicable == nil }
            guard !measured.isEmpty else { continue }
            print("\n### \(contender.rawValue), every burst\n")
            print(
                "| burst | calls/s | RSS idle | under load, median / peak | right after the last call | \(recovery) after (above idle) "
                    + "| back within \(limit) of idle (to stay) | threads idle / under load / \(recovery) after |")
            print("|---|---|---|---|---|---|---|---|")
            for result in measured {
                let idle = result.idle?.kilobytes ?? 0
                for (index, round) in result.rounds.enumerated() {
                    let name = result.rounds.count > 1 ? "\(result.burst.rawValue), round \(index + 1)" : result.burst.rawValue
                    let underLoad = round.underLoad.map(\.kilobytes)
                    let end = round.atEnd?.kilobytes
                    print(
                        "| \(name) | \(String(format: "%.0f", round.calls.perSecond)) | \(memory(idle)) "
                            + "| \(memory(underLoad.median)) / \(memory(underLoad.max())) | \(memory(round.rightAfter?.kilobytes)) "
                            + "| \(memory(end)) (\(end.map { BurstLimits.mebibytes($0 - idle) } ?? "n/a")) | \(BurstRow.backWithin(round, idle: idle)) "
                            + "| \(result.idle?.threads ?? 0) / \(round.underLoad.map(\.threads).max() ?? 0) / \(round.atEnd?.threads ?? 0) |")
                }
                if result.rounds.isEmpty { print("| \(result.burst.rawValue) | failed: \(result.failure ?? "no figures") | | | | | | |") }
            }
        }
    }

    /// The check's lines: with `check`, `error:` lines for the limits broken; otherwise met or
    /// MISSED; and what the control (no calls) did, which the limits leave alone. Returns whether
    /// the limits held.
    static func printCheck(_ results: [BurstResult], check: Bool) -> Bool {
        let broken = BurstLimits.broken(by: results)
        let goal =
            "remote-playerd's RSS back within \(BurstLimits.aboveIdleText) of idle \(BurstLimits.recoveryText) after each burst's last call, "
            + "and its steady state under the mixed load too"
        print(check ? "" : "\n### Goal\n")
        if broken.isEmpty {
            print(check ? "burst check: \(goal)" : "- met: \(goal)")
        }
        for sentence in broken {
            print(check ? "error: burst check: \(sentence). See `make burst-bench`." : "- MISSED: \(sentence)")
        }
        for control in results where control.burst == .noCalls && control.contender == .remotePlayerd {
            guard let idle = control.idle?.kilobytes, let end = control.rounds.first?.atEnd?.kilobytes else { continue }
            print(
                "note: with no call at all, remote-playerd's RSS went from \(BurstLimits.mebibytes(idle)) to \(BurstLimits.mebibytes(end)) "
                    + "(\(BurstLimits.mebibytes(end - idle)) above idle) over the same time as a burst and its watch, playing on alone: "
                    + "every burst's figures include that (not checked)")
        }
        return broken.isEmpty
    }

    /// KiB as MiB, or "n/a".
    static func memory(_ kilobytes: Int?) -> String {
        kilobytes.map(BurstLimits.mebibytes) ?? "n/a"
    }
}

/// One line of a burst's table: a figure read from a program's result, shown, and as a number
/// for the ratio.
struct BurstRow {
    var label: String
    var value: (BurstResult) -> Double?
    var show: (BurstResult) -> String

    /// A figure that is a number in `unit` (nil: a count).
    init(_ label: String, _ unit: FigureUnit?, _ value: @escaping (BurstResult) -> Double?) {
        self.label = label
        self.value = value
        show = { result in
            guard result.notApplicable == nil, let number = value(result) else { return "n/a" }
            return unit.map { $0.format(number) } ?? String(format: "%.0f", number)
        }
    }

    /// The rows of a burst of `rounds` rounds: the idle and under-load figures, then each round's.
    static func rows(rounds: Int) -> [BurstRow] {
        let recovery = BurstLimits.recoveryText
        var rows = [
            memoryRow("RSS idle (playing, settled)") { $0.idle?.kilobytes },
            memoryRow("RSS under load, median") { $0.medianUnderLoad },
            memoryRow("RSS under load, peak") { $0.peakUnderLoad },
            BurstRow("threads idle", nil) { $0.idle.map { Double($0.threads) } },
            BurstRow("threads under load, most", nil) { $0.peakThreads.map(Double.init) },
        ]
        for index in 0..<rounds {
            let prefix = rounds > 1 ? "round \(index + 1): " : ""
            func round(_ result: BurstResult) -> RoundFigures? { index < result.rounds.count ? result.rounds[index] : nil }
            rows += [
                BurstRow("\(prefix)calls answered a second", nil) { round($0)?.calls.perSecond },
                memoryRow("\(prefix)RSS right after the last call") { round($0)?.rightAfter?.kilobytes },
                memoryRow("\(prefix)RSS \(recovery) after the last call") { round($0)?.atEnd?.kilobytes },
                memoryRow("\(prefix)above idle \(recovery) after") { result in
                    guard let end = round(result)?.atEnd?.kilobytes, let idle = result.idle?.kilobytes else { return nil }
                    return end - idle
                },
                backWithinRow("\(prefix)back within \(BurstLimits.aboveIdleText) of idle (to stay) after") { round($0) },
                BurstRow("\(prefix)threads \(recovery) after", nil) { round($0)?.atEnd.map { Double($0.threads) } },
            ]
        }
        return rows
    }

    /// A row of KiB, shown in MiB.
    private static func memoryRow(_ label: String, _ kilobytes: @escaping (BurstResult) -> Int?) -> BurstRow {
        BurstRow(label, .mebibytes) { kilobytes($0).map { Double($0) / 1024 } }
    }

    /// The time from the last call until RSS was first within the limit of idle.
    private static func backWithinRow(_ label: String, _ round: @escaping (BurstResult) -> RoundFigures?) -> BurstRow {
        var row = BurstRow(label, .seconds) { result in
            guard let idle = result.idle?.kilobytes else { return nil }
            return round(result)?.backWithinLimit(of: idle).flatMap(FigureText.seconds)
        }
        row.show = { result in
            guard result.notApplicable == nil, let figures = round(result), let idle = result.idle?.kilobytes else { return "n/a" }
            return backWithin(figures, idle: idle)
        }
        return row
    }

    /// "0.250 s", or "not within 5 s".
    static func backWithin(_ round: RoundFigures, idle: Int) -> String {
        guard let time = round.backWithinLimit(of: idle) else { return "not within \(BurstLimits.recoveryText)" }
        return FigureText.show(FigureText.seconds(time), .seconds)
    }
}
