// SPDX-License-Identifier: Apache-2.0
import Glibc

/// CLOCK_MONOTONIC, the clock of `EventDelivered`'s `monotonic_us`: the one other programs read
/// with `clock_gettime(CLOCK_MONOTONIC)` and can compare a stamp with.
///
/// Events carry `ContinuousClock` instants, and on Linux `ContinuousClock` reads CLOCK_BOOTTIME,
/// which also counts time spent suspended; `SuspendingClock` reads CLOCK_MONOTONIC (swiftlang/swift,
/// stdlib/public/Concurrency/Clock.cpp, `swift_get_time`). The two clocks part by the time slept,
/// more at every suspend, so no offset taken once converts one into the other for long. A stamp
/// is therefore CLOCK_MONOTONIC read at delivery, less the event's age on its own clock.
package enum MonotonicClock {
    /// CLOCK_MONOTONIC now: time since boot, not counting time suspended.
    package static func now() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }

    /// The CLOCK_MONOTONIC microseconds at which something stamped `instant` happened, from
    /// readings of both clocks taken together. An instant in the future counts as now.
    package static func microseconds(at instant: ContinuousClock.Instant, continuousNow: ContinuousClock.Instant, monotonicNow: Duration) -> UInt64 {
        let age = max(.zero, instant.duration(to: continuousNow))
        return UInt64(clamping: (monotonicNow - age).microseconds)
    }

    /// The same, with both clocks read now.
    package static func microseconds(at instant: ContinuousClock.Instant) -> UInt64 {
        microseconds(at: instant, continuousNow: .now, monotonicNow: now())
    }
}
