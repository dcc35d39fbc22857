// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgePrivateBus
import Benchmark
import BenchmarkSupport
import RemoteBridgeDBus
import Foundation
import RemoteBridgeTesting

/// remote-playerd and mpv with the mpv-mpris plugin, side by side on one private bus, playing
/// the same generated FLAC, measured in the same run (targets: docs/performance.md).
@MainActor
final class PeerBench {
    static let ours = "org.mpris.MediaPlayer2.remotebridge"
    static let peer = "org.mpris.MediaPlayer2.mpv"

    let bus: PrivateBus
    let media: TestMedia
    let daemon: Process
    let mpv: Process
    let connection: DBusConnection
    let oursProbe: MPRISProbe
    let peerProbe: MPRISProbe

    init() async throws {
        bus = try PrivateBus()
        media = try await TestMedia.make(count: 1, seconds: 600)
        connection = try await DBusConnection.connect(to: bus.address)
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        daemon = try BenchmarkDaemon.startRemotePlayerd(on: bus, file: media.tones[0].path)
        mpv = Process()
        mpv.executableURL = URL(fileURLWithPath: "/usr/bin/mpv")
        mpv.arguments = [
            "--no-config", "--ao=null", "--vo=null", "--no-video", "--pause", "--no-terminal", "--idle=yes",
            "--script=/usr/lib/mpv-mpris/mpris.so", media.tones[0].path,
        ]
        mpv.environment = environment
        mpv.standardOutput = FileHandle.nullDevice
        mpv.standardError = FileHandle.nullDevice
        try mpv.run()
        for name in [Self.ours, Self.peer] {
            try await BenchmarkDaemon.waitForOwner(of: name, on: connection)
        }
        oursProbe = try await MPRISProbe(connection: connection, busName: Self.ours)
        peerProbe = try await MPRISProbe(connection: connection, busName: Self.peer)
    }

    func stop() {
        // SIGKILL: the benchmark runner may block SIGTERM, and children inherit the mask.
        kill(daemon.processIdentifier, SIGKILL)
        kill(mpv.processIdentifier, SIGKILL)
        bus.stop()
        media.remove()
    }
}

@MainActor var peerBench: PeerBench?

let benchmarks: @Sendable () -> Void = {
    let setup: @Sendable () async throws -> Void = {
        let made = try await PeerBench()
        await MainActor.run { peerBench = made }
    }
    let teardown: @Sendable () async throws -> Void = { await MainActor.run { peerBench?.stop(); peerBench = nil } }
    let roundTrips = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 50, scalingFactor: .one,
        maxDuration: .seconds(5), maxIterations: 2000, setup: setup, teardown: teardown)
    // mpv-mpris batches PropertiesChanged on a 100 ms timer, so fewer samples there.
    let notifications = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 5, scalingFactor: .one,
        maxDuration: .seconds(10), maxIterations: 200, setup: setup, teardown: teardown)

    Benchmark("Peer: Properties.Get round trip — remote-playerd", configuration: roundTrips) { _ async throws in
        try await peerBench?.oursProbe.getRoundTrip()
    }
    Benchmark("Peer: Properties.Get round trip — mpv + mpv-mpris", configuration: roundTrips) { _ async throws in
        try await peerBench?.peerProbe.getRoundTrip()
    }
    Benchmark("Peer: PlayPause → PropertiesChanged — remote-playerd", configuration: notifications) { _ async in
        await peerBench?.oursProbe.playPauseToNotification()
    }
    Benchmark("Peer: PlayPause → PropertiesChanged — mpv + mpv-mpris", configuration: notifications) { _ async in
        await peerBench?.peerProbe.playPauseToNotification()
    }

    // One sample each: 10 s paused (after 2 s to settle), counting context switches per thread;
    // and resident memory. libdispatch on Linux wakes one of our threads once a second whatever
    // we do: its workqueue monitor is a 1 Hz timer on the manager queue, started on first use.
    let idle = Benchmark.Configuration(
        metrics: [.custom("wakeups/s, our threads"), .custom("wakeups/s, mpv's threads"), .custom("RSS (kB)")],
        warmupIterations: 0, scalingFactor: .one, maxDuration: .seconds(60), maxIterations: 1, setup: setup, teardown: teardown)
    for (label, isDaemon) in [("remote-playerd", true), ("mpv + mpv-mpris", false)] {
        Benchmark("Peer: idle while paused, 10 s — \(label)", configuration: idle) { benchmark async throws in
            guard let pid = await MainActor.run(body: { isDaemon ? peerBench?.daemon.processIdentifier : peerBench?.mpv.processIdentifier })
            else { return }
            // Let start-up finish (file loaded, first notifications sent) before counting.
            try await Task.sleep(for: .seconds(2))
            // mpv's own threads are named mpv/…, ao/…, or after FFmpeg; everything else in
            // remote-playerd is ours (main, D-Bus I/O, the mpv event thread, dispatch workers).
            let ours: (String) -> Bool = { name in
                isDaemon ? !(name.hasPrefix("mpv/") || name.hasPrefix("ao/") || name.hasPrefix("av:") || name == "mpv") : name == "mpv"
            }
            let rates = try await ProcessStats.wakeupsPerSecond(of: pid, over: 10, isOurs: ours)
            benchmark.measurement(.custom("wakeups/s, our threads"), Int(rates.ours.rounded()))
            benchmark.measurement(.custom("wakeups/s, mpv's threads"), Int(rates.others.rounded()))
            benchmark.measurement(.custom("RSS (kB)"), ProcessStats.residentKilobytes(of: pid))
        }
    }
}
