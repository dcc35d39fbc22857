// SPDX-License-Identifier: Apache-2.0
import Dispatch
import RemoteBridgeDurations

/// The real clock: `ContinuousClock`, with each deadline a timer on the main queue. Nothing
/// polls; an idle clock has no timers at all.
///
/// Not a sleeping task: with Swift 6.3 `Task.sleep` is scheduled on dispatch's default-QoS
/// global queue, whose first worker starts dispatch's once-a-second pool monitor for good, so
/// that headsetd would wake every second after its first timed gesture.
@MainActor
public final class ContinuousGestureClock: GestureClock {
    /// Makes the clock.
    public init() {}

    /// The current instant of `ContinuousClock`.
    public var now: ContinuousClock.Instant { .now }

    /// Runs `body` on the main actor at `deadline`.
    public func schedule(at deadline: ContinuousClock.Instant, _ body: @escaping @MainActor () -> Void) -> ScheduledDeadline {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        let scheduled = ScheduledDeadline(instant: deadline) { timer.cancel() }
        timer.schedule(deadline: .now() + max(.zero, deadline - .now).dispatch)
        // The timer holds the deadline (its handler refers to it) until it fires or is
        // cancelled, so callers may drop it.
        timer.setEventHandler {
            MainActor.assumeIsolated {
                timer.cancel()
                guard scheduled.fire() else { return }
                body()
            }
        }
        timer.resume()
        return scheduled
    }
}
