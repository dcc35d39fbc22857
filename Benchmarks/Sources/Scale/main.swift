// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation
import RemoteBridgePrivateBus
import RemoteBridgeDBus
import RemoteBridgeTesting

// remote-playerd against mpv + mpv-mpris with large queues, in one run, driven only from outside
// (command line and D-Bus, and mpv's JSON IPC for its playlist's length):
//
//   sources           an M3U playlist of N distinct paths, a folder tree of N files in folders of
//                     100 (both hard links to a few short tones), and remote-playerd's saved state
//   start-up          exec → name on the bus, → first answered Get, → whole queue loaded
//   memory            RSS settled and paused, and per entry: (RSS(N) − RSS(1 entry)) / N
//   single operations medians of SCALE_RUNS calls at each size
//   state saving      bytes written per single-entry change
//   concurrent load   calls answered a second and a probe's Get p99, 8 clients
//   kept progress     at the largest size, the state file, restarts and calls with no entry's
//                     progress and with a position kept on 1 entry in 10 (KeptProgress); with
//                     SCALE_BEFORE=PATH, an earlier build's remote-playerd restarted beside them
//
// Run with `make scale` (part of `make bench`). SCALE_SIZES, SCALE_LOAD_SIZES, SCALE_LOAD_SECONDS,
// SCALE_LOAD_ONLY, SCALE_RUNS, SCALE_STARTS, SCALE_SETTLE_SECONDS, SCALE_START_LIMIT,
// SCALE_PROGRESS_ENTRIES, SCALE_PROGRESS_STARTS, SCALE_PROGRESS_ONLY and SCALE_BEFORE change what
// it measures (ScaleSettings); `SCALE_SIZES=1000,10000` is a quick run, `SCALE_LOAD_ONLY=1` the
// concurrent load alone, `SCALE_PROGRESS_ONLY=1` the kept progress alone.

@MainActor
func run() async throws {
    let settings = try ScaleSettings.fromEnvironment()
    for program in [BuiltProduct.release("remote-playerd"), Contender.mpv.executable, Contender.mprisPlugin]
    where !FileManager.default.fileExists(atPath: program) {
        throw ProcessTimer.Failure(description: "\(program) is missing: run `make scale`, which builds and installs what it needs")
    }
    let bus = try PrivateBus()
    let media = try await TestMedia.make(count: 4, seconds: 60)
    defer {
        media.remove()
        bus.stop()
    }
    let home = try ContenderHome(in: media.directory, busAddress: bus.address)
    let connection = try await DBusConnection.connect(to: bus.address)
    let runner = ScaleRunner(
        settings: settings, connection: connection, busAddress: bus.address, environment: home.environment, config: home.config,
        work: media.directory, tones: media.tones)

    print("Scale: remote-playerd (release) and mpv + mpv-mpris, same run, each alone on a private bus, paused, null audio output.")
    print("Start-up figures are medians of \(settings.starts) starts; single operations medians of \(settings.runs) calls; RSS after \(settings.settle) settled.")
    if settings.progressOnly {
        try await measureKeptProgress(settings, runner)
        return
    }
    // SCALE_LOAD_ONLY=1: no whole-size measures, so no 1-entry start to compare them with either.
    let baseline = settings.loadOnly ? SizeResults(entries: 1) : try await runner.measure(entries: 1, operations: false)
    var all: [SizeResults] = []
    for size in settings.sizes where !settings.loadOnly {
        let results = try await runner.measure(entries: size, operations: true)
        ScaleReport.printSize(results, baseline: baseline)
        all.append(results)
    }
    var load: [(entries: Int, figures: [Contender: LoadFigures])] = []
    for size in settings.loadSizes {
        load.append((size, try await runner.load(entries: size)))
    }
    ScaleReport.printLoad(load, clients: settings.loadClients, seconds: settings.loadSeconds)
    ScaleReport.printCurve(all, baseline: baseline)
    ScaleGoals.printChecks(all, baseline: baseline, load: load)
    if !settings.loadOnly { try await measureKeptProgress(settings, runner) }
}

/// The kept-progress comparison, unless SCALE_PROGRESS_ENTRIES=0.
@MainActor
func measureKeptProgress(_ settings: ScaleSettings, _ runner: ScaleRunner) async throws {
    guard settings.progressEntries > 0 else { return }
    let comparison = runner.keptProgress()
    let figures = try await comparison.measure(entries: settings.progressEntries)
    KeptProgressReport.print(
        figures, variants: comparison.variants, entries: settings.progressEntries, starts: settings.progressStarts, notes: comparison.notes)
}

try await run()
