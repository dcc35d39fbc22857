// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import Benchmark
import BenchmarkSupport
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgeCore

/// An in-memory player served over MPRIS on a private bus, and a client connection.
/// Both ends live in this process, so every sample includes one hop to the main actor.
@MainActor
final class MPRISBench {
    let bus: PrivateBus
    let served: ServedPlayer
    let clientConnection: DBusConnection
    let probe: MPRISProbe

    init() async throws {
        bus = try PrivateBus()
        served = try await ServedPlayer(address: bus.address, name: "bench")
        clientConnection = try await DBusConnection.connect(to: bus.address)
        probe = try await MPRISProbe(connection: clientConnection, busName: served.busName)
    }

    func stop() {
        bus.stop()
    }
}

@MainActor var bench: MPRISBench?

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock],
        timeUnits: .microseconds,
        warmupIterations: 100,
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 3000,
        setup: {
            let made = try await MPRISBench()
            await MainActor.run { bench = made }
        },
        teardown: { await MainActor.run { bench?.stop(); bench = nil } }
    )

    Benchmark("MPRIS Properties.Get round trip (in-memory player)", configuration: configuration) { _ async throws in
        try await bench?.probe.getRoundTrip()
    }

    Benchmark("MPRIS PlayPause → PropertiesChanged(PlaybackStatus) (in-memory player)", configuration: configuration) { _ async in
        await bench?.probe.playPauseToNotification()
    }
}
