// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation

/// Prints the Scale benchmark's results as markdown tables.
enum ScaleReport {
    /// One size: every figure of both programs, and the ratio where both have it.
    static func printSize(_ results: SizeResults, baseline: SizeResults) {
        print("\n### \(FigureText.grouped(results.entries)) entries\n")
        print("| figure | remote-playerd | mpv + mpv-mpris | remote-playerd ÷ mpv |")
        print("|---|---|---|---|")
        for row in ScaleRow.all {
            let remote = row.value(.remotePlayerd, results, baseline: baseline)
            let mpv = row.value(.mpv, results, baseline: baseline)
            print("| \(row.label) | \(FigureText.show(remote, row.unit)) | \(row.servesMPV ? FigureText.show(mpv, row.unit) : "–") | \(FigureText.ratio(remote, mpv)) |")
        }
        for note in results.notes { print("- failed: \(note)") }
    }

    /// Calls answered a second and the probe's Get p99 under load, at each load size.
    static func printLoad(_ load: [(entries: Int, figures: [Contender: LoadFigures])], clients: Int, seconds: Int) {
        print("\n### Concurrent load: \(clients) clients for \(seconds) s, and a probe reading PlaybackStatus every 10 ms\n")
        print("| entries | remote-playerd calls/s | mpv + mpv-mpris calls/s | ÷ | remote-playerd probe p99 | mpv + mpv-mpris probe p99 | ÷ | remote-playerd probe median |")
        print("|---|---|---|---|---|---|---|---|")
        for (entries, figures) in load {
            let remote = figures[.remotePlayerd]
            let mpv = figures[.mpv]
            let remoteP99 = FigureText.milliseconds(remote?.probeP99)
            let mpvP99 = FigureText.milliseconds(mpv?.probeP99)
            print(
                "| \(FigureText.grouped(entries)) | \(calls(remote)) | \(calls(mpv)) | \(FigureText.ratio(remote?.callsPerSecond, mpv?.callsPerSecond)) "
                    + "| \(FigureText.show(remoteP99, .milliseconds)) | \(FigureText.show(mpvP99, .milliseconds)) | \(FigureText.ratio(remoteP99, mpvP99)) "
                    + "| \(FigureText.show(FigureText.milliseconds(remote?.probeMedian), .milliseconds)) |")
        }
        for (entries, figures) in load {
            for (contender, figure) in figures where figure.failedCalls > 0 {
                print("- \(contender.rawValue) at \(FigureText.grouped(entries)): \(figure.failedCalls) calls failed, first: \(figure.firstFailure ?? "?")")
            }
        }
    }

    /// Each figure across the sizes, and how it grows: k in entries^k from the smallest size to
    /// the largest (0: flat, O(1); 1: in proportion to the queue, O(n)). Where the figure has a
    /// 1-entry value (start-up, RSS) and is more than 1.5 times it at the largest size, k is of
    /// the part above it, so a fixed cost does not hide the growth.
    static func printCurve(_ all: [SizeResults], baseline: SizeResults) {
        guard let first = all.first, let last = all.last else { return }
        print("\n### The curve: each figure by queue size; k in entries^k from \(FigureText.grouped(first.entries)) to \(FigureText.grouped(last.entries))\n")
        print("k is 0 for a figure that stays flat and 1 for one that grows in proportion to the queue; where the figure has a")
        print("1-entry value (start-up, RSS) and is more than 1.5 times it at the largest size, k is of the part above it.\n")
        print("| program | figure | " + all.map { FigureText.grouped($0.entries) }.joined(separator: " | ") + " | k |")
        print("|---|---|" + String(repeating: "---|", count: all.count + 1))
        for contender in Contender.allCases {
            for row in ScaleRow.all where contender == .remotePlayerd || row.servesMPV {
                let values = all.map { row.value(contender, $0, baseline: baseline) }
                // The part above the 1-entry value, where that part is more than noise.
                let fixed = row.value(contender, baseline, baseline: baseline) ?? 0
                let grows = fixed > 0 && (values.last ?? nil).map { $0 > 1.5 * fixed } ?? false
                let k = exponent(grows ? values.map { $0.map { $0 - fixed } } : values, all).map { String(format: "%.2f", $0) } ?? "–"
                print("| \(contender.rawValue) | \(row.label) | " + values.map { FigureText.show($0, row.unit) }.joined(separator: " | ") + " | \(k) |")
            }
        }
    }

    /// k in entries^k between the first and last sizes, where both are known and positive.
    static func exponent(_ values: [Double?], _ all: [SizeResults]) -> Double? {
        guard let firstSize = all.first?.entries, let lastSize = all.last?.entries, lastSize > firstSize,
            let small = values.first ?? nil, let large = values.last ?? nil, small > 0, large > 0
        else { return nil }
        return log(large / small) / log(Double(lastSize) / Double(firstSize))
    }

    private static func calls(_ figures: LoadFigures?) -> String {
        figures.map { String(format: "%.0f", $0.callsPerSecond) } ?? "n/a"
    }
}
