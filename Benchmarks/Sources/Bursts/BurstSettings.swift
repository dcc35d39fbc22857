// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation

/// What one run of the Bursts benchmark does, read from the environment so that a short run
/// (`make burst-check`) can ask for less.
struct BurstSettings {
    /// Seconds each burst of clients calls for: `BURST_SECONDS`, default 8.
    var seconds: Int
    /// Clients calling at once in the gets, next-previous and seek bursts: `BURST_CLIENTS`, default 6.
    var clients: Int
    /// Rounds of the mixed load: `MIXED_ROUNDS`, default 3.
    var mixedRounds: Int
    /// Seconds of each round of the mixed load: `MIXED_SECONDS`, default 20.
    var mixedSeconds: Int
    /// The bursts run, in order: `BURST_ONLY` (names, separated by commas), else all; the
    /// 100 000-entry ones only unless `BURST_LARGE` is 0.
    var bursts: [Burst]
    /// The programs measured: remote-playerd, and mpv + mpv-mpris beside it unless `BURST_PEER`
    /// is 0 (`make test`'s check, which holds remote-playerd alone to its limits).
    var contenders: [Contender]

    /// Clients of the mixed load (the Scale benchmark's load has as many).
    static let mixedClients = 8
    /// Entries of the large queue and lines of the large playlist.
    static let largeEntries = 100_000
    /// Tones in the small queue, and how long each plays.
    static let smallQueue = 23
    static let toneSeconds = 5
    /// How long a started player, playing, is left alone before its idle RSS is read.
    static let settle: Duration = .seconds(2)

    /// The settings from the environment; a value that is not what a variable takes is an error
    /// naming the variable and what it takes.
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> BurstSettings {
        let large = try EnvironmentSetting.flag("BURST_LARGE", in: environment, default: true)
        let bursts = try only(in: environment).filter { large || !$0.isLarge }
        guard !bursts.isEmpty else {
            throw ProcessTimer.Failure(description: "BURST_ONLY names only 100 000-entry bursts, and BURST_LARGE=0 leaves those out: nothing to run")
        }
        return BurstSettings(
            seconds: try EnvironmentSetting.number("BURST_SECONDS", in: environment, default: 8, minimum: 1),
            clients: try EnvironmentSetting.number("BURST_CLIENTS", in: environment, default: 6, minimum: 1),
            mixedRounds: try EnvironmentSetting.number("MIXED_ROUNDS", in: environment, default: 3, minimum: 1),
            mixedSeconds: try EnvironmentSetting.number("MIXED_SECONDS", in: environment, default: 20, minimum: 1),
            bursts: bursts,
            contenders: try EnvironmentSetting.flag("BURST_PEER", in: environment, default: true) ? Contender.allCases : [.remotePlayerd])
    }

    /// `BURST_ONLY`'s bursts, in the benchmark's order; all when it is unset or empty.
    private static func only(in environment: [String: String]) throws -> [Burst] {
        guard let text = environment["BURST_ONLY"], !text.isEmpty else { return Burst.allCases }
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard names.allSatisfy({ Burst(rawValue: $0) != nil }) else {
            throw ProcessTimer.Failure(
                description: "BURST_ONLY=\(text): give burst names separated by commas, from \(Burst.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return Burst.allCases.filter { names.contains($0.rawValue) }
    }
}
