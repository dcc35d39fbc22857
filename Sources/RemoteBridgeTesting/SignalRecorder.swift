import RemoteBridgeDBus

/// Collects the signals that match a rule, and lets a test wait for them.
@MainActor
public final class SignalRecorder {
    /// The signals seen so far, in arrival order.
    public private(set) var messages: [DBusMessage] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    private init() {}

    /// Subscribes `connection` to `rule` and records what arrives.
    public static func start(on connection: DBusConnection, _ rule: MatchRule) async throws -> SignalRecorder {
        let recorder = SignalRecorder()
        try await connection.subscribe(to: rule) { [weak recorder] message in recorder?.record(message) }
        return recorder
    }

    private func record(_ message: DBusMessage) {
        messages.append(message)
        let ready = waiters.filter { $0.count <= messages.count }
        waiters.removeAll { $0.count <= messages.count }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Waits until at least `count` signals have arrived, or `limit` has passed (a safety net
    /// against a hung test, not a timing assumption). Returns whether they arrived.
    @discardableResult
    public func waitFor(count: Int, limit: Duration = .seconds(10)) async -> Bool {
        if messages.count >= count { return true }
        let guardTask = Task { @MainActor [weak self] in
            // Cancelled once the signals came: then it must not release later waiters too.
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            self?.releaseAll()
        }
        await withCheckedContinuation { continuation in waiters.append((count, continuation)) }
        guardTask.cancel()
        return messages.count >= count
    }

    /// Releases every waiter now, whatever has arrived.
    public func releaseAll() {
        let all = waiters
        waiters = []
        for waiter in all { waiter.continuation.resume() }
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
