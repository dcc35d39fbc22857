// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation

/// Prints the kept-progress comparison (`KeptProgress`) as a markdown table, and its goals.
enum KeptProgressReport {
    /// One line of the table: a figure of each variant.
    private struct Row: Sendable {
        var label: String
        var unit: FigureUnit
        var read: @Sendable (ProgressFigures) -> Double?
    }

    private static let rows: [Row] =
        [
            Row(label: "state file", unit: .bytes) { $0.stateBytes.map(Double.init) },
            Row(label: "restart: exec → name on the bus, median", unit: .seconds) { FigureText.seconds($0.median(\.toBus)) },
            Row(label: "restart: exec → first Get answered, median", unit: .seconds) { FigureText.seconds($0.median(\.toGet)) },
            Row(label: "restart: exec → whole queue on the bus, median", unit: .seconds) { FigureText.seconds($0.median(\.toLoaded)) },
            Row(label: "RSS, settled and paused, median", unit: .mebibytes) { $0.mebibytes },
        ]
        + Operation.allCases.map { operation in
            Row(label: "\(operation.rawValue), median", unit: .milliseconds) { FigureText.milliseconds($0.median(operation)) }
        }
        + [
            Row(label: "GoTo an entry kept part-way (the same entries without), median", unit: .milliseconds) { figures in
                figures.goToKept.isEmpty ? nil : FigureText.milliseconds(ProcessTimer.median(figures.goToKept))
            }
        ]

    /// The table: each variant's figures, kept ÷ no progress and, with an earlier build, each ÷ its.
    static func print(_ figures: [ProgressVariant: ProgressFigures], variants: [ProgressVariant], entries: Int, starts: Int, notes: [String]) {
        let withBefore = variants.contains(.before)
        Swift.print("\n### Kept progress at \(FigureText.grouped(entries)) entries: a state with none, and one with a position kept on 1 entry in \(KeptProgress.spacing)\n")
        Swift.print("Medians of \(starts) restarts of each, interleaved, each a fresh copy of its state file (`--state`); calls medians of each restart's medians.\n")
        var header = "| figure | " + variants.map(\.rawValue).joined(separator: " | ") + " | kept ÷ no progress |"
        if withBefore { header += " no progress ÷ earlier build | kept ÷ earlier build |" }
        Swift.print(header)
        Swift.print("|---|" + String(repeating: "---|", count: variants.count + (withBefore ? 3 : 1)))
        for row in rows {
            let values = variants.map { figures[$0].flatMap(row.read) }
            let value = { (variant: ProgressVariant) in figures[variant].flatMap(row.read) }
            var line = "| \(row.label) | " + values.map { FigureText.show($0, row.unit) }.joined(separator: " | ")
            line += " | \(FigureText.ratio(value(.kept), value(.plain))) |"
            if withBefore { line += " \(FigureText.ratio(value(.plain), value(.before))) | \(FigureText.ratio(value(.kept), value(.before))) |" }
            Swift.print(line)
        }
        for note in notes { Swift.print("- failed: \(note)") }
        printChecks(figures, withBefore: withBefore)
    }

    /// Issue 46's goal, one line each: met or MISSED.
    private static func printChecks(_ figures: [ProgressVariant: ProgressFigures], withBefore: Bool) {
        Swift.print("\n### Goals of kept progress\n")
        for (index, row) in rows.enumerated() where index != 2 && index != 4 {
            let what = index == 0 ? "the state file's size" : index < 4 ? row.label.replacingOccurrences(of: ", median", with: "") : row.label
            check("\(what): with progress ≤ 1.10× without", figures[.kept].flatMap(row.read), figures[.plain].flatMap(row.read))
            if withBefore, index == 3 || index >= 5 {
                check("\(what): no slower than the earlier build (≤ 1.10×)", figures[.plain].flatMap(row.read), figures[.before].flatMap(row.read))
            }
        }
    }

    private static func check(_ goal: String, _ value: Double?, _ reference: Double?) {
        guard let value, let reference, reference > 0 else {
            Swift.print("- MISSED (not measured): \(goal)")
            return
        }
        let ratio = value / reference
        Swift.print("- \(ratio <= 1.10 ? "met" : "MISSED"): \(goal): \(String(format: "%.2f×", ratio))")
    }
}
