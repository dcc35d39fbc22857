import CRemoteBridgeSpawn
import Glibc

/// A plain detached POSIX thread, named: the engine's event loop and the daemon's reader of the
/// engine channel. No dispatch worker (which the pool might share), no Foundation.
package final class DetachedThread {
    private let name: String
    private let body: @Sendable () -> Void

    private init(name: String, _ body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }

    /// Starts the thread; throws when the system has no thread to give (EAGAIN at the process's
    /// or the user's thread limit). `stackSize` overrides the system's default thread stack.
    package static func start(named name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) throws(MPVError) {
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        let context = Unmanaged.passRetained(DetachedThread(name: name, body)).toOpaque()
        let created = pthread_create(&thread, &attributes, { context in
            let thread = Unmanaged<DetachedThread>.fromOpaque(context!).takeRetainedValue()
            // Named on the thread itself, so `top -H` shows it (Thread.name did not take).
            _ = cspawn_name_current_thread(thread.name)
            thread.body()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<DetachedThread>.fromOpaque(context).release()
            throw MPVError(operation: "start the \(name) thread", reason: String(cString: strerror(created)))
        }
        pthread_detach(thread)
    }
}
