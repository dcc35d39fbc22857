// SPDX-License-Identifier: Apache-2.0
import Dispatch
import RemoteBridgeDurations

/// A timer on the main queue, once or repeating, for the daemon's own delays (a save's debounce,
/// the periodic position save, start-up's wait for the queue).
///
/// Not `Task.sleep`: with Swift 6.3, a sleeping task is scheduled by
/// `swift_dispatchEnqueueWithDeadline` on dispatch's default-QoS global queue, past the hooks of
/// `CRemoteBridgeQuietExecutor`; that queue's first worker starts dispatch's thread-pool monitor, and an idle
/// daemon then wakes once a second for good. A timer on the main queue starts no such worker.
@MainActor
final class MainQueueTimer {
    private let source: any DispatchSourceTimer

    /// Calls `body` on the main actor after `delay`, and then every `interval` if one is given,
    /// until cancelled (or released).
    init(after delay: Duration, repeating interval: Duration? = nil, _ body: @escaping @MainActor () -> Void) {
        source = DispatchSource.makeTimerSource(queue: .main)
        if let interval {
            source.schedule(deadline: .now() + delay.dispatch, repeating: interval.dispatch)
        } else {
            source.schedule(deadline: .now() + delay.dispatch)
        }
        source.setEventHandler { MainActor.assumeIsolated { body() } }
        source.resume()
    }

    /// Stops it; `body` is not called again.
    func cancel() {
        source.cancel()
    }

    isolated deinit {
        source.cancel()
    }
}
