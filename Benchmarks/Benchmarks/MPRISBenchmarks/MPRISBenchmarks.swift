import Benchmark
import BenchmarkSupport
import DBus
import MPRIS
import RemoteBridgeTesting
import RemoteControl

/// An in-memory player served over MPRIS on a private bus, and a client connection.
/// Both ends live in this process, so every sample includes one hop to the main actor.
@MainActor
final class MPRISBench {
    let bus: TestBus
    let serverConnection: DBusConnection
    let clientConnection: DBusConnection
    let application = RemoteApplication()
    let player = InMemoryPlayer()
    let controller: TestPlayerController
    let server: MPRISServer
    let probe: MPRISProbe

    init() async throws {
        bus = try TestBus()
        serverConnection = try await DBusConnection.connect(to: bus.address)
        clientConnection = try await DBusConnection.connect(to: bus.address)
        controller = TestPlayerController(player: player, next: application)
        application.beginReceivingRemoteControlEvents()
        controller.becomeFirstResponder()
        server = MPRISServer(connection: serverConnection, application: application, player: player, identity: .init(name: "bench"))
        try server.start()
        let name = try await MPRISBusName.claim("bench", on: serverConnection)
        probe = try await MPRISProbe(connection: clientConnection, busName: name)
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
