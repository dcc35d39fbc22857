import Foundation

/// Runs `body` on a thread of its own and waits for it without holding one of Swift's
/// cooperative threads. `mpris-call` blocks its caller until the main actor has answered; a test
/// must not do that on the cooperative pool, where two such tests (on two cores, the whole pool)
/// would leave nothing to run what the main actor waits for.
package func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

extension FuzzHarness {
    /// Runs the harness on `bytes` on a thread of its own (`onOwnThread`), as a test replays it.
    package func replay(_ bytes: [UInt8]) async throws(PropertyViolation) {
        try await onOwnThread { Result { () throws(PropertyViolation) in try self.run(bytes) } }.get()
    }
}
