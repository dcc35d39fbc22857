// SPDX-License-Identifier: Apache-2.0
import Benchmark
import RemoteBridgeCore

/// A responder that handles one subtype and passes the rest on with `super`.
@MainActor
final class BenchmarkResponder: Responder {
    let handled: RemoteControlSubtype?
    var count = 0

    init(next: Responder, handling handled: RemoteControlSubtype? = nil) {
        self.handled = handled
        super.init()
        self.next = next
    }

    override var canBecomeFirstResponder: Bool { true }

    override func remoteControlReceived(with event: RemoteControlEvent) {
        guard event.subtype == handled else { return super.remoteControlReceived(with: event) }
        count &+= 1
    }
}

/// An application receiving events, one monitor, and a 4-deep chain whose last responder handles
/// `togglePlayPause`; everything else goes through all four and is discarded at the application.
/// The stack holds responders weakly, so the chain is returned to keep it alive.
@MainActor
func makeChain() -> (RemoteApplication, [BenchmarkResponder]) {
    let application = RemoteApplication()
    application.beginReceivingRemoteControlEvents()
    application.isNowPlaying = true
    var seen = 0
    _ = application.addEventMonitor { _ in seen &+= 1 }
    let fourth = BenchmarkResponder(next: application, handling: .togglePlayPause)
    let third = BenchmarkResponder(next: fourth)
    let second = BenchmarkResponder(next: third)
    let first = BenchmarkResponder(next: second)
    precondition(first.becomeFirstResponder())
    return (application, [first, second, third, fourth])
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        scalingFactor: .mega,
        maxDuration: .seconds(3),
        maxIterations: 10
    )

    // The setup (one application, four responders) is inside the measurement: it costs a few
    // microseconds against a million deliveries. `Benchmark` is not Sendable, so only the
    // iteration range crosses to the main actor.
    Benchmark("Delivery, 4-deep chain, 1 monitor, handled at the 4th") { benchmark async in
        let iterations = benchmark.scaledIterations
        await MainActor.run {
            let (application, chain) = makeChain()
            let event = RemoteControlEvent(subtype: .togglePlayPause, source: .headset("click"))
            for _ in iterations {
                blackHole(application.sendEvent(event))
            }
            precondition(chain[3].count == iterations.count, "every event must reach the 4th responder")
        }
    }

    Benchmark("Delivery, 4-deep chain, 1 monitor, discarded at the application") { benchmark async in
        let iterations = benchmark.scaledIterations
        await MainActor.run {
            let (application, chain) = makeChain()
            let event = RemoteControlEvent(subtype: .stop, source: .mpris)
            for _ in iterations {
                blackHole(application.sendEvent(event))
            }
            blackHole(chain)
        }
    }
}
