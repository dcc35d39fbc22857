// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners

/// A clock that moves only when told to, for tests: deadlines fire inside `advance(by:)`.
@MainActor
public final class VirtualClock: GestureClock {
    private struct Entry {
        let deadline: ScheduledDeadline
        let order: UInt64
        let body: @MainActor () -> Void
    }

    /// The current virtual instant. It starts at the real `ContinuousClock.now`.
    public private(set) var now: ContinuousClock.Instant
    private var entries: [Entry] = []
    private var nextOrder: UInt64 = 0

    /// What the clock announces to its `listeners`.
    public enum Announcement: Sendable, Equatable {
        /// A deadline was scheduled for this instant: a test waits for a sleeper to start
        /// sleeping before it moves time.
        case scheduled(ContinuousClock.Instant)
        /// A deadline was cancelled before it fell due (a sleep that ended early).
        case cancelled(ContinuousClock.Instant)
        /// A deadline fell due and its body ran.
        case fired(ContinuousClock.Instant)
    }

    /// Told of each deadline scheduled, cancelled and fired: every change of `pendingDeadlineCount`.
    public let listeners = Listeners<Announcement>()

    /// Makes a clock that reads the real current instant and then stands still.
    public init() {
        now = .now
    }

    /// The number of deadlines still pending.
    public var pendingDeadlineCount: Int { entries.count { $0.deadline.isPending } }

    /// Schedules `body` for `deadline`. A deadline at or before `now` fires on the next `advance`.
    public func schedule(at deadline: ContinuousClock.Instant, _ body: @escaping @MainActor () -> Void) -> ScheduledDeadline {
        let scheduled = ScheduledDeadline(instant: deadline) { [weak self] in self?.listeners.announce(.cancelled(deadline)) }
        nextOrder += 1
        entries.append(Entry(deadline: scheduled, order: nextOrder, body: body))
        listeners.announce(.scheduled(deadline))
        return scheduled
    }

    /// Moves time forward by `duration`, firing every deadline that falls due, earliest first
    /// (and in scheduling order for equal instants). While a deadline runs, `now` is its instant,
    /// so work it schedules inside the window fires too.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "a VirtualClock only moves forward")
        let end = now + duration
        while let index = nextDueIndex(before: end) {
            let entry = entries.remove(at: index)
            now = max(now, entry.deadline.instant)
            if entry.deadline.fire() {
                entry.body()
                listeners.announce(.fired(entry.deadline.instant))
            }
        }
        now = end
    }

    private func nextDueIndex(before end: ContinuousClock.Instant) -> Int? {
        entries.removeAll { !$0.deadline.isPending }
        var best: Int?
        for (index, entry) in entries.enumerated() where entry.deadline.instant <= end {
            if let current = best {
                let other = entries[current]
                if (entry.deadline.instant, entry.order) < (other.deadline.instant, other.order) { best = index }
            } else {
                best = index
            }
        }
        return best
    }
}
