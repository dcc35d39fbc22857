// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeQuietExecutor
import Dispatch
import Glibc

/// A file descriptor watched on the main thread, its handler called there whenever it is ready.
///
/// In a daemon the main thread's own loop polls it (`cquietexecutor_watch`): an event is
/// handled in the same turn of the main thread it wakes, with no other thread involved. Where
/// that loop does not run (a test process, remotectl), a DispatchSource on the main queue does
/// the same one hop later, through dispatch's manager thread.
@MainActor
package final class MainThreadFileWatch {
    /// What the descriptor is ready for.
    package struct Readiness: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let readable = Readiness(rawValue: 1)
        package static let writable = Readiness(rawValue: 2)
        /// The peer hung up, or the descriptor is in error (poll only).
        package static let hangUp = Readiness(rawValue: 4)
        package static let error = Readiness(rawValue: 8)
    }

    private let handler: @MainActor (Readiness, MainThreadFileWatch) -> Void
    private var pollID: Int32 = 0
    private var sources: [any DispatchSourceProtocol] = []

    /// Starts watching `descriptor` for `interest` (`.readable`, `.writable`, or both). The
    /// descriptor must stay open until `cancel()`. The handler is given the watch, which it may
    /// cancel.
    package init(descriptor: Int32, interest: Readiness, handler: @escaping @MainActor (Readiness, MainThreadFileWatch) -> Void) {
        self.handler = handler
        let events = (interest.contains(.readable) ? Int16(POLLIN) : 0) | (interest.contains(.writable) ? Int16(POLLOUT) : 0)
        // The loop holds the watch until cancel() lets it go.
        let context = Unmanaged.passRetained(self).toOpaque()
        pollID = cquietexecutor_watch(descriptor, events, mainThreadWatchReady, context)
        guard pollID == 0 else { return }
        Unmanaged<MainThreadFileWatch>.fromOpaque(context).release()
        startSources(descriptor: descriptor, interest: interest)
    }

    /// Whether the watch runs: until `cancel()`.
    package var isActive: Bool { pollID != 0 || !sources.isEmpty }

    /// Stops watching, at once: no handler runs after this returns.
    package func cancel() {
        if pollID != 0 {
            cquietexecutor_unwatch(pollID)
            pollID = 0
            Unmanaged.passUnretained(self).release()
        }
        for source in sources { source.cancel() }
        sources = []
    }

    fileprivate func ready(_ revents: Int16) {
        guard pollID != 0 else { return }
        var readiness: Readiness = []
        if revents & Int16(POLLIN) != 0 { readiness.insert(.readable) }
        if revents & Int16(POLLOUT) != 0 { readiness.insert(.writable) }
        if revents & Int16(POLLHUP) != 0 { readiness.insert(.hangUp) }
        if revents & (Int16(POLLERR) | Int16(POLLNVAL)) != 0 { readiness.insert(.error) }
        handler(readiness, self)
    }

    /// The fallback: a read and a write source on the main queue. Each watches a duplicate of the
    /// descriptor, closed by its cancel handler: the owner may close its own right after
    /// `cancel()`, and a DispatchSource whose descriptor is closed before its (asynchronous)
    /// cancellation completes corrupts dispatch. The duplicate closes on exec (plain dup() would
    /// not): a program started meanwhile must not inherit it (a bus socket so inherited would keep
    /// the connection open after it is closed here).
    private func startSources(descriptor: Int32, interest: Readiness) {
        for condition in [Readiness.readable, .writable] where interest.contains(condition) {
            let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
            guard copy >= 0 else { continue }
            let source: any DispatchSourceProtocol =
                condition == .readable
                ? DispatchSource.makeReadSource(fileDescriptor: copy, queue: .main)
                : DispatchSource.makeWriteSource(fileDescriptor: copy, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.fire(condition, copy) }
            }
            source.setCancelHandler { close(copy) }
            sources.append(source)
            source.resume()
        }
    }
}

extension MainThreadFileWatch {
    /// Calls the handler for a source's event. A DispatchSource on Linux fires when a descriptor
    /// becomes ready, not while it stays so: a handler that leaves data unread (the engine's
    /// channel is read 16 KiB a turn) was not called again, and a peer's end behind that data was
    /// never seen (a killed engine went unnoticed in tests). So, as the daemons' poll loop does,
    /// it is called again a turn of the main queue later while the descriptor is still readable.
    /// Not for writable: a socket nearly always is, and a write watch kept on would spin.
    fileprivate func fire(_ condition: Readiness, _ descriptor: Int32) {
        guard isActive else { return }
        handler(condition, self)
        guard condition == .readable, isActive, Self.isReadable(descriptor) else { return }
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.fire(condition, descriptor) }
        }
    }

    /// Whether `descriptor` has data to read, or its end, now.
    private static func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents != 0
    }
}

private func mainThreadWatchReady(_ descriptor: Int32, _ revents: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    let watch = Unmanaged<MainThreadFileWatch>.fromOpaque(context).takeUnretainedValue()
    MainActor.assumeIsolated { watch.ready(revents) }
}
