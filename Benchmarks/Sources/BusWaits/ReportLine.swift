// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport

/// One line of the BusWaits table: a figure of both programs, remote-playerd's limit, and
/// whether it met it.
struct ReportLine {
    var label: String
    /// The figure as the cell shows it, per program ("n/a" where it was not measured).
    var cells: [Contender: String]
    /// The figures as numbers, for remote-playerd ÷ mpv (none: no ratio).
    var values: [Contender: Double] = [:]
    /// remote-playerd's limit, as the table states it ("–": none).
    var limit = "–"
    /// Whether remote-playerd met it; nil when there is no limit or no figure.
    var met: Bool?
    /// A miss that fails the run says FAIL, not MISS.
    var failsRun = false

    /// A line of durations in milliseconds.
    static func milliseconds(_ label: String, _ figures: [Contender: Duration?], limit: String = "–", met: Bool? = nil) -> ReportLine {
        var values: [Contender: Double] = [:]
        for (contender, figure) in figures { values[contender] = FigureText.milliseconds(figure) }
        let cells = values.mapValues { FigureUnit.milliseconds.format($0) }
        return ReportLine(label: label, cells: cells, values: values, limit: limit, met: met)
    }

    /// The markdown row.
    var row: String {
        let shown = Contender.allCases.map { cells[$0] ?? "n/a" }
        let verdict = met.map { $0 ? "pass" : (failsRun ? "FAIL" : "MISS") } ?? "–"
        let ratio = FigureText.ratio(values[.remotePlayerd], values[.mpv])
        return "| \(label) | " + shown.joined(separator: " | ") + " | \(ratio) | \(limit) | \(verdict) |"
    }
}
