// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation

/// What one run of the Scale benchmark measures, read from the environment so that a quick run
/// can ask for less (`SCALE_SIZES=1000,10000`).
struct ScaleSettings {
    /// Queue sizes measured whole (sources, start-up, memory, single operations, state saving):
    /// `SCALE_SIZES`, default 1 000, 10 000 and 100 000.
    var sizes: [Int]
    /// Queue sizes of the concurrent-load figure: `SCALE_LOAD_SIZES`, default 10 and `sizes`.
    var loadSizes: [Int]
    /// Only the concurrent-load figure, none of the whole-size measures (nor the 1-entry start
    /// they are compared with): `SCALE_LOAD_ONLY=1`, for a quick look at the load alone.
    var loadOnly: Bool
    /// Seconds of concurrent load at each size: `SCALE_LOAD_SECONDS`, default 10.
    var loadSeconds: Int
    /// Clients calling at once under load (the probe comes on top).
    var loadClients = 8
    /// Samples behind each median of a single operation: `SCALE_RUNS`, default 11 (at least 9).
    var runs: Int
    /// Start-ups behind each start-up median: `SCALE_STARTS`, default 3.
    var starts: Int
    /// How long a started program is left alone before its RSS is read: `SCALE_SETTLE_SECONDS`, default 2.
    var settle: Duration
    /// How long a program may take to be on the bus with its whole queue: `SCALE_START_LIMIT`
    /// seconds, default 120. Past it the figure reads "> limit" and the run goes on.
    var startLimit: Duration
    /// The queue size of the kept-progress comparison (`KeptProgress`): `SCALE_PROGRESS_ENTRIES`,
    /// default the largest of `sizes`; 0 leaves it out.
    var progressEntries: Int
    /// Only the kept-progress comparison: `SCALE_PROGRESS_ONLY=1`.
    var progressOnly: Bool
    /// Restarts of each state behind its medians, interleaved: `SCALE_PROGRESS_STARTS`, default 7.
    var progressStarts: Int
    /// An earlier build's remote-playerd (its remotebridge-engine beside it), restarted from the
    /// state without progress beside this build's: `SCALE_BEFORE`, a path; none by default.
    var before: String?

    /// The settings from the environment; a value that is not a number (or too small) is an
    /// error naming the variable and what it takes.
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ScaleSettings {
        let sizes = try list("SCALE_SIZES", in: environment, default: [1_000, 10_000, 100_000], minimum: 100)
        return ScaleSettings(
            sizes: sizes,
            loadSizes: try list("SCALE_LOAD_SIZES", in: environment, default: [10] + sizes, minimum: 2),
            loadOnly: try EnvironmentSetting.flag("SCALE_LOAD_ONLY", in: environment, default: false),
            loadSeconds: try EnvironmentSetting.number("SCALE_LOAD_SECONDS", in: environment, default: 10, minimum: 1),
            runs: try EnvironmentSetting.number("SCALE_RUNS", in: environment, default: 11, minimum: 9),
            starts: try EnvironmentSetting.number("SCALE_STARTS", in: environment, default: 3, minimum: 1),
            settle: .seconds(try EnvironmentSetting.number("SCALE_SETTLE_SECONDS", in: environment, default: 2, minimum: 0)),
            startLimit: .seconds(try EnvironmentSetting.number("SCALE_START_LIMIT", in: environment, default: 120, minimum: 1)),
            progressEntries: try EnvironmentSetting.number("SCALE_PROGRESS_ENTRIES", in: environment, default: sizes.last ?? 100_000, minimum: 0),
            progressOnly: try EnvironmentSetting.flag("SCALE_PROGRESS_ONLY", in: environment, default: false),
            progressStarts: try EnvironmentSetting.number("SCALE_PROGRESS_STARTS", in: environment, default: 7, minimum: 1),
            before: try before(in: environment))
    }

    /// SCALE_BEFORE, which must name a program.
    private static func before(in environment: [String: String]) throws -> String? {
        guard let path = environment["SCALE_BEFORE"], !path.isEmpty else { return nil }
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ProcessTimer.Failure(description: "SCALE_BEFORE=\(path): give the path of an earlier build's remote-playerd")
        }
        return path
    }

    private static func list(_ name: String, in environment: [String: String], default fallback: [Int], minimum: Int) throws -> [Int] {
        guard let text = environment[name], !text.isEmpty else { return fallback }
        let values = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")) }
        guard !values.isEmpty, values.allSatisfy({ ($0 ?? 0) >= minimum && ($0 ?? 0) <= 100_000 }) else {
            throw ProcessTimer.Failure(description: "\(name)=\(text): give queue sizes from \(minimum) to 100000, separated by commas (such as 1000,10000)")
        }
        return values.compactMap { $0 }.sorted()
    }
}
