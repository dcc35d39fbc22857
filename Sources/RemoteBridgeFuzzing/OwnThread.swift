// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeProcess

/// Starts `body` on a thread of its own, with a main thread's stack (8 MiB), so that a parser's
/// recursion meets the limit it meets in a daemon. The fuzzer runs libFuzzer's driver on one
/// (`remotebridge-fuzz`), and a test replays a harness on one (`onOwnThread`).
package func startThread(_ body: @escaping @Sendable () -> Void) {
    do throws(DetachedThread.StartError) {
        try DetachedThread.start(named: "fuzz harness", stackSize: 8 << 20, body)
    } catch {
        preconditionFailure("could not start a harness thread: \(error.reason)")
    }
}

/// Runs `body` on a thread of its own (`startThread`) and waits for it without holding one of
/// Swift's cooperative threads. `mpris-call` blocks its caller until the main actor has answered;
/// a test must not do that on the cooperative pool, where two such tests (on two cores, the whole
/// pool) would leave nothing to run what the main actor waits for.
package func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        startThread { continuation.resume(returning: body()) }
    }
}

extension FuzzHarness {
    /// Runs the harness on `bytes` on a thread of its own (`onOwnThread`), as a test replays it.
    package func replay(_ bytes: [UInt8]) async throws(PropertyViolation) {
        try await onOwnThread { Result { () throws(PropertyViolation) in try self.run(bytes) } }.get()
    }
}
