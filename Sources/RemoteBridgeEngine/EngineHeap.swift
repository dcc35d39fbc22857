// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeHeap
import Synchronization

/// What a burst of opened files leaves free in the engine's heap goes back to the kernel once
/// the engine has opened nothing for `settleAfter`. The heap keeps mpv's probe buffers between
/// opens (`cheap_keep_opening_buffers`, set in main), which makes a burst cheap; this bounds what
/// it costs afterwards. Used from mpv's event thread, as work it does when due (`MPVHandle.Quiet`).
final class EngineHeap: Sendable {
    /// How long after the last file opened, or started or stopped opening, the free pages go back.
    static let settleAfter: Duration = .seconds(1)

    /// When the free pages go back; nil when nothing has been opened since they last did.
    private let due = Mutex<ContinuousClock.Instant?>(nil)
    /// Gives the free pages back (`malloc_trim`); a test's own to count the calls.
    private let release: @Sendable () -> Void

    init(release: @escaping @Sendable () -> Void = { _ = cheap_return_free_pages() }) {
        self.release = release
    }

    /// A file started or stopped opening, or opened, at `now`: the free pages go back
    /// `settleAfter` later unless another does meanwhile.
    func opening(at now: ContinuousClock.Instant) {
        due.withLock { $0 = now + Self.settleAfter }
    }

    /// Seconds from `now` until the pages go back; nil when nothing is due.
    func secondsUntilDue(at now: ContinuousClock.Instant) -> Double? {
        due.withLock { due in due.map { max(0, ($0 - now).inSeconds) } }
    }

    /// Gives the free pages back if that is due at `now`; whether it did.
    @discardableResult
    func settleIfDue(at now: ContinuousClock.Instant) -> Bool {
        let isDue = due.withLock { due in
            guard let instant = due, instant <= now else { return false }
            due = nil
            return true
        }
        if isDue { release() }
        return isDue
    }
}
