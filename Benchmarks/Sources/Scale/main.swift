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
//
// Run with `make scale` (part of `make bench`). SCALE_SIZES, SCALE_LOAD_SIZES, SCALE_LOAD_SECONDS,
// SCALE_LOAD_ONLY, SCALE_RUNS, SCALE_STARTS, SCALE_SETTLE_SECONDS and SCALE_START_LIMIT change what
// it measures (ScaleSettings); `SCALE_SIZES=1000,10000` is a quick run, `SCALE_LOAD_ONLY=1` the
// concurrent load alone.

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
}

try await run()
