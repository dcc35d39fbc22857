import RemoteBridgeDBus

/// Repeats `roundTrips` (bus round trips to the peers whose work is awaited) until `condition`
/// holds, or `limit` has passed (the limit only ends a failing test). For state that no signal
/// or event announces to the test; where one does, wait with `ChangeWaiter` or
/// `SignalRecorder.until` instead. A bound by a count of round trips would be a hidden timeout:
/// on a loaded machine a hundred of them pass before the event waited for has been handled.
@MainActor
public func settleByRoundTrips(
    limit: Duration = .seconds(10), until condition: () -> Bool, _ roundTrips: () async throws -> Void
) async throws {
    let deadline = ContinuousClock.now + limit
    while !condition(), ContinuousClock.now < deadline {
        try await roundTrips()
    }
}

extension DBusConnection {
    /// `settleByRoundTrips` with a round trip to each of `peers` in turn.
    public func settle(with peers: String..., limit: Duration = .seconds(10), until condition: () -> Bool) async throws {
        try await settleByRoundTrips(limit: limit, until: condition) {
            for peer in peers { try await barrier(with: peer) }
        }
    }
}
