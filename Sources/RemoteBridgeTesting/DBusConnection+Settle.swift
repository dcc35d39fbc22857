import RemoteBridgeDBus

extension DBusConnection {
    /// Round trips to each of `peers` in turn until `condition` holds, or `limit` has passed
    /// (the limit only ends a failing test). A bound by a count of round trips would be a hidden
    /// timeout: on a loaded machine a hundred of them pass before the event waited for has been
    /// handled.
    public func settle(with peers: String..., limit: Duration = .seconds(10), until condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while !condition(), ContinuousClock.now < deadline {
            for peer in peers { try await barrier(with: peer) }
        }
    }
}
