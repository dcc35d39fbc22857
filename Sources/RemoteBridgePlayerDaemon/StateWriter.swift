// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeHeap
import Dispatch
import Synchronization

/// Runs the state file's writes on a serial queue, in the order they were asked for, so that
/// the main actor never waits for the disk (an fdatasync can take milliseconds, a full save of
/// 100 000 entries longer).
final class StateWriter: Sendable {
    /// One write.
    enum Write: Sendable {
        /// The whole state, with an empty journal.
        case save(PlayerState)
        /// Edits, added to the journal.
        case append([StateEdit])
    }

    /// The file.
    let store: StateStore
    /// The serial queue the writes run on.
    private let queue = DispatchQueue(label: "remotebridge.state-writer")
    /// Set when a write failed, until a full save succeeds: the appends meanwhile are dropped,
    /// as they edit a state that the file does not hold.
    private let broken = Mutex(false)

    /// A writer to `store`.
    init(store: StateStore) {
        self.store = store
    }

    /// Whether a write failed since the last full save that succeeded.
    var isBroken: Bool { broken.withLock { $0 } }

    /// Queues `write`; `failed` is called (on the writer's queue) if it fails.
    func submit(_ write: Write, failed: @escaping @Sendable (StateStore.Failure) -> Void) {
        let isFull = if case .save = write { true } else { false }
        queue.async { [self] in
            if let failure = run(write) { failed(failure) }
        }
        // A full save built the whole state and its bytes: once they are let go (after the
        // block above), their pages go back to the kernel.
        if isFull { queue.async { _ = cheap_return_free_pages() } }
    }

    /// Runs `write` after every write queued before it, and returns when it is done: its
    /// failure, or nil.
    func perform(_ write: Write) -> StateStore.Failure? {
        queue.sync { run(write) }
    }

    /// Returns once every write queued so far is done.
    func waitUntilDone() {
        queue.sync {}
    }

    /// Does one write, on the queue.
    private func run(_ write: Write) -> StateStore.Failure? {
        do throws(StateStore.Failure) {
            switch write {
            case .save(let state):
                try store.save(state)
                broken.withLock { $0 = false }
            case .append(let edits):
                guard !isBroken else { return nil }
                try store.append(edits)
            }
            return nil
        } catch {
            broken.withLock { $0 = true }
            return error
        }
    }
}
