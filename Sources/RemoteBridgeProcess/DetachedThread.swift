// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeProcess
import Glibc

/// A plain detached POSIX thread, optionally named: the package's one way to start a thread of
/// its own (the engine's event loop, the daemon's starter and reaper of its engine, the thread that
/// watches a child process, a fuzz harness). No dispatch worker (which the pool might share), no
/// Foundation.
package final class DetachedThread {
    /// Why a thread could not be started.
    package struct StartError: Error, Sendable, CustomStringConvertible {
        /// What the thread was for, as named at `start`.
        package var name: String
        /// The system's reason (`strerror` of pthread_create's result).
        package var reason: String
        /// What was being done, as an error's operation: "start the NAME thread".
        package var operation: String { "start the \(name) thread" }
        /// "cannot start the NAME thread: REASON".
        package var description: String { "cannot \(operation): \(reason)" }
    }

    private let name: String?
    private let body: @Sendable () -> Void

    private init(name: String?, _ body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }

    /// Starts the thread; throws when the system has no thread to give (EAGAIN at the process's
    /// or the user's thread limit). `name` (15 characters at most shown) is what `top -H` says;
    /// nil keeps the process's. `stackSize` overrides the system's default thread stack.
    package static func start(named name: String?, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) throws(StartError) {
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        let context = Unmanaged.passRetained(DetachedThread(name: name, body)).toOpaque()
        let created = pthread_create(&thread, &attributes, { context in
            let thread = Unmanaged<DetachedThread>.fromOpaque(context!).takeRetainedValue()
            // Named on the thread itself, so `top -H` shows it (Thread.name did not take).
            if let name = thread.name { _ = rb_process_name_current_thread(name) }
            thread.body()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<DetachedThread>.fromOpaque(context).release()
            throw StartError(name: name ?? "unnamed", reason: String(cString: strerror(created)))
        }
        pthread_detach(thread)
    }
}
