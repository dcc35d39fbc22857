// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation
import RemoteBridgePrivateBus
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting

// The daemons' footprint beside the physical floor and the peer, in one run: resident memory
// once settled, and wakeups (context switches summed over all threads) over 20 s of idling.
//
//   remote-playerd, one tagged FLAC queued,       vs  the C floor (libmpv + libdbus, one poll loop)
//     never played: no engine (it starts                with the file loaded, paused,
//     remotebridge-engine, which alone links          and mpv + mpv-mpris with the same file, paused
//     libmpv, on the first Play)
//   headsetd reading one FIFO                      vs  the C floor for its job (libdbus + a FIFO)
//
// then remote-playerd's two other states, in the same run:
//
//   playing: Play over D-Bus, PlaybackStatus Playing, 3 s to settle; the RSS of remote-playerd
//     and its engine (its child process) summed  vs  the C floor playing the same file
//     (floor BUS FILE --play) and mpv + mpv-mpris told to Play over MPRIS
//   released: Pause, then its engine ended after `[player] release-engine-after` (2 s here; 300
//     by default), its wakeups over the same idle window and its RSS, beside its figures before
//     the first Play
//
// and, in both engine-less states, whether libmpv is mapped into remote-playerd (/proc/PID/maps).
//
// Run with `make bench` or `make footprint` (release builds; the floors are built with gcc from
// Benchmarks/Floor). Start-up is exec to the name on the bus, each program started alone, the
// median of FOOTPRINT_STARTS runs (7), with remote-playerd's as a ratio of mpv + mpv-mpris's.
// Last, remote-playerd's memory per queue entry (1 entry against 10 000, MemoryPerEntry), with
// a WARNING line past its limit.
//
// `Footprint --check` (`make footprint-check`, run by `make test`) is the short run CI makes:
// no start-up or per-entry figures, FOOTPRINT_SECONDS (5) of idling, and an exit status of 1
// when a daemon breaks one of FootprintLimits.

struct Measured {
    var name: String
    var process: Process
    var kilobytes = 0
    var executableKilobytes = 0
    var wakeupsPerSecond = 0.0
    var threads = 0
    /// Whether libmpv is mapped into it (remote-playerd's rows only; nil when not looked at).
    var libmpvMapped: Bool?
}

/// remote-playerd's footprint in the two states the engine split adds: playing (with its engine)
/// and after its engine was released, with the floors and the peer playing beside it.
struct EngineStates {
    /// remote-playerd's own RSS while playing, and its engine's, in KiB.
    var playingDaemonKilobytes = 0
    var playingEngineKilobytes = 0
    var playingEngines = 0
    var floorPlayingKilobytes = 0
    var peerPlayingKilobytes = 0
    /// remote-playerd once its engine was released: RSS, wakeups over the idle window, libmpv.
    var released = Measured(name: "remote-playerd, engine released", process: Process())

    var playingKilobytes: Int { playingDaemonKilobytes + playingEngineKilobytes }
}

/// Measures, prints the table, and returns whether the run passed: with `--check`, whether every
/// limit of FootprintLimits held; otherwise always.
@MainActor
func run() async throws -> Bool {
    let check = CommandLine.arguments.contains("--check")
    let idleSeconds = Int(ProcessInfo.processInfo.environment["FOOTPRINT_SECONDS"] ?? "") ?? (check ? 5 : 20)
    let startUpRuns = check ? 0 : Int(ProcessInfo.processInfo.environment["FOOTPRINT_STARTS"] ?? "") ?? 7
    let floor = BuiltProduct.packageRoot.appendingPathComponent("Benchmarks/.build/floor").path
    let headsetFloor = BuiltProduct.packageRoot.appendingPathComponent("Benchmarks/.build/floor-headset").path
    for binary in [BuiltProduct.release("remote-playerd"), BuiltProduct.release("headsetd"), floor, headsetFloor] where !FileManager.default.isExecutableFile(atPath: binary) {
        throw ProcessTimer.Failure(description: "\(binary) is missing: run `make bench`, which builds it")
    }
    let bus = try PrivateBus()
    let media = try await TestMedia.make(count: 1, seconds: 600)
    let headsetFIFO = try EvdevFIFO()
    // headsetd's system bus: not there, in a quiet folder of its own, as `/run/dbus` is before the
    // bus starts (headsetd waits for it there, with no timer).
    let noSystemBus = media.directory.path + "/run-dbus"
    try FileManager.default.createDirectory(atPath: noSystemBus, withIntermediateDirectories: true)
    let floorFIFO = try EvdevFIFO()
    let config = media.directory.appendingPathComponent("config.toml").path
    _ = FileManager.default.createFile(atPath: config, contents: Data("[headset]\nbluetooth = false\n".utf8))
    // remote-playerd's own: its engine released 2 s after a pause rather than 300, so that the
    // state after a release is measured within the run.
    let playerConfig = media.directory.appendingPathComponent("player.toml").path
    _ = FileManager.default.createFile(
        atPath: playerConfig, contents: Data("[headset]\nbluetooth = false\n\n[player]\nrelease-engine-after = \(EngineRelease.seconds)\n".utf8))
    defer {
        headsetFIFO.remove()
        floorFIFO.remove()
        media.remove()
        bus.stop()
    }
    let file = media.tones[0].path
    // With a state file, as users run it: its saves are timers too, and must not wake an idle daemon.
    let state = media.directory.appendingPathComponent("player.state").path
    let playerdArguments = ["--bus", bus.address, "--audio-output", "null", "--state", state, "--config", playerConfig, "--log-level", "error"]
    let programs = [
        Program(
            name: "remote-playerd", executable: BuiltProduct.release("remote-playerd"), arguments: playerdArguments + [file],
            busName: "org.mpris.MediaPlayer2.remotebridge"),
        Program(name: "C floor (libmpv + libdbus)", executable: floor, arguments: [bus.address, file], busName: "org.mpris.MediaPlayer2.floor"),
        Program(
            name: "mpv + mpv-mpris", executable: "/usr/bin/mpv",
            arguments: ["--no-config", "--ao=null", "--vo=null", "--no-video", "--pause", "--no-terminal", "--idle=yes", "--script=/usr/lib/mpv-mpris/mpris.so", file],
            busName: "org.mpris.MediaPlayer2.mpv"),
        Program(
            name: "headsetd, one FIFO", executable: BuiltProduct.release("headsetd"),
            arguments: ["--bus", bus.address, "--device", headsetFIFO.path, "--config", config, "--system-bus", "unix:path=\(noSystemBus)/system_bus_socket", "--log-level", "error"],
            busName: "io.github.remotebridge.Headset"),
        Program(name: "C floor (libdbus + a FIFO)", executable: headsetFloor, arguments: [bus.address, "--fifo=" + floorFIFO.path], busName: "io.github.remotebridge.Floor"),
    ]
    let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "HOME": media.directory.path, "PATH": "/usr/bin:/bin"]
    let connection = try await DBusConnection.connect(to: bus.address)

    // Start-up first, each program alone on the bus, so that none waits for another's start.
    var startUps: [Duration] = []
    for program in programs where startUpRuns > 0 {
        startUps.append(try await StartUp.median(of: program, runs: startUpRuns, environment: environment, on: connection))
    }

    var rows = try programs.map { Measured(name: $0.name, process: try $0.start(environment: environment)) }
    defer { for row in rows { kill(row.process.processIdentifier, SIGKILL) } }
    for program in programs {
        try await BenchmarkDaemon.waitForOwner(of: program.busName, on: connection)
    }
    // Settle: files opened, tags and art read, the first signals gone out.
    try await Task.sleep(for: .seconds(3))
    let before = rows.map { ProcessStats.threads(of: $0.process.processIdentifier) }
    try await Task.sleep(for: .seconds(idleSeconds))
    for index in rows.indices {
        let pid = rows[index].process.processIdentifier
        let after = ProcessStats.threads(of: pid)
        let switches = after.reduce(0) { sum, entry in sum + entry.value.switches - (before[index][entry.key]?.switches ?? 0) }
        rows[index].wakeupsPerSecond = Double(switches) / Double(idleSeconds)
        rows[index].kilobytes = ProcessStats.residentKilobytes(of: pid)
        rows[index].executableKilobytes = ProcessStats.executableResidentKilobytes(of: pid)
        rows[index].threads = after.count
    }
    rows[0].libmpvMapped = ProcessStats.maps("libmpv", in: rows[0].process.processIdentifier)
    if !ProcessStats.children(of: rows[0].process.processIdentifier).isEmpty {
        throw ProcessTimer.Failure(description: "remote-playerd started its engine before anything was played")
    }
    var states = EngineStates()
    try await measureEngineStates(
        &states, rows: &rows, floor: floor, file: file, busAddress: bus.address, environment: environment, idleSeconds: idleSeconds, connection: connection)
    let playerFloor = Double(rows[1].kilobytes)
    let headsetFloorKilobytes = Double(rows[4].kilobytes)
    print("Footprint, release builds, paused, one tagged FLAC (remote-playerd: never played, no engine); wakeups over \(idleSeconds) s, all threads")
    print("| process | RSS MiB | × its C floor | of which its own binary, MiB | wakeups/s | threads | start-up, ms (median of \(startUpRuns)) |")
    print("|---|---|---|---|---|---|---|")
    for (index, row) in rows.enumerated() {
        let floorKilobytes = index < 3 ? playerFloor : headsetFloorKilobytes
        let mebibytes = String(format: "%.1f", Double(row.kilobytes) / 1024)
        let ratio = String(format: "%.2f", Double(row.kilobytes) / floorKilobytes)
        let executable = String(format: "%.1f", Double(row.executableKilobytes) / 1024)
        let wakeups = String(format: "%.2f", row.wakeupsPerSecond)
        let startUp = startUps.isEmpty ? "–" : String(format: "%.1f", StartUp.milliseconds(startUps[index]))
        print("| \(row.name) | \(mebibytes) | \(ratio) | \(executable) | \(wakeups) | \(row.threads) | \(startUp) |")
    }
    EngineStatesReport.print(states, rows: rows, idleSeconds: idleSeconds)
    if startUps.count >= 3 {
        EngineStatesReport.printStartUp(player: StartUp.milliseconds(startUps[0]), peer: StartUp.milliseconds(startUps[2]))
    }

    if check {
        let broken = FootprintLimits.broken(by: rows, states: states)
        for limit in broken {
            print("error: footprint check: \(limit). Find what grew with `make footprint`.")
        }
        if broken.isEmpty {
            print(
                "footprint check: remote-playerd ≤ \(FootprintLimits.playerIdleKilobytes / 1024) MiB, 0 wakeups a second and no libmpv, "
                    + "before the first Play and once its engine is released; with its engine playing ≤ \(FootprintLimits.playingToFloor)× "
                    + "the C floor playing; headsetd ≤ 12 MiB")
        }
        return broken.isEmpty
    }

    let perEntry = try await MemoryPerEntry.measure(
        tone: media.tones[0], work: media.directory, arguments: playerdArguments, environment: environment, settle: .seconds(3), connection: connection)
    print(
        "\nremote-playerd, memory per queue entry: \(String(format: "%.0f", perEntry)) bytes "
            + "((RSS with \(MemoryPerEntry.entries) entries − RSS with 1) / \(MemoryPerEntry.entries); limit \(MemoryPerEntry.limitBytes))")
    if perEntry > Double(MemoryPerEntry.limitBytes) {
        print("WARNING: remote-playerd's memory per queue entry, \(String(format: "%.0f", perEntry)) bytes, is over the limit of \(MemoryPerEntry.limitBytes)")
    }
    return true
}

exit(try await run() ? 0 : 1)
