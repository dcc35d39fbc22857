// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// Collects the signals that match a rule, and lets a test wait for them.
@MainActor
public final class SignalRecorder {
    /// The signals seen so far, in arrival order.
    public private(set) var messages: [DBusMessage] = []
    /// Wakes the waits at each signal; the one wait helper (see `ChangeWaiter`).
    private let changes = ChangeWaiter()
    /// Counts `releaseAll` calls, so that a wait knows it was released rather than satisfied.
    private var releases = 0

    private init() {}

    /// Subscribes `connection` to `rule` and records what arrives.
    public static func start(on connection: DBusConnection, _ rule: MatchRule) async throws -> SignalRecorder {
        let recorder = SignalRecorder()
        try await connection.subscribe(to: rule) { [weak recorder] message in recorder?.record(message) }
        return recorder
    }

    private func record(_ message: DBusMessage) {
        messages.append(message)
        changes.wake()
    }

    /// Waits, signal by signal, until `condition` holds, or `limit` has passed (a safety net
    /// against a hung test, not a timing assumption), or `releaseAll` was called. Returns whether
    /// `condition` holds.
    public func until(limit: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
        let released = releases
        _ = await changes.until(limit: limit) { condition() || releases != released }
        return condition()
    }

    /// Waits, signal by signal, until `condition` holds, where `condition` asks a peer over the
    /// bus (so it is checked again at each signal, not polled). The signals seen are counted
    /// before each question, so one that arrives while the answer is on its way still wakes the
    /// next check. False if `limit` passed first (it only ends a hung wait) or `releaseAll` ended it.
    public func until(limit: Duration = .seconds(10), asking condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + limit
        while true {
            let seen = messages.count
            if try await condition() { return true }
            let left = deadline - ContinuousClock.now
            guard left > .zero, await waitFor(count: seen + 1, limit: left) else { return false }
        }
    }

    /// Waits until at least `count` signals have arrived: `until` with that condition. Returns
    /// whether they arrived.
    @discardableResult
    public func waitFor(count: Int, limit: Duration = .seconds(10)) async -> Bool {
        await until(limit: limit) { messages.count >= count }
    }

    /// Ends every wait now, whatever has arrived (each returns whether its condition holds).
    public func releaseAll() {
        releases += 1
        changes.wake()
    }

    /// Forgets the signals recorded so far.
    public func clear() { messages = [] }
}

extension DBusConnection {
    /// A round trip to `peer` (Peer.Ping). Signals `peer` sent before it have arrived once it returns.
    public func barrier(with peer: String) async throws {
        _ = try await call(peer, "/", StandardInterfaces.ping)
    }
}
