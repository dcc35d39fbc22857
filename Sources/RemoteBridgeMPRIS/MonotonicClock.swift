import Glibc

/// Reads CLOCK_MONOTONIC, the clock `ContinuousClock` is built on, as time since boot.
enum MonotonicClock {
    static func sinceBoot() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }
}
