/// The real clock: `ContinuousClock`, with each deadline a sleeping task. Nothing polls; an idle
/// clock has no timers at all.
@MainActor
public final class ContinuousGestureClock: GestureClock {
    /// Makes the clock.
    public init() {}

    /// The current instant of `ContinuousClock`.
    public var now: ContinuousClock.Instant { .now }

    /// Sleeps a task until `deadline`, then runs `body` on the main actor.
    public func schedule(at deadline: ContinuousClock.Instant, _ body: @escaping @MainActor () -> Void) -> ScheduledDeadline {
        var task: Task<Void, Never>?
        let scheduled = ScheduledDeadline(instant: deadline) { task?.cancel() }
        // The task holds the deadline until it fires or is cancelled, so callers may drop it.
        task = Task { @MainActor in
            do {
                try await Task.sleep(until: deadline, clock: .continuous)
            } catch {
                return  // cancelled
            }
            guard scheduled.fire() else { return }
            body()
        }
        return scheduled
    }
}
