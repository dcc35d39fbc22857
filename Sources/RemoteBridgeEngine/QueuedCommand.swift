// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Synchronization

/// The command the request thread has handed mpv (`MPVHandle.queueCommand`) and waits on.
///
/// mpv ends it on its own loop, and the event thread answers it there, in its place among mpv's
/// events. Answered from the request thread instead, a reply could overtake events mpv made
/// before the command ran (the event thread a little behind): the daemon then took an earlier
/// seek's `seek` event for this one's, and the position from before it. The request thread waits,
/// so requests still run one after another, each after the one before has ended.
final class QueuedCommand: Sendable {
    private struct State {
        /// The serial of the command waited on.
        var waiting: UInt64?
        /// Whether it was answered.
        var answered = false
        /// mpv has shut down: no reply comes any more.
        var ended = false
    }

    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    /// Request thread: hands the command with `serial` over with `queue`, then waits until the
    /// event thread has answered it. False if mpv shut down first (no reply was sent). A `queue`
    /// that throws (mpv would not take it) is not waited on.
    func run<Failure: Error>(serial: UInt64, _ queue: () throws(Failure) -> Void) throws(Failure) -> Bool {
        let ended = state.withLock { state in
            state.waiting = serial
            state.answered = false
            return state.ended
        }
        guard !ended else { return false }
        do throws(Failure) {
            try queue()
        } catch {
            state.withLock { $0.waiting = nil }
            throw error
        }
        done.wait()
        return state.withLock { state in
            state.waiting = nil
            return state.answered
        }
    }

    /// Event thread: `answer` sends the reply to the command with `serial`, and the request
    /// thread goes on. A serial not waited on (none should come) is dropped.
    func finished(_ serial: UInt64, answer: () -> Void) {
        guard state.withLock({ $0.waiting == serial && !$0.answered }) else { return }
        answer()
        state.withLock { $0.answered = true }
        done.signal()
    }

    /// Event thread: mpv has shut down; a command waited on gets no reply from mpv.
    func ended() {
        let waiting = state.withLock { state in
            state.ended = true
            return state.waiting != nil && !state.answered
        }
        if waiting { done.signal() }
    }
}
