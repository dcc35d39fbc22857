// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation
import RemoteBridgeDBus
import RemoteBridgePrivateBus
import RemoteBridgeTesting

// How long a D-Bus client waits on remote-playerd while its engine is busy, beside mpv +
// mpv-mpris, in one run: each alone on a private bus with a queue of 23 tagged FLAC tones (48 kHz,
// 30 s each, looping), null audio output, driven only from outside (D-Bus, /proc and signals).
// Each row starts each program afresh:
//
//   a  slowest Get while an engine starts cold: a probe calls Get(PlaybackStatus) back to back
//      while another client sends Play to the paused player, whose engine remote-playerd has let go
//      (release-engine-after = 1 s); its slowest call until Playing + 200 ms. WAIT_RUNS (5) runs:
//      the worst and the median of their maxima. mpv: Play of a paused mpv.
//   b  slowest Get while the engine hangs: remote-playerd playing, its engine (the daemon's child
//      remotebridge-engine) frozen with SIGSTOP, Set(Volume, 0.5) and Seek(+1 s) sent from another
//      client without awaiting their replies, the probe calling for WAIT_HANG_SECONDS (3), then
//      SIGCONT; and whether it plays again within 5 s. mpv: the same calls, no freeze.
//   c  8 concurrent clients: the Bursts benchmark's mixed load for WAIT_LOAD_SECONDS (10): calls
//      a second, the probe's p99 and slowest.
//   d  PlayPause → PropertiesChanged p50 with the engine running, WAIT_TOGGLES (20) toggles.
//
// Each row shows remote-playerd's limit and whether it met it; a miss does not fail the run.
// The run exits with 1 when remote-playerd does not play again after the hang (or that was not
// measured), 2 when it cannot run. WAIT_PEER=0 measures remote-playerd alone. Run with `make
// wait-bench` (part of `make bench`), about 2 minutes.

/// Measures, prints the table, and returns whether remote-playerd played again after the hang.
@MainActor
func run() async throws -> Bool {
    let settings = try WaitSettings.fromEnvironment()
    for program in [BuiltProduct.release("remote-playerd"), BuiltProduct.release("remotebridge-engine"), Contender.mpv.executable, Contender.mprisPlugin]
    where !FileManager.default.fileExists(atPath: program) {
        throw ProcessTimer.Failure(description: "\(program) is missing: run `make wait-bench`, which builds and installs what it needs")
    }
    let bus = try PrivateBus()
    // One tone more than the queue holds: the load's AddTrack adds it. 48 kHz, so that mpv's
    // position moves in small steps (PlaysAgainCheck).
    let media = try await TestMedia.make(count: WaitSettings.queueEntries + 1, seconds: WaitSettings.toneSeconds, sampleRate: 48_000)
    defer {
        media.remove()
        bus.stop()
    }
    let connection = try await DBusConnection.connect(to: bus.address)
    let log = ProgressLog()
    let runner = try WaitRunner(settings: settings, connection: connection, busAddress: bus.address, work: media.directory, tones: media.tones, log: log)

    print("BusWaits: how long a D-Bus client waits on the player while its engine is busy; remote-playerd (release) and mpv + mpv-mpris, same run,")
    print(
        "each alone on a private bus with \(WaitSettings.queueEntries) tagged FLAC tones of \(WaitSettings.toneSeconds) s looping, null audio output, "
            + "each row on a fresh start.")
    var results: [Contender: WaitFigures] = [:]
    for contender in settings.contenders { results[contender] = WaitFigures(contender: contender) }
    for contender in settings.contenders {
        try await runner.measure(ColdStartRow.name, on: contender, releasingEngine: true, into: &results[contender]!) { player, figures in
            try await ColdStartRow.measure(player, runs: settings.coldRuns, into: &figures)
        }
    }
    for contender in settings.contenders {
        try await runner.measure(HangRow.name, on: contender, into: &results[contender]!) { player, figures in
            try await HangRow.measure(player, seconds: settings.hangSeconds, into: &figures)
        }
    }
    for contender in settings.contenders {
        try await runner.measure(LoadRow.name, on: contender, into: &results[contender]!) { player, figures in
            try await LoadRow.measure(player, seconds: settings.loadSeconds, extraURI: runner.extraURI, into: &figures)
        }
    }
    for contender in settings.contenders {
        try await runner.measure(NotificationRow.name, on: contender, into: &results[contender]!) { player, figures in
            try await NotificationRow.measure(player, toggles: settings.toggles, into: &figures)
        }
    }
    WaitReport.print(results, settings: settings)
    let playedAgain = results[.remotePlayerd]?.playsAgain?.after != nil
    if !playedAgain {
        FileHandle.standardError.write(Data("remote-playerd did not play again after its engine's hang (row b)\n".utf8))
    }
    return playedAgain
}

// A setting that is wrong, or a program that is missing, is said in one line, not a crash report.
do {
    exit(try await run() ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
