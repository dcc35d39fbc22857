import Foundation

/// One thread that lives as long as the test process and starts every child process.
///
/// The kernel sends a parent-death signal when the *thread* that started the child exits, not
/// the process. Swift concurrency runs tests on pool threads that may exit at any time, so a
/// child started from one (with `setpriv --pdeathsig`) could be killed mid-test. Started from
/// here, a child dies exactly when the test process does, however it ends.
final class SpawnThread: @unchecked Sendable {
    // @unchecked: `pending` is only touched with `condition` locked.
    static let shared = SpawnThread()
    private let condition = NSCondition()
    private var pending: [@Sendable () -> Void] = []

    private init() {
        let thread = Thread { [self] in
            while true {
                condition.lock()
                while pending.isEmpty { condition.wait() }
                let work = pending.removeFirst()
                condition.unlock()
                work()
            }
        }
        thread.name = "test spawner"
        thread.start()
    }

    /// Runs `body` on the spawner thread; the caller waits without blocking its own thread.
    func run<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            pending.append { continuation.resume(with: Swift.Result { try body() }) }
            condition.signal()
            condition.unlock()
        }
    }
}
