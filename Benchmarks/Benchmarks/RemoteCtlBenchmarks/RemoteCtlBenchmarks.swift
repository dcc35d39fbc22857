// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgePrivateBus
import Benchmark
import BenchmarkSupport
import RemoteBridgeDBus
import Foundation
import RemoteBridgeTesting

/// `remotectl play-pause` against `playerctl play-pause`: whole-process wall time, from spawn to
/// exit, against the same remote-playerd on one private bus, in the same run.
@MainActor
final class CLIBench {
    static let playerctl = "/usr/bin/playerctl"

    let bus: PrivateBus
    let media: TestMedia
    let daemon: Process
    let remotectl: String
    /// The environment both programs run in: only the private bus, no session bus of the host.
    let environment: [String: String]

    init() async throws {
        bus = try PrivateBus()
        media = try await TestMedia.make(count: 1, seconds: 600)
        remotectl = BuiltProduct.release("remotectl")
        for binary in [remotectl, Self.playerctl] where !FileManager.default.isExecutableFile(atPath: binary) {
            throw ProcessTimer.Failure(description: "\(binary) is missing: run `make benchmark`, which builds and installs what it needs")
        }
        environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        daemon = try BenchmarkDaemon.startRemotePlayerd(on: bus, file: media.tones[0].path)
        let connection = try await DBusConnection.connect(to: bus.address)
        try await BenchmarkDaemon.waitForOwner(of: "org.mpris.MediaPlayer2.remotebridge", on: connection)
    }

    func run(_ program: String, _ arguments: [String]) throws -> Duration {
        try ProcessTimer.wallTime(program, arguments, environment: environment)
    }

    func stop() {
        // SIGKILL: the benchmark runner may block SIGTERM, and children inherit the mask.
        kill(daemon.processIdentifier, SIGKILL)
        bus.stop()
        media.remove()
    }
}

@MainActor var cliBench: CLIBench?

let benchmarks: @Sendable () -> Void = {
    let setup: @Sendable () async throws -> Void = {
        let made = try await CLIBench()
        await MainActor.run { cliBench = made }
    }
    let teardown: @Sendable () async throws -> Void = { await MainActor.run { cliBench?.stop(); cliBench = nil } }

    // Each program on its own, for the distribution: at least 20 runs (maxDuration is generous).
    let perProgram = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 3, scalingFactor: .one,
        maxDuration: .seconds(30), maxIterations: 40, setup: setup, teardown: teardown)
    let selections: [(label: String, arguments: [String])] = [("default player", []), ("-p remotebridge", ["-p", "remotebridge"])]
    for selection in selections {
        Benchmark("CLI: remotectl play-pause, \(selection.label)", configuration: perProgram) { benchmark in
            for _ in benchmark.scaledIterations {
                _ = try await MainActor.run { try cliBench?.run(cliBench!.remotectl, selection.arguments + ["play-pause"]) }
            }
        }
        Benchmark("CLI: playerctl play-pause, \(selection.label)", configuration: perProgram) { benchmark in
            for _ in benchmark.scaledIterations {
                _ = try await MainActor.run { try cliBench?.run(CLIBench.playerctl, selection.arguments + ["play-pause"]) }
            }
        }
    }

    // The comparisons the targets are about: 40 runs of each program, interleaved so that all
    // see the same machine load, and the ratios of the medians (×1000; below 1000 = faster):
    // remotectl ÷ playerctl, and remotectl ÷ dbus-send making the same call (the floor: a C
    // program on libdbus that makes one call and nothing else).
    let ratio = Benchmark.Configuration(
        metrics: [
            .custom("remotectl median (µs)"), .custom("playerctl median (µs)"), .custom("dbus-send median (µs)"),
            .custom("remotectl ÷ playerctl ×1000"), .custom("remotectl ÷ dbus-send ×1000"),
        ],
        warmupIterations: 0, scalingFactor: .one, maxDuration: .seconds(120), maxIterations: 1, setup: setup, teardown: teardown)
    let floor = [
        "--print-reply", "--dest=org.mpris.MediaPlayer2.remotebridge", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player.PlayPause",
    ]
    for selection in selections {
        Benchmark("CLI: remotectl vs playerctl vs dbus-send play-pause, 40 interleaved runs each, \(selection.label)", configuration: ratio) { benchmark in
            let times = try await MainActor.run { () throws -> [[Duration]] in
                guard let bench = cliBench else { return [] }
                var times: [[Duration]] = [[], [], []]
                for _ in 0..<40 {
                    times[0].append(try bench.run(bench.remotectl, selection.arguments + ["play-pause"]))
                    times[1].append(try bench.run(CLIBench.playerctl, selection.arguments + ["play-pause"]))
                    times[2].append(try bench.run("/usr/bin/dbus-send", floor))
                }
                return times
            }
            guard times.count == 3 else { return }
            let (ours, theirs, floorMedian) = (ProcessTimer.median(times[0]), ProcessTimer.median(times[1]), ProcessTimer.median(times[2]))
            benchmark.measurement(.custom("remotectl median (µs)"), Int(ours / .microseconds(1)))
            benchmark.measurement(.custom("playerctl median (µs)"), Int(theirs / .microseconds(1)))
            benchmark.measurement(.custom("dbus-send median (µs)"), Int(floorMedian / .microseconds(1)))
            benchmark.measurement(.custom("remotectl ÷ playerctl ×1000"), Int((ours / theirs * 1000).rounded()))
            benchmark.measurement(.custom("remotectl ÷ dbus-send ×1000"), Int((ours / floorMedian * 1000).rounded()))
        }
    }
}
