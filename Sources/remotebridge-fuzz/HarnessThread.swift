import Dispatch
import Glibc

/// Runs `body` on a thread of its own, with a main thread's stack (8 MiB), while the main thread
/// serves the main actor: the D-Bus harness's MPRIS server runs there, and its caller waits.
/// `body` ends the process.
func runBesideMainActor(_ body: @escaping @Sendable () -> Never) -> Never {
    final class Body: @unchecked Sendable {
        let run: @Sendable () -> Never
        init(_ run: @escaping @Sendable () -> Never) { self.run = run }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, 8 << 20)
    var thread = pthread_t()
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    let started = pthread_create(&thread, &attributes, { context in
        Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
    }, context)
    precondition(started == 0, "could not start the harness thread: \(String(cString: strerror(started)))")
    dispatchMain()
}
