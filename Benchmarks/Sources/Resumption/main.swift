// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import RemoteBridgeEvdev
import Foundation
import RemoteBridgeHeadsetDaemon
import Logging
import RemoteBridgePrivateBus
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeResume
import RemoteBridgeTesting

// Media-button resumption, press → PlaybackStatus Playing, cold, warm and released in the same run:
//
//   cold      no player on the bus: headsetd (in-process) reads the saved state's summary, the bus
//             starts remote-playerd (release) from its activation file, it restores the queue and
//             takes its name, headsetd sends Play, remote-playerd starts its engine
//             (remotebridge-engine, which loads libmpv), and the client sees Playing
//   warm      remote-playerd running and paused, its engine still running: the press goes to it as Play
//   released  remote-playerd running and paused, its engine released (`[player] release-engine-after
//             = 1` here, 300 s by default, and the engine process gone): Play starts the engine again
//
// and what the cold time goes to: the summary read, remote-playerd's exec → name without a state
// file and with it (process start and bus claim, no mpv: the engine starts on Play; the state load
// is the difference), and the rest (activation, the claim seen, Play, the engine's start, mpv
// opening the file); and a C program that only links libmpv, for what loading libmpv's libraries
// costs the engine. Medians of RESUME_RUNS (9) runs. Run with `make resume-bench` (release builds).

/// Milliseconds, for the table.
func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

@MainActor
func run() async throws {
    let runs = Int(ProcessInfo.processInfo.environment["RESUME_RUNS"] ?? "") ?? 9
    let daemon = BenchmarkDaemon.binary
    // A build from before the engine split (REMOTE_PLAYERD=…, an earlier commit's) embeds mpv: it
    // has no engine to release, and refuses the [player] release-engine-after key.
    let folder = URL(fileURLWithPath: daemon).deletingLastPathComponent()
    let hasEngine = ["remotebridge-engine", "../libexec/remotebridge/remotebridge-engine"].contains {
        FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent($0).path)
    }
    guard FileManager.default.isExecutableFile(atPath: daemon) else {
        throw ProcessTimer.Failure(description: "\(daemon) is missing: run `make resume-bench`, which builds it")
    }
    let media = try await TestMedia.make(count: 20, seconds: 60)
    defer { media.remove() }
    let work = media.directory
    let config = work.appendingPathComponent("config.toml").path
    try "[headset]\nbluetooth = false\n".write(toFile: config, atomically: true, encoding: .utf8)
    let state = work.appendingPathComponent("player.state").path
    let services = work.appendingPathComponent("services")
    try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
    // remote-playerd's own: the engine released 1 s after a pause, for the released case.
    let daemonConfig = work.appendingPathComponent("player.toml").path
    try ("[headset]\nbluetooth = false\n" + (hasEngine ? "\n[player]\nrelease-engine-after = 1\n" : "")).write(toFile: daemonConfig, atomically: true, encoding: .utf8)
    let daemonArguments = ["--config", daemonConfig, "--state", state, "--audio-output", "null", "--log-level", "error"]
    let service = try String(contentsOf: BuiltProduct.packageRoot.appendingPathComponent("dbus/services/\(MPRISNames.remotePlayerd).service"), encoding: .utf8)
        .replacingOccurrences(of: "Exec=/usr/local/bin/remote-playerd", with: "Exec=\(([daemon] + daemonArguments).joined(separator: " "))")
    try service.write(to: services.appendingPathComponent("\(MPRISNames.remotePlayerd).service"), atomically: true, encoding: .utf8)
    let bus = try PrivateBus(serviceDirectory: services.path)
    defer { bus.stop() }
    let client = try await DBusConnection.connect(to: bus.address)
    let player = MPRISClient(connection: client, busName: MPRISNames.remotePlayerd)
    let owners = try await SignalRecorder.start(on: client, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: MPRISNames.remotePlayerd))
    let changes = try await SignalRecorder.start(
        on: client, MatchRule(signal: StandardInterfaces.propertiesChanged, path: MPRISNames.objectPath))

    // The saved state, as users get it: remote-playerd run once with the tones, then stopped.
    let first = Process()
    first.executableURL = URL(fileURLWithPath: daemon)
    first.arguments = ["--bus", bus.address] + daemonArguments + media.tones.map(\.path)
    try first.run()
    try await BenchmarkDaemon.waitForOwner(of: MPRISNames.remotePlayerd, on: client)
    first.terminate()
    first.waitUntilExit()

    let fifo = try EvdevFIFO()
    defer { fifo.remove() }
    var options = HeadsetHandler.Options()
    options.busAddress = bus.address
    options.devices = [fifo.path]
    options.configPath = config
    options.statePath = state
    var logger = Logger(label: "bench")
    logger.logLevel = .critical
    let handler = try await HeadsetHandler(options: options, logger: logger)
    defer { handler.shutdown() }

    /// Presses KEY_PLAYCD; returns the time until a PropertiesChanged says Playing and, when
    /// `cold`, until remote-playerd's name appeared.
    func pressUntilPlaying(cold: Bool) async throws -> (playing: Duration, named: Duration?) {
        changes.clear()
        let ownersBefore = owners.messages.count
        let clock = ContinuousClock()
        let started = clock.now
        try fifo.key(KeyMap.keyPlayCD, pressed: true)
        try fifo.key(KeyMap.keyPlayCD, pressed: false)
        var named: Duration?
        if cold {
            guard await owners.waitFor(count: ownersBefore + 1) else { throw ProcessTimer.Failure(description: "remote-playerd was not started") }
            named = clock.now - started
        }
        while true {
            let playing = changes.messages.contains {
                $0.body.count > 1 && $0.body[1].stringDictionaryValue?["PlaybackStatus"]?.stringValue == "Playing"
            }
            if playing { return (clock.now - started, named) }
            guard await changes.waitFor(count: changes.messages.count + 1) else {
                throw ProcessTimer.Failure(description: "remote-playerd never said Playing")
            }
        }
    }

    var cold: [Duration] = []
    var named: [Duration] = []
    var warm: [Duration] = []
    var released: [Duration] = []
    for _ in 0..<runs {
        // Cold: nothing on the bus, and headsetd knows it.
        _ = await until(wokenBy: handler.tracker.listeners) { handler.tracker.target == nil }
        let result = try await pressUntilPlaying(cold: true)
        cold.append(result.playing)
        if let time = result.named { named.append(time) }
        // Warm: paused, and headsetd knows it.
        try await player.pause()
        _ = await until(wokenBy: handler.tracker.listeners) { handler.tracker.players[MPRISNames.remotePlayerd]?.status == .paused }
        // (1 s before the release: the engine must still be there, or this is no warm press.)
        guard let warmPID = await client.processID(of: MPRISNames.remotePlayerd), !hasEngine || !ProcessStats.children(of: pid_t(warmPID)).isEmpty else {
            throw ProcessTimer.Failure(description: "remote-playerd had no engine for the warm press")
        }
        warm.append(try await pressUntilPlaying(cold: false).playing)
        if hasEngine {
        // Released: paused, and its engine gone (release-engine-after = 1 s).
        try await player.pause()
        _ = await until(wokenBy: handler.tracker.listeners) { handler.tracker.players[MPRISNames.remotePlayerd]?.status == .paused }
        guard let daemonPID = await client.processID(of: MPRISNames.remotePlayerd) else { throw ProcessTimer.Failure(description: "remote-playerd has no process ID") }
        try await EngineWait.engineGone(from: pid_t(daemonPID), limit: .seconds(15))
        released.append(try await pressUntilPlaying(cold: false).playing)
        try await player.pause()
        _ = await until(wokenBy: handler.tracker.listeners) { handler.tracker.players[MPRISNames.remotePlayerd]?.status == .paused }
        }
        // Stopped (it saves its state), its name gone.
        let before = owners.messages.count
        if let pid = await client.processID(of: MPRISNames.remotePlayerd) { kill(pid_t(pid), SIGTERM) }
        guard await owners.waitFor(count: before + 1) else { throw ProcessTimer.Failure(description: "remote-playerd did not exit") }
    }

    // Where the cold time goes.
    let policy = ResumePolicy(within: .seconds(86_400), statePath: state)
    var decide: [Duration] = []
    for _ in 0..<runs {
        let clock = ContinuousClock()
        let started = clock.now
        _ = policy.decide()
        decide.append(clock.now - started)
    }
    func startUp(_ arguments: [String]) async throws -> Duration {
        var times: [Duration] = []
        for _ in 0..<runs {
            let before = owners.messages.count
            let process = Process()
            process.executableURL = URL(fileURLWithPath: daemon)
            process.arguments = ["--bus", bus.address] + arguments
            let clock = ContinuousClock()
            let started = clock.now
            try process.run()
            guard await owners.waitFor(count: before + 1) else { throw ProcessTimer.Failure(description: "remote-playerd never took its name") }
            times.append(clock.now - started)
            kill(process.processIdentifier, SIGKILL)
            guard await owners.waitFor(count: before + 2) else { throw ProcessTimer.Failure(description: "remote-playerd stayed on the bus") }
        }
        return ProcessTimer.median(times)
    }
    let bare = try await startUp(["--config", daemonConfig, "--no-state", "--audio-output", "null", "--log-level", "error"])
    let restoring = try await startUp(daemonArguments)
    let help = try ProcessTimer.median((0..<runs).map { _ in try ProcessTimer.wallTime(daemon, ["--help"], environment: [:]) })
    // A C program that does nothing but link libmpv (`make resume-bench` builds it).
    let libmpvLoad = BuiltProduct.packageRoot.appendingPathComponent("Benchmarks/.build/libmpv-load").path
    let loading = FileManager.default.isExecutableFile(atPath: libmpvLoad)
        ? try ProcessTimer.median((0..<runs).map { _ in try ProcessTimer.wallTime(libmpvLoad, [], environment: [:]) }) : nil

    let coldMedian = ProcessTimer.median(cold)
    let namedMedian = ProcessTimer.median(named)
    print("Media-button resumption: press → PlaybackStatus Playing, medians of \(runs) runs, \(media.tones.count)-entry saved queue")
    print(String(format: "  cold (activation)                 %8.1f ms", milliseconds(coldMedian)))
    print(String(format: "  warm (engine running)             %8.3f ms", milliseconds(ProcessTimer.median(warm))))
    if hasEngine {
        print(String(format: "  released (daemon, no engine)      %8.1f ms  (released − warm: what a Play with no engine costs before Playing)", milliseconds(ProcessTimer.median(released))))
    } else {
        print("  released                          n/a  (\(daemon) has no engine: it embeds mpv)")
    }
    func verdict(_ duration: Duration, _ limit: Double) -> String { milliseconds(duration) <= limit ? "holds" : "missed" }
    print(
        "Goals: cold ≤ 70 ms (\(verdict(coldMedian, 70))), warm ≤ 1 ms (\(verdict(ProcessTimer.median(warm), 1))), "
            + "released ≤ 80 ms (\(hasEngine ? verdict(ProcessTimer.median(released), 80) : "n/a"))")
    print("Where the cold time goes:")
    print(String(format: "  press → name on the bus           %8.1f ms", milliseconds(namedMedian)))
    print(String(format: "    saved state's summary (decide)  %8.3f ms", milliseconds(ProcessTimer.median(decide))))
    print(String(format: "    process start (--help, whole)   %8.1f ms", milliseconds(help)))
    if let loading {
        print(String(format: "      of which loading libmpv       %8.1f ms  (a C program that only links it, whole)", milliseconds(loading)))
    }
    print(String(format: "    exec → name, no state           %8.1f ms  (process start, bus claim; no engine yet)", milliseconds(bare)))
    print(String(format: "    exec → name, restoring state    %8.1f ms  (state load: the difference)", milliseconds(restoring)))
    print(String(format: "  name → Playing                    %8.1f ms  (Play asked: PlaybackStatus says Playing at once; the engine starts after)", milliseconds(coldMedian - namedMedian)))
}

try await run()
