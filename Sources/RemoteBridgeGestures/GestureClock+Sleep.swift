// SPDX-License-Identifier: Apache-2.0
extension GestureClock {
    /// Suspends for `duration` on this clock: real time on `ContinuousGestureClock`, and until a
    /// test advances far enough on `VirtualClock`. Throws `CancellationError` if the task is
    /// cancelled first, and then the deadline is cancelled too.
    @MainActor
    public func sleep(for duration: Duration) async throws {
        let waiter = SleepWaiter()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                guard !Task.isCancelled else { return continuation.resume(throwing: CancellationError()) }
                waiter.continuation = continuation
                waiter.deadline = schedule(at: now + duration) { waiter.finish(nil) }
            }
        } onCancel: {
            Task { @MainActor in waiter.finish(CancellationError()) }
        }
    }
}

/// One `sleep(for:)`: its continuation and deadline, finished exactly once.
@MainActor
private final class SleepWaiter {
    var continuation: CheckedContinuation<Void, any Error>?
    var deadline: ScheduledDeadline?

    func finish(_ error: (any Error)?) {
        deadline?.cancel()
        deadline = nil
        guard let continuation else { return }
        self.continuation = nil
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
