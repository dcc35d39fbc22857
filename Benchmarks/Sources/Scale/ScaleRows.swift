// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation

/// One line of the tables: a figure of each program, read from one size's results and the
/// 1-entry baseline's. mpv + mpv-mpris has only some ("–" for the others).
struct ScaleRow: Sendable {
    var label: String
    var unit: FigureUnit
    /// Whether mpv + mpv-mpris has this figure.
    var servesMPV: Bool
    /// The figure of a program at a size (results, baseline), if measured.
    var read: @Sendable (Contender, SizeResults, SizeResults) -> Double?

    /// The figure of `contender`, or nil when it has none or it was not measured.
    func value(_ contender: Contender, _ results: SizeResults, baseline: SizeResults) -> Double? {
        contender == .mpv && !servesMPV ? nil : read(contender, results, baseline)
    }

    /// Every row, in table order.
    static let all: [ScaleRow] = launchRows + operationRows + stateRows

    /// Start-up and memory, for each source.
    static let launchRows: [ScaleRow] = Source.allCases.flatMap { source -> [ScaleRow] in
        func launch(_ label: String, _ unit: FigureUnit, _ read: @escaping @Sendable (LaunchFigures) -> Double?) -> ScaleRow {
            ScaleRow(label: "\(source.rawValue): \(label)", unit: unit, servesMPV: source.servesMPV) { contender, results, _ in
                results.launches[contender]?[source].flatMap(read)
            }
        }
        let perEntry = ScaleRow(label: "\(source.rawValue): memory per entry", unit: .bytes, servesMPV: source.servesMPV) { contender, results, baseline in
            guard results.entries > baseline.entries, let large = results.launches[contender]?[source]?.kilobytes,
                let small = baseline.launches[contender]?[source]?.kilobytes
            else { return nil }
            return Double(large - small) * 1024 / Double(results.entries)
        }
        return [
            launch("exec → name on the bus", .seconds) { FigureText.seconds($0.toBus) },
            launch("exec → first Get answered", .seconds) { FigureText.seconds($0.toGet) },
            launch("exec → whole queue loaded", .seconds) { FigureText.seconds($0.toLoaded) },
            launch("RSS, settled and paused", .mebibytes) { $0.kilobytes.map { Double($0) / 1024 } },
            perEntry,
        ]
    }

    /// The medians of the single operations.
    static let operationRows: [ScaleRow] = Operation.allCases.map { operation in
        ScaleRow(label: "\(operation.rawValue), median", unit: .milliseconds, servesMPV: operation.servesMPV) { contender, results, _ in
            FigureText.milliseconds(results.operations[contender]?[operation])
        }
    }

    /// What one single-entry change writes (remote-playerd only).
    static let stateRows: [ScaleRow] = [
        ScaleRow(label: "state save: bytes into its folder per change, median", unit: .bytes, servesMPV: false) { _, results, _ in
            median(results.stateSaving?.folderBytes)
        },
        ScaleRow(label: "state save: bytes into its folder per change, mean", unit: .bytes, servesMPV: false) { _, results, _ in
            results.stateSaving.flatMap { $0.folderBytes.isEmpty ? nil : Double($0.folderBytes.reduce(0, +)) / Double($0.folderBytes.count) }
        },
        ScaleRow(label: "state save: write(2) bytes per change, median", unit: .bytes, servesMPV: false) { _, results, _ in
            median(results.stateSaving?.writtenBytes)
        },
    ]

    private static func median(_ values: [Int]?) -> Double? {
        guard let values, !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? Double(sorted[sorted.count / 2]) : Double(sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
