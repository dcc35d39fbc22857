// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners

/// The one wait helper of the tests: a condition and a deadline. Whoever sees a change (a
/// signal, a player event, a log line, process output) calls `wake()`, and `until` checks the
/// condition again at each wake, without polling. The limit only ends a hung wait.
/// `SignalRecorder.until` and fixtures' own `until` are spellings of it for their events.
@MainActor
public final class ChangeWaiter {
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Makes a waiter with nobody waiting.
    public init() {}

    /// Something changed: every waiting `until` checks its condition again.
    public func wake() {
        let all = waiters
        waiters = []
        for waiter in all { waiter.resume() }
    }

    /// Waits, wake by wake, until `condition` holds; false if `limit` passed first.
    public func until(limit: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
        var timedOut = false
        let guardTask = Task { @MainActor [weak self] in
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            timedOut = true
            self?.wake()
        }
        defer { guardTask.cancel() }
        while !condition() {
            guard !timedOut else { return false }
            await withCheckedContinuation { waiters.append($0) }
        }
        return true
    }
}

/// Waits until `condition` holds, checking it again at each event that any of `sources`
/// announces; false if `limit` passed first (the limit only ends a hung wait). The condition
/// reads state that those components change: `until(wokenBy: tracker.listeners) { tracker.target != nil }`.
@MainActor
public func until<each Event>(
    wokenBy sources: repeat Listeners<each Event>, limit: Duration = .seconds(10), _ condition: () -> Bool
) async -> Bool {
    let waiter = ChangeWaiter()
    var removals: [@MainActor () -> Void] = []
    for source in repeat each sources {
        let id = source.add { _ in waiter.wake() }
        removals.append { source.remove(id) }
    }
    defer { for remove in removals { remove() } }
    return await waiter.until(limit: limit, condition)
}
