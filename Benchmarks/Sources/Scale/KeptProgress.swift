// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgePlayer
import RemoteBridgePlayerDaemon

/// A saved state remote-playerd restarts from in the kept-progress comparison (issue 46's goal:
/// at 100 000 entries, the state file and the restart grow by no more than 10 % with a kept
/// position on 10 % of the entries, and no call gets slower).
enum ProgressVariant: String, CaseIterable {
    /// An earlier build (`SCALE_BEFORE`), from the state with no progress.
    case before = "earlier build, no progress"
    /// This build, from the state with no progress.
    case plain = "no progress"
    /// This build, from the same state with a kept position on 10 % of the entries.
    case kept = "10 % kept"
}

/// What the comparison measured of one variant.
struct ProgressFigures {
    /// The state file's size.
    var stateBytes: Int?
    /// Each restart: exec → name on the bus, → first Get, → whole queue, and RSS once settled.
    var starts: [LaunchFigures] = []
    /// Each restart's medians of the single operations.
    var operations: [[Operation: Duration]] = []
    /// Each restart's median GoTo to an entry that has a kept position in the `kept` state (the
    /// same entries, without one, in the others).
    var goToKept: [Duration] = []

    /// The median over the restarts of one figure of theirs.
    func median(_ read: (LaunchFigures) -> Duration?) -> Duration? {
        let values = starts.compactMap(read)
        return values.isEmpty ? nil : ProcessTimer.median(values)
    }

    /// The median over the restarts of an operation's median.
    func median(_ operation: Operation) -> Duration? {
        let values = operations.compactMap { $0[operation] }
        return values.isEmpty ? nil : ProcessTimer.median(values)
    }

    /// The median RSS over the restarts, in MiB.
    var mebibytes: Double? {
        let values = starts.compactMap(\.kilobytes).sorted()
        return values.isEmpty ? nil : Double(values[values.count / 2]) / 1024
    }
}

/// The kept-progress comparison, at one queue size: remote-playerd saves a playlist's queue as it
/// does (a full save, at exit); the benchmark reads that file back with the daemon's own
/// `StateStore`, and writes it again with `StateStore.save`, the daemon's full save, once as it is
/// and once with a kept position (`EntryProgress(place: .at(…))`, 5 to 55 minutes, to the
/// millisecond) on one entry of every ten, at a random place among the ten. Then each state is
/// restarted from (`--state`, a fresh copy each time) in turn, interleaved, `starts` times, timed
/// until the whole queue is on the bus; after each restart the single operations are timed. With
/// `SCALE_BEFORE`, an earlier build restarts from the state with no progress too, in the same turns.
@MainActor
final class KeptProgress {
    /// One entry in this many has a kept position.
    nonisolated static let spacing = 10

    private let settings: ScaleSettings
    private let launcher: Launcher
    private let connection: DBusConnection
    private let work: URL
    private let tones: [URL]
    private let extraURI: String
    private let log = ProgressLog()
    /// What failed on the way, for the report.
    private(set) var notes: [String] = []

    /// Measures with `launcher` and `connection`, making files under `work` (the tones' filesystem).
    init(settings: ScaleSettings, launcher: Launcher, connection: DBusConnection, work: URL, tones: [URL], extraURI: String) {
        self.settings = settings
        self.launcher = launcher
        self.connection = connection
        self.work = work
        self.tones = tones
        self.extraURI = extraURI
    }

    /// The variants measured: the earlier build's only with `SCALE_BEFORE`.
    var variants: [ProgressVariant] {
        settings.before == nil ? [.plain, .kept] : ProgressVariant.allCases
    }

    /// Every figure of each variant at `entries`.
    func measure(entries: Int) async throws -> [ProgressVariant: ProgressFigures] {
        let library = try ToneLibrary.make(entries: entries, tones: tones, in: work, name: "progress-\(entries)")
        let folder = work.appendingPathComponent("progress-state-\(entries)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: library.folder.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: folder)
        }
        // The daemon's own save of the playlist's queue, at exit.
        log.say("kept progress, \(entries) entries: remote-playerd saves the playlist's queue")
        let saved = folder.appendingPathComponent("saved.state").path
        let (process, launch) = try await launcher.start(.remotePlayerd, item: library.playlist.path, stateFile: saved, entries: entries)
        if launch.failure == nil { try await Task.sleep(for: settings.settle) }
        try await launcher.stop(process, .remotePlayerd)
        if let failure = launch.failure { throw ProcessTimer.Failure(description: "remote-playerd with the playlist: \(failure)") }
        guard let state = try StateStore(path: saved).load(), state.queue.count == entries else {
            throw ProcessTimer.Failure(description: "\(saved) does not hold the \(entries) entries remote-playerd was given")
        }
        // The two states, written as the daemon writes a full save.
        let kept = Self.keptPlaces(entries: entries)
        var withProgress = state
        for (index, position) in kept { withProgress.queue[index].progress = EntryProgress(place: .at(position)) }
        let masters: [ProgressVariant: String] = [
            .before: folder.appendingPathComponent("none.state").path, .plain: folder.appendingPathComponent("none.state").path,
            .kept: folder.appendingPathComponent("kept.state").path,
        ]
        try StateStore(path: masters[.plain]!).save(state)
        try StateStore(path: masters[.kept]!).save(withProgress)
        var figures: [ProgressVariant: ProgressFigures] = [:]
        for variant in variants {
            figures[variant] = ProgressFigures(stateBytes: Self.size(of: masters[variant]!))
        }
        // GoTo targets: entries spread through the queue that have a kept position in `kept`.
        let keptIndices = kept.map(\.index)
        let targets = (0..<settings.runs).map { keptIndices[($0 * keptIndices.count) / settings.runs + keptIndices.count / (2 * settings.runs)] }
        for round in 0..<settings.progressStarts {
            // Each variant goes first in turn, so none is always the one after a given other.
            let order = variants.indices.map { variants[($0 + round) % variants.count] }
            for variant in order {
                log.say("kept progress, \(entries) entries: \(variant.rawValue), restart \(round + 1) of \(settings.progressStarts)")
                let runFolder = folder.appendingPathComponent("run-\(variant)")
                try? FileManager.default.removeItem(at: runFolder)
                try FileManager.default.createDirectory(at: runFolder, withIntermediateDirectories: true)
                let stateFile = runFolder.appendingPathComponent("player.state").path
                try FileManager.default.copyItem(atPath: masters[variant]!, toPath: stateFile)
                let executable = variant == .before ? settings.before : nil
                let (process, launch) = try await launcher.start(.remotePlayerd, item: nil, stateFile: stateFile, entries: entries, executable: executable)
                var start = launch
                if launch.failure == nil {
                    try await Task.sleep(for: settings.settle)
                    start.kilobytes = ProcessStats.residentKilobytes(of: process.pid)
                    let (operations, goTo) = await timeCalls(variant, targets: targets)
                    figures[variant]?.operations.append(operations)
                    if let goTo { figures[variant]?.goToKept.append(goTo) }
                } else {
                    notes.append("\(variant.rawValue), restart \(round + 1): \(launch.failure ?? "")")
                }
                figures[variant]?.starts.append(start)
                try await launcher.stop(process, .remotePlayerd)
            }
        }
        return figures
    }

    /// The single operations' medians, and the median GoTo to `targets` (by index), from the
    /// queue as restored; afterwards the first entry is current again.
    private func timeCalls(_ variant: ProgressVariant, targets: [Int]) async -> ([Operation: Duration], Duration?) {
        var goTo: Duration?
        do {
            let ids = try await connection.getProperty(Contender.remotePlayerd.busName, MPRISNames.objectPath, TrackListInterface.tracks).stringArrayValue ?? []
            var samples: [Duration] = []
            for index in targets where index < ids.count {
                let clock = ContinuousClock()
                let started = clock.now
                _ = try await connection.call(Contender.remotePlayerd.busName, MPRISNames.objectPath, TrackListInterface.goTo, [.objectPath(ids[index])])
                samples.append(clock.now - started)
            }
            if let first = ids.first {
                _ = try await connection.call(Contender.remotePlayerd.busName, MPRISNames.objectPath, TrackListInterface.goTo, [.objectPath(first)])
            }
            goTo = samples.count == targets.count ? ProcessTimer.median(samples) : nil
        } catch {
            notes.append("\(variant.rawValue), GoTo an entry with a kept position: \(error)")
        }
        let timer = SingleOperations(connection: connection, busName: Contender.remotePlayerd.busName, runs: settings.runs, extraURI: extraURI)
        do {
            try await timer.measureRemotePlayerd()
        } catch {
            notes.append("\(variant.rawValue), single operations: \(error)")
        }
        for failure in timer.failures where !notes.contains("\(variant.rawValue): \(failure)") { notes.append("\(variant.rawValue): \(failure)") }
        return (timer.medians, goTo)
    }

    /// One entry in every `spacing`, at a random place among them, with a position where a
    /// listener left an episode: 5 to 55 minutes in, to the millisecond. The same every run.
    nonisolated static func keptPlaces(entries: Int) -> [(index: Int, position: Duration)] {
        var generator = SplitMix(seed: 46)
        return stride(from: 0, to: entries - spacing + 1, by: spacing).map { block in
            let index = block + Int(generator.next() % UInt64(spacing))
            let milliseconds = 300_000 + Int64(generator.next() % 3_000_000)
            return (index, .milliseconds(milliseconds))
        }
    }

    private static func size(of path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }
}

/// A small seeded generator, so that every run keeps the same entries' positions.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
