// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePrivateBus
import Benchmark
import RemoteBridgeDBus
import Foundation
import RemoteBridgeHeadsetDaemon
import Logging
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgeCore

/// headsetd reading a FIFO, in front of an in-memory MPRIS player, on a private bus. Only
/// `click` is bound, so the gesture is decided by the release itself: the sample is the time
/// from writing that release to the FIFO until the MPRIS call reaches the player (docs/performance.md, "Targets"),
/// with no intentional multi-click wait in it.
@MainActor
final class HeadsetBench {
    let bus: PrivateBus
    let fifo: EvdevFIFO
    let served: ServedPlayer
    let handler: HeadsetHandler
    private var inputWaiter: CheckedContinuation<Void, Never>?
    private var arrivalWaiter: CheckedContinuation<Void, Never>?

    init() async throws {
        bus = try PrivateBus()
        fifo = try EvdevFIFO()
        served = try await ServedPlayer(address: bus.address, name: "bench")
        let config = fifo.path + ".toml"
        try """
        [headset]
        bluetooth = false

        [headset.gestures]
        double-click = "none"
        triple-click = "none"
        double-click-and-hold = "none"
        triple-click-and-hold = "none"
        """.write(toFile: config, atomically: true, encoding: .utf8)
        var options = HeadsetHandler.Options()
        options.busAddress = bus.address
        options.devices = [fifo.path]
        options.configPath = config
        var logger = Logger(label: "bench")
        logger.logLevel = .critical
        handler = try await HeadsetHandler(options: options, logger: logger)
        for _ in 0..<500 where handler.tracker.target == nil {
            try await handler.connection.barrier(with: served.connection.uniqueName)
        }
        handler.listeners.add { [weak self] event in
            guard case .input = event else { return }
            self?.inputWaiter?.resume()
            self?.inputWaiter = nil
        }
        served.application.listeners.add { [weak self] announced in
            guard case .delivered(let event, _) = announced, event.source == .mpris else { return }
            self?.arrivalWaiter?.resume()
            self?.arrivalWaiter = nil
        }
    }

    /// Presses (not measured), then measures release → MPRIS call at the player.
    func click() async throws -> Duration {
        try fifo.key(226, pressed: true)
        // The reader runs on this (main) actor, so the edge cannot be handled before we wait.
        await withCheckedContinuation { inputWaiter = $0 }
        let start = ContinuousClock.now
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            arrivalWaiter = continuation
            try? fifo.key(226, pressed: false)
        }
        return ContinuousClock.now - start
    }

    func stop() {
        handler.shutdown()
        fifo.remove()
        bus.stop()
    }
}

@MainActor var headsetBench: HeadsetBench?

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.custom("FIFO release → MPRIS call at the player (μs)")],
        warmupIterations: 20, scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 1000,
        setup: {
            let made = try await HeadsetBench()
            await MainActor.run { headsetBench = made }
        },
        teardown: { await MainActor.run { headsetBench?.stop(); headsetBench = nil } })

    Benchmark("Headset: deciding edge written to the FIFO → MPRIS call arrives", configuration: configuration) { benchmark async throws in
        guard let elapsed = try await headsetBench?.click() else { return }
        let (seconds, attoseconds) = elapsed.components
        benchmark.measurement(.custom("FIFO release → MPRIS call at the player (μs)"), Int(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    }
}
