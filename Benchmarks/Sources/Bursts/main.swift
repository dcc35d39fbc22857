// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation
import RemoteBridgeDBus
import RemoteBridgePrivateBus
import RemoteBridgeTesting

// Memory a burst of D-Bus calls takes, and whether it is given back: remote-playerd beside mpv +
// mpv-mpris, in one run, each alone on a private bus, playing a looping queue of short tagged
// FLAC tones with the null audio output, driven only from outside (D-Bus, and mpv's JSON IPC for
// its playlist's length). Each burst starts the program afresh, reads its idle RSS once settled,
// then:
//
//   no-calls        the control: no calls for BURST_SECONDS, the player playing on alone (not checked)
//   gets            BURST_CLIENTS clients (6), each on a connection of its own, back to back for
//                   BURST_SECONDS (8): Get(PlaybackStatus, Metadata, Position), GetAll, Introspect
//   next-previous   the same clients: Next and Previous
//   seek            PlayPause once, then Seek +1 s / −1 s
//   mixed           the Scale benchmark's concurrent load (8 clients and a probe), MIXED_ROUNDS (3)
//                   rounds of MIXED_SECONDS (20)
//   tracks-100k     remote-playerd holding 100 000 entries: Get(Tracks) five times, then
//                   GetTracksMetadata of every entry (mpv-mpris has no TrackList: n/a)
//   openuri-100k    OpenUri of a 100 000-line M3U playlist, until the queue is complete
//
// RSS and threads (/proc/PID/status; remote-playerd's own, its engine left out: MemoryWatch.sample says why) are read every 250 ms under load, right after the last
// call, and every 250 ms for 5 s after it with no client calling. BURST_LARGE=0 leaves out the
// 100 000-entry bursts, BURST_ONLY=gets,seek runs only those named (BurstSettings).
//
// Run with `make burst-bench` (part of `make bench`). `Bursts --check` (`make burst-check`)
// exits with 1, naming the burst and its figures, when remote-playerd breaks BurstLimits: RSS
// more than 16 MiB above idle 5 s after a burst's last call, or a steady state under the mixed
// load more than 16 MiB above idle. mpv + mpv-mpris is reported, never checked.

/// Measures, prints the tables, and returns whether the run passed: with `--check`, whether
/// remote-playerd held BurstLimits; otherwise always.
@MainActor
func run() async throws -> Bool {
    let check = CommandLine.arguments.contains("--check")
    let settings = try BurstSettings.fromEnvironment()
    for program in [BuiltProduct.release("remote-playerd"), Contender.mpv.executable, Contender.mprisPlugin]
    where !FileManager.default.fileExists(atPath: program) {
        throw ProcessTimer.Failure(description: "\(program) is missing: run `make burst-bench`, which builds and installs what it needs")
    }
    let bus = try PrivateBus()
    // One tone more than the queue holds: the mixed load's AddTrack adds it.
    let media = try await TestMedia.make(count: BurstSettings.smallQueue + 1, seconds: BurstSettings.toneSeconds)
    defer {
        media.remove()
        bus.stop()
    }
    let home = try ContenderHome(in: media.directory, busAddress: bus.address)
    let connection = try await DBusConnection.connect(to: bus.address)
    let runner = try BurstRunner(
        settings: settings, connection: connection, busAddress: bus.address, home: home, work: media.directory, tones: media.tones, log: ProgressLog())
    defer { runner.removeLarge() }

    print("Bursts: remote-playerd (release) and mpv + mpv-mpris, same run, each alone on a private bus, playing a looping queue of")
    print(
        "\(BurstSettings.smallQueue) tagged FLAC tones of \(BurstSettings.toneSeconds) s, null audio output; each burst on a fresh start, idle RSS after "
            + "\(BurstSettings.settle.components.seconds) s settled, RSS and threads read every \(Int(MemoryWatch.interval / .milliseconds(1))) ms "
            + "under load and for \(BurstLimits.recoveryText) after the last call.")
    var results: [BurstResult] = []
    for burst in settings.bursts {
        var figures: [Contender: BurstResult] = [:]
        for contender in settings.contenders {
            figures[contender] = try await runner.measure(burst, contender)
        }
        BurstReport.printBurst(burst, figures, settings: settings)
        results += Contender.allCases.compactMap { figures[$0] }
    }
    BurstReport.printPrograms(results)
    return BurstReport.printCheck(results, check: check) || !check
}

// A setting that is wrong, or a program that is missing, is said in one line, not a crash report.
do {
    exit(try await run() ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
