// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation
import RemoteBridgeDBus
import RemoteBridgeTesting

/// Everything measured at one queue size.
struct SizeResults {
    /// The queue size.
    var entries: Int
    /// Start-up and memory, by program and source.
    var launches: [Contender: [Source: LaunchFigures]] = [:]
    /// Medians of the single operations, by program (from the playlist start).
    var operations: [Contender: [Operation: Duration]] = [:]
    /// remote-playerd's state writes per change (from the saved-state start).
    var stateSaving: StateSavingFigures?
    /// What failed on the way, for the report.
    var notes: [String] = []
}

/// Runs the measurements of one size: each source and each program in turn, alone on the bus.
@MainActor
final class ScaleRunner {
    /// The run's settings.
    let settings: ScaleSettings
    private let launcher: Launcher
    private let connection: DBusConnection
    private let busAddress: String
    /// Where libraries and state folders are made: beside the tones, on their filesystem.
    private let work: URL
    private let tones: [URL]
    /// A tone outside every library, for AddTrack and OpenUri.
    private let extraURI: String
    private let log = ProgressLog()

    /// Measures with `tones` (the last one is kept out of the libraries, for AddTrack and
    /// OpenUri), making files under `work`.
    init(settings: ScaleSettings, connection: DBusConnection, busAddress: String, environment: [String: String], config: String, work: URL, tones: [URL]) {
        self.settings = settings
        self.connection = connection
        self.busAddress = busAddress
        self.work = work
        self.tones = Array(tones.dropLast())
        extraURI = tones.last?.absoluteString ?? ""
        launcher = Launcher(
            connection: connection, busAddress: busAddress, environment: environment, config: config,
            ipcSocket: work.appendingPathComponent("mpv.socket").path, limit: settings.startLimit)
    }

    /// Start-up and memory from each source; with `operations`, the single operations and state
    /// saving too.
    func measure(entries: Int, operations: Bool) async throws -> SizeResults {
        let library = try ToneLibrary.make(entries: entries, tones: tones, in: work, name: "library-\(entries)")
        let stateFolder = work.appendingPathComponent("state-\(entries)")
        try FileManager.default.createDirectory(at: stateFolder, withIntermediateDirectories: true)
        let stateFile = stateFolder.appendingPathComponent("state.json").path
        defer {
            try? FileManager.default.removeItem(at: library.folder.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: stateFolder)
        }
        var results = SizeResults(entries: entries)
        for source in Source.allCases {
            for contender in Contender.allCases where contender == .remotePlayerd || source.servesMPV {
                let item: String? =
                    switch source {
                    case .playlist, .playlistWithState: library.playlist.path
                    case .folder: library.folder.path
                    case .savedState: nil
                    }
                log.say("\(entries) entries: \(contender.rawValue), \(source.rawValue)")
                let state = source == .playlistWithState || source == .savedState ? stateFile : nil
                // Each playlist start with --state begins without a state file, as a first start does.
                let fresh = source == .playlistWithState ? stateFile : nil
                let (process, figures) = try await launches(contender, item: item, stateFile: state, removing: fresh, entries: entries)
                results.launches[contender, default: [:]][source] = figures
                if let failure = figures.failure { results.notes.append("\(contender.rawValue), \(source.rawValue): \(failure)") }
                if operations, figures.failure == nil, source == .playlist {
                    log.say("\(entries) entries: \(contender.rawValue), single operations")
                    let timer = SingleOperations(connection: connection, busName: contender.busName, runs: settings.runs, extraURI: extraURI)
                    do {
                        if contender == .remotePlayerd { try await timer.measureRemotePlayerd() } else { await timer.measureReadsAndTransport() }
                    } catch {
                        results.notes.append("\(contender.rawValue), single operations: \(error)")
                    }
                    results.operations[contender] = timer.medians
                    results.notes += timer.failures.map { "\(contender.rawValue): \($0)" }
                }
                if operations, figures.failure == nil, source == .savedState {
                    log.say("\(entries) entries: \(contender.rawValue), state saving")
                    do {
                        results.stateSaving = try await StateSaving.measure(
                            connection: connection, busName: contender.busName, pid: process.pid, folder: stateFolder.path, runs: settings.runs,
                            extraURI: extraURI)
                        results.notes += results.stateSaving?.failures.map { "state saving: \($0)" } ?? []
                    } catch {
                        results.notes.append("state saving: \(error)")
                    }
                }
                log.say("\(entries) entries: \(contender.rawValue), stopping")
                // SIGTERM: remote-playerd saves, which the saved-state source then starts from.
                try await launcher.stop(process, contender)
            }
        }
        return results
    }

    /// The kept-progress comparison, with this runner's launcher, bus and tones.
    func keptProgress() -> KeptProgress {
        KeptProgress(settings: settings, launcher: launcher, connection: connection, work: work, tones: tones, extraURI: extraURI)
    }

    /// Calls answered a second and the probe's p99 of each program under load, at `entries`.
    func load(entries: Int) async throws -> [Contender: LoadFigures] {
        let library = try ToneLibrary.make(entries: entries, tones: tones, in: work, name: "load-\(entries)")
        defer { try? FileManager.default.removeItem(at: library.folder.deletingLastPathComponent()) }
        var figures: [Contender: LoadFigures] = [:]
        for contender in Contender.allCases {
            log.say("\(entries) entries: \(contender.rawValue), concurrent load")
            let (process, launch) = try await launcher.start(contender, item: library.playlist.path, stateFile: nil, entries: entries)
            if launch.failure == nil {
                try await Task.sleep(for: settings.settle)
                let load = ConcurrentLoad(busName: contender.busName, mix: .scale(editsQueue: contender == .remotePlayerd), extraURI: extraURI)
                figures[contender] = try await load.run(address: busAddress, clients: settings.loadClients, seconds: settings.loadSeconds)
            }
            try await launcher.stop(process, contender)
        }
        return figures
    }

    /// `settings.starts` starts of `contender` (all but the last stopped again), each after
    /// removing the file `removing` if given: the medians, and the last one still running,
    /// settled, with its RSS.
    private func launches(_ contender: Contender, item: String?, stateFile: String?, removing: String?, entries: Int) async throws -> (
        DaemonProcess, LaunchFigures
    ) {
        var all: [LaunchFigures] = []
        while true {
            if let removing { try? FileManager.default.removeItem(atPath: removing) }
            let (process, figures) = try await launcher.start(contender, item: item, stateFile: stateFile, entries: entries)
            all.append(figures)
            if figures.failure != nil || all.count == settings.starts {
                if figures.failure == nil {
                    try await Task.sleep(for: settings.settle)
                    all[all.count - 1].kilobytes = ProcessStats.residentKilobytes(of: process.pid)
                }
                return (process, LaunchFigures.median(of: all))
            }
            try await launcher.stop(process, contender)
        }
    }
}
