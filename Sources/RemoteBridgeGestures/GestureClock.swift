// SPDX-License-Identifier: Apache-2.0
/// The time source of gesture recognition: the current instant, and deadlines run on the main actor.
///
/// Recognizers never read the system clock directly, so tests drive them with `VirtualClock`
/// and the program uses `ContinuousGestureClock`.
@MainActor
public protocol GestureClock: AnyObject {
    /// The current instant.
    var now: ContinuousClock.Instant { get }

    /// Runs `body` on the main actor once `deadline` has passed, unless the returned deadline is
    /// cancelled first.
    func schedule(at deadline: ContinuousClock.Instant, _ body: @escaping @MainActor () -> Void) -> ScheduledDeadline
}

/// A deadline scheduled on a `GestureClock`. Cancelling it keeps its body from running.
@MainActor
public final class ScheduledDeadline {
    /// The instant the deadline falls due.
    public let instant: ContinuousClock.Instant
    /// False once the deadline has been cancelled or has fired.
    public private(set) var isPending = true
    private var onCancel: (@MainActor () -> Void)?

    /// Makes a pending deadline. `onCancel` lets the clock drop its timer.
    public init(instant: ContinuousClock.Instant, onCancel: (@MainActor () -> Void)? = nil) {
        self.instant = instant
        self.onCancel = onCancel
    }

    /// Keeps the body from running. Cancelling twice, or after firing, does nothing.
    public func cancel() {
        guard isPending else { return }
        isPending = false
        let onCancel = self.onCancel
        self.onCancel = nil
        onCancel?()
    }

    /// Marks the deadline fired; returns false if it was already cancelled.
    func fire() -> Bool {
        guard isPending else { return false }
        isPending = false
        onCancel = nil
        return true
    }
}
