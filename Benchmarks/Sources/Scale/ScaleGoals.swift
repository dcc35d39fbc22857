// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation

/// The goals of issue 23, checked at the largest size measured (the goals are stated for
/// 100 000 entries; a quick run checks them at less, which is kinder).
enum ScaleGoals {
    /// Prints one line per goal: met or MISSED, with the figure.
    static func printChecks(_ all: [SizeResults], baseline: SizeResults, load: [(entries: Int, figures: [Contender: LoadFigures])]) {
        if let largest = all.last {
            printSizeChecks(largest, all, baseline: baseline)
        } else {
            // SCALE_LOAD_ONLY: the load's goals alone.
            print("\n### Goals under load\n")
        }
        printLoadChecks(load)
    }

    /// The goals of the whole-size measures, at `largest`.
    private static func printSizeChecks(_ largest: SizeResults, _ all: [SizeResults], baseline: SizeResults) {
        let size = FigureText.grouped(largest.entries)
        print("\n### Goals at \(size) entries\n")
        let playlist = largest.launches[.remotePlayerd]?[.playlist]
        check("playlist: exec → first Get answered ≤ 0.2 s", FigureText.seconds(playlist?.toGet), .seconds) { $0 <= 0.2 }
        check("playlist: exec → whole queue loaded ≤ 1 s", FigureText.seconds(playlist?.toLoaded), .seconds) { $0 <= 1 }
        let mpvMebibytes = largest.launches[.mpv]?[.playlist]?.kilobytes.map { Double($0) / 1024 }
        check(
            "playlist: RSS ≤ mpv + mpv-mpris's (\(FigureText.show(mpvMebibytes, .mebibytes)))",
            playlist?.kilobytes.map { Double($0) / 1024 }, .mebibytes
        ) { value in mpvMebibytes.map { value <= $0 } ?? false }
        check("saved state: exec → name on the bus ≤ 1 s", FigureText.seconds(largest.launches[.remotePlayerd]?[.savedState]?.toBus), .seconds) { $0 <= 1 }
        check("folder tree: exec → name on the bus ≤ 2 s (the goal's folder has 20 000 files)",
            FigureText.seconds(largest.launches[.remotePlayerd]?[.folder]?.toBus), .seconds) { $0 <= 2 }
        for operation in Operation.allCases {
            let goal = FigureText.milliseconds(operation.goal) ?? 0
            check("\(operation.rawValue) median ≤ \(FigureUnit.milliseconds.format(goal))",
                FigureText.milliseconds(largest.operations[.remotePlayerd]?[operation]), .milliseconds) { $0 <= goal }
        }
        let saved = ScaleRow.stateRows[0]
        let savedValues = all.map { saved.value(.remotePlayerd, $0, baseline: baseline) }
        let savedGrowth = ScaleReport.exponent(savedValues, all)
        check(
            "state save: bytes per change do not grow with the queue (k ≤ 0.1; \(FigureText.show(savedValues.first ?? nil, .bytes)) at the smallest size)",
            savedValues.last ?? nil, .bytes
        ) { _ in (savedGrowth ?? 1) <= 0.1 }
    }

    /// The goals under load: calls a second and the probe's p99 at the largest load size, against the smallest.
    private static func printLoadChecks(_ load: [(entries: Int, figures: [Contender: LoadFigures])]) {
        guard let small = load.first?.figures[.remotePlayerd], let large = load.last?.figures[.remotePlayerd], load.count > 1 else { return }
        let loadSizes = "\(FigureText.grouped(load.first!.entries)) → \(FigureText.grouped(load.last!.entries))"
        check(
            "under load, calls/s stay flat \(loadSizes) (within 20 %; \(String(format: "%.0f", small.callsPerSecond)) at the smallest)",
            large.callsPerSecond, nil
        ) { $0 >= 0.8 * small.callsPerSecond }
        let smallP99 = FigureText.milliseconds(small.probeP99)
        check(
            "under load, the probe's Get p99 stays flat \(loadSizes) (within 25 %; \(FigureText.show(smallP99, .milliseconds)) at the smallest)",
            FigureText.milliseconds(large.probeP99), .milliseconds
        ) { value in smallP99.map { value <= 1.25 * $0 } ?? false }
    }

    /// One goal's line.
    private static func check(_ goal: String, _ value: Double?, _ unit: FigureUnit?, _ holds: (Double) -> Bool) {
        guard let value else {
            print("- MISSED (not measured): \(goal)")
            return
        }
        let shown = unit.map { $0.format(value) } ?? String(format: "%.0f", value)
        print("- \(holds(value) ? "met" : "MISSED"): \(goal): \(shown)")
    }
}
