import DurationConversions
import PrivateBusLauncher
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

    // The comparison the target is about: 40 runs of each, interleaved so that both see the
    // same machine load, and the ratio of the medians (remotectl ÷ playerctl; below 1000 = faster).
    let ratio = Benchmark.Configuration(
        metrics: [.custom("remotectl median (µs)"), .custom("playerctl median (µs)"), .custom("ratio ×1000")],
        warmupIterations: 0, scalingFactor: .one, maxDuration: .seconds(120), maxIterations: 1, setup: setup, teardown: teardown)
    for selection in selections {
        Benchmark("CLI: remotectl ÷ playerctl play-pause, 40 interleaved runs each, \(selection.label)", configuration: ratio) { benchmark in
            let (ours, theirs) = try await MainActor.run { () throws -> ([Duration], [Duration]) in
                guard let bench = cliBench else { return ([], []) }
                var ours: [Duration] = []
                var theirs: [Duration] = []
                for _ in 0..<40 {
                    ours.append(try bench.run(bench.remotectl, selection.arguments + ["play-pause"]))
                    theirs.append(try bench.run(CLIBench.playerctl, selection.arguments + ["play-pause"]))
                }
                return (ours, theirs)
            }
            guard !ours.isEmpty else { return }
            let oursMedian = ProcessTimer.median(ours)
            let theirsMedian = ProcessTimer.median(theirs)
            benchmark.measurement(.custom("remotectl median (µs)"), Int(oursMedian / .microseconds(1)))
            benchmark.measurement(.custom("playerctl median (µs)"), Int(theirsMedian / .microseconds(1)))
            benchmark.measurement(.custom("ratio ×1000"), Int((oursMedian / theirsMedian * 1000).rounded()))
        }
    }
}
