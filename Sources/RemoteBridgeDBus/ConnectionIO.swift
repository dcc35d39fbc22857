// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeDBus
import Glibc
import Dispatch
import RemoteBridgeMainThread

/// Owns one libdbus connection and all of its I/O, on the main actor, without polling.
///
/// libdbus tells us which file descriptors to watch and which timeouts to run; each descriptor
/// becomes a `MainThreadFileWatch` and each timeout a timer on the main queue, so a message is
/// read, decoded, answered and its reply written in one turn of the main thread, with no hop to
/// another thread and back (the daemons' handlers run there anyway). Only connecting, which
/// waits for the bus's answer to Hello, runs off the main actor. An idle connection has no
/// timers, so it wakes up zero times a second.
@MainActor
final class ConnectionIO {
    private var raw: OpaquePointer?
    /// Incoming method calls and signals (replies go to their pending calls instead), on the
    /// main actor, in the order they arrived, and never from inside libdbus's dispatch.
    private let onMessage: @MainActor (DBusMessage) -> Void
    let uniqueName: String
    /// Messages read by the current dispatch, delivered once libdbus has returned.
    private var inbox: [DBusMessage] = []
    /// `flush()` callers waiting for the outgoing queue to empty.
    private var flushWaiters: [CheckedContinuation<Void, Never>] = []
    /// Set by `close()` while what was handed over before is still being written.
    private var closeWhenSent = false
    /// The calls waiting for their replies: failed at once when the bus goes away, whatever
    /// libdbus does with their pending calls.
    private var outstanding: [ObjectIdentifier: ReplyBox] = [:]

    private init(raw: OpaquePointer, uniqueName: String, onMessage: @escaping @MainActor (DBusMessage) -> Void) {
        self.raw = raw
        self.uniqueName = uniqueName
        self.onMessage = onMessage
    }

    /// Connects and registers with the bus at `address`. Connecting and Hello, which block,
    /// run on a serial queue (`connecting`); the connection is the main actor's from then on.
    static func connect(
        address: String, onMessage: @escaping @MainActor (DBusMessage) -> Void
    ) async throws(DBusError) -> ConnectionIO {
        let opened: Result<OpenedConnection, DBusError> = await withCheckedContinuation { continuation in
            connecting.async { continuation.resume(returning: open(address: address)) }
        }
        let connection = try opened.get()
        return ConnectionIO(raw: connection.raw, uniqueName: connection.uniqueName, onMessage: onMessage)
    }

    /// Where connections are opened: a serial queue, not `DispatchQueue.global()`, whose first
    /// worker would start dispatch's pool monitor and wake the daemon once a second for good.
    private nonisolated static let connecting = DispatchQueue(label: "io.github.remotebridge.dbus-connect")

    /// A connection registered with the bus, handed from the queue that opened it to the main actor.
    private struct OpenedConnection: @unchecked Sendable {
        let raw: OpaquePointer
        let uniqueName: String
    }

    /// Opens the connection and registers (Hello); blocks, so it runs off the main actor.
    private nonisolated static func open(address: String) -> Result<OpenedConnection, DBusError> {
        dbus_threads_init_default()
        var error = CRemoteBridgeDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = address.withCString({ dbus_connection_open_private($0, &error) }) else {
            return .failure(.disconnected("cannot connect to the D-Bus bus at \(address): \(message(of: error))"))
        }
        guard dbus_bus_register(connection, &error) != 0 else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            return .failure(.disconnected("connected to \(address) but could not register: \(message(of: error))"))
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        let uniqueName = dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
        return .success(OpenedConnection(raw: connection, uniqueName: uniqueName))
    }

    private nonisolated static func message(of error: CRemoteBridgeDBus.DBusError) -> String {
        error.message.map { String(cString: $0) } ?? "unknown error"
    }

    /// Hands libdbus the watch, timeout and dispatch callbacks, and delivers what came meanwhile
    /// (what Hello read, or a disconnection): called once, when `onMessage` can take messages.
    func start() {
        guard let raw else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_set_watch_functions(raw, addWatch, removeWatch, toggleWatch, context, nil)
        dbus_connection_set_timeout_functions(raw, addTimeout, removeTimeout, toggleTimeout, context, nil)
        dbus_connection_set_dispatch_status_function(raw, dispatchStatusChanged, context, nil)
        dbus_connection_add_filter(raw, filterMessage, context, nil)
        dispatchAll()
    }

    /// Sends a message that expects no reply; libdbus writes what the socket takes at once. The
    /// message must already be validated.
    func send(_ message: DBusMessage) {
        guard let raw, !closeWhenSent, let encoded = try? MessageCoding.encode(message) else { return }
        dbus_connection_send(raw, encoded, nil)
        dbus_message_unref(encoded)
        settleOutgoing()
    }

    /// Sends a method call and waits for its reply (a method return or an error message).
    /// Calls made in order are sent in that order.
    func call(_ message: DBusMessage, timeoutMilliseconds: Int32) async -> Result<DBusMessage, DBusError> {
        let encoded: OpaquePointer
        do throws(DBusError) {
            encoded = try MessageCoding.encode(message)
        } catch {
            return .failure(error)
        }
        defer { dbus_message_unref(encoded) }
        var box: ReplyBox?
        defer { if let box { outstanding.removeValue(forKey: ObjectIdentifier(box)) } }
        return await withCheckedContinuation { continuation in
            var pending: OpaquePointer?
            guard let raw, !closeWhenSent, dbus_connection_send_with_reply(raw, encoded, &pending, timeoutMilliseconds) != 0,
                let pending
            else {
                return continuation.resume(returning: .failure(.disconnected("the D-Bus connection is closed")))
            }
            let reply = ReplyBox(continuation, pending: pending)
            box = reply
            outstanding[ObjectIdentifier(reply)] = reply
            let context = Unmanaged.passRetained(reply).toOpaque()
            dbus_pending_call_set_notify(pending, replyArrived, context, releaseReplyBox)
            // A reply is only read when this connection dispatches, later than now. But a call
            // sent as the bus goes away may be completed within the send, and libdbus does not
            // call a notify set after that: it is answered here.
            if dbus_pending_call_get_completed(pending) != 0 { replyArrived(pending, context) }
            settleOutgoing()
        }
    }

    /// Waits until every message handed over so far (replies and signals included) has been
    /// written to the bus, without blocking: `dbus_connection_send` writes what the socket takes
    /// at once and queues the rest, which the write watch sends as the bus reads.
    func flush() async {
        guard let raw, dbus_connection_has_messages_to_send(raw) != 0 else { return }
        await withCheckedContinuation { flushWaiters.append($0) }
    }

    /// Closes the connection once what was handed over before has been written. Pending calls
    /// fail with a disconnection error. Nothing is sent after this.
    func close() {
        guard let raw, !closeWhenSent else { return }
        closeWhenSent = true
        if dbus_connection_get_is_connected(raw) != 0, dbus_connection_has_messages_to_send(raw) != 0 {
            // A bus that does not read is not waited for long.
            DispatchQueue.main.asyncAfter(deadline: .now() + Self.closeWait) { [self] in
                MainActor.assumeIsolated { closeNow() }
            }
        } else {
            closeNow()
        }
    }

    /// How long `close()` waits for the bus to take what is queued: libdbus's default reply
    /// timeout, since what is queued may be a reply.
    private static let closeWait: DispatchTimeInterval = .seconds(25)
    /// The most reads of libdbus's (2 KiB each) a read watch makes in one turn of the main
    /// thread, before other work: 1 MiB.
    static let readsPerTurn = 512

    private func closeNow() {
        guard let connection = raw else { return }
        raw = nil
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
        resumeFlushWaiters()
        failOutstandingCalls()
    }

    /// Fails every call still waiting, and lets go of its pending call: libdbus takes a
    /// disconnected connection's pending calls out of its table without notifying them, and each
    /// holds the connection, which would never be freed.
    private func failOutstandingCalls() {
        let calls = outstanding.values
        outstanding = [:]
        for call in calls {
            if let pending = call.pending {
                call.pending = nil
                dbus_pending_call_cancel(pending)
                dbus_pending_call_unref(pending)
            }
            call.resume(.failure(.disconnected("the D-Bus connection closed before the reply")))
        }
    }

    private func resumeFlushWaiters() {
        let waiters = flushWaiters
        flushWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    // MARK: Dispatch

    /// After libdbus has read or written: dispatches what was read, and settles flushes and a
    /// close waiting for the outgoing queue to empty.
    fileprivate func afterIO() {
        dispatchAll()
        settleOutgoing()
    }

    /// Settles flushes, a close and the calls waiting, once the outgoing queue is empty or the
    /// bus gone. It delivers nothing: a sender is never re-entered by a message handler (what a
    /// send leaves to dispatch, libdbus announces through `dispatchStatusChanged`).
    private func settleOutgoing() {
        guard let raw else { return }
        if dbus_connection_get_is_connected(raw) == 0 {
            // Gone: nothing more will be written or read.
            failOutstandingCalls()
            resumeFlushWaiters()
            if closeWhenSent { closeNow() }
            return
        }
        guard !flushWaiters.isEmpty || closeWhenSent, dbus_connection_has_messages_to_send(raw) == 0 else { return }
        if closeWhenSent { closeNow() } else { resumeFlushWaiters() }
    }

    /// Has libdbus dispatch every message it has read, then delivers them in order, outside
    /// libdbus. Only the watches, the timeouts and the dispatch-status callback come here, each
    /// from a turn of the main thread of its own: a message handler that sends or calls does not
    /// (`settleOutgoing`), so libdbus's dispatch is never entered twice.
    fileprivate func dispatchAll() {
        guard let raw else { return }
        while dbus_connection_dispatch(raw) == DBUS_DISPATCH_DATA_REMAINS {}
        let batch = inbox
        inbox = []
        for message in batch { onMessage(message) }
    }

    fileprivate func collect(_ message: DBusMessage) {
        inbox.append(message)
    }
}

// MARK: Replies

/// The continuation of one method call, kept by libdbus's pending call until the reply arrives.
private final class ReplyBox: @unchecked Sendable {
    // Touched only on the main actor: by the connection, and by libdbus callbacks there.
    private var continuation: CheckedContinuation<Result<DBusMessage, DBusError>, Never>?
    /// libdbus's pending call, ours to unref, until the reply is taken or the call failed.
    var pending: OpaquePointer?

    init(_ continuation: CheckedContinuation<Result<DBusMessage, DBusError>, Never>, pending: OpaquePointer) {
        self.continuation = continuation
        self.pending = pending
    }

    func resume(_ result: Result<DBusMessage, DBusError>) {
        continuation?.resume(returning: result)
        continuation = nil
    }

    deinit {
        continuation?.resume(returning: .failure(.disconnected("the D-Bus connection closed before the reply")))
    }
}

private func replyArrived(_ pending: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let pending, let context else { return }
    let box = Unmanaged<ReplyBox>.fromOpaque(context).takeUnretainedValue()
    guard box.pending == pending else { return }
    box.pending = nil
    if let reply = dbus_pending_call_steal_reply(pending) {
        box.resume(MessageCoding.decode(reply).map { .success($0) } ?? .failure(.failed(MessageCoding.unreadableReply)))
        dbus_message_unref(reply)
    } else {
        box.resume(.failure(.noReply("no reply")))
    }
    dbus_pending_call_unref(pending)
}

private func releaseReplyBox(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<ReplyBox>.fromOpaque(context).release()
}

// MARK: Incoming messages

private func filterMessage(
    _ connection: OpaquePointer?, _ message: OpaquePointer?, _ context: UnsafeMutableRawPointer?
) -> DBusHandlerResult {
    guard let message, let context else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
    let type = dbus_message_get_type(message)
    guard type == DBUS_MESSAGE_TYPE_METHOD_CALL || type == DBUS_MESSAGE_TYPE_SIGNAL else {
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
    }
    guard let decoded = MessageCoding.decode(message) else {
        // A call this library does not read is answered here, so that its caller is not left waiting.
        if type == DBUS_MESSAGE_TYPE_METHOD_CALL, dbus_message_get_no_reply(message) == 0,
            let refusal = dbus_message_new_error(message, "org.freedesktop.DBus.Error.InvalidArgs", MessageCoding.unreadableCall)
        {
            dbus_connection_send(connection, refusal, nil)
            dbus_message_unref(refusal)
        }
        return type == DBUS_MESSAGE_TYPE_METHOD_CALL ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
    }
    let io = Unmanaged<ConnectionIO>.fromOpaque(context).takeUnretainedValue()
    MainActor.assumeIsolated { io.collect(decoded) }
    // Method calls are answered once libdbus's dispatch has returned; claiming them here keeps libdbus
    // from answering UnknownMethod on our behalf. Signals stay visible to libdbus too.
    return type == DBUS_MESSAGE_TYPE_METHOD_CALL ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
}

private func dispatchStatusChanged(
    _ connection: OpaquePointer?, _ status: DBusDispatchStatus, _ context: UnsafeMutableRawPointer?
) {
    guard status == DBUS_DISPATCH_DATA_REMAINS, let context else { return }
    let io = Unmanaged<ConnectionIO>.fromOpaque(context).takeUnretainedValue()
    DispatchQueue.main.async { MainActor.assumeIsolated { io.dispatchAll() } }
}

// MARK: Watches: one MainThreadFileWatch per file descriptor libdbus asks about

/// The main-thread watch of one libdbus watch, while it is enabled.
@MainActor
private final class WatchHolder {
    var watch: MainThreadFileWatch?

    func cancel() {
        watch?.cancel()
        watch = nil
    }
}

private func addWatch(_ watch: OpaquePointer?, _ context: UnsafeMutableRawPointer?) -> dbus_bool_t {
    guard let watch, let context else { return 0 }
    let holder = MainActor.assumeIsolated { WatchHolder() }
    dbus_watch_set_data(watch, Unmanaged.passRetained(holder).toOpaque()) { data in
        guard let data else { return }
        let holder = Unmanaged<WatchHolder>.fromOpaque(data).takeRetainedValue()
        MainActor.assumeIsolated { holder.cancel() }
    }
    updateWatch(watch, context)
    return 1
}

private func removeWatch(_ watch: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let watch, let data = dbus_watch_get_data(watch) else { return }
    let holder = Unmanaged<WatchHolder>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { holder.cancel() }
}

private func toggleWatch(_ watch: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let watch, let context else { return }
    updateWatch(watch, context)
}

/// Makes the watch's main-thread watch match its enabled state and flags.
private func updateWatch(_ watch: OpaquePointer, _ context: UnsafeMutableRawPointer) {
    guard let data = dbus_watch_get_data(watch) else { return }
    let holder = Unmanaged<WatchHolder>.fromOpaque(data).takeUnretainedValue()
    let io = Unmanaged<ConnectionIO>.fromOpaque(context).takeUnretainedValue()
    let fd = dbus_watch_get_unix_fd(watch)
    let flags = dbus_watch_get_flags(watch)
    let enabled = dbus_watch_get_enabled(watch) != 0
    let watchAddress = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(watch)))
    MainActor.assumeIsolated {
        holder.cancel()
        guard enabled else { return }
        var interest: MainThreadFileWatch.Readiness = []
        if flags & DBUS_WATCH_READABLE.rawValue != 0 { interest.insert(.readable) }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { interest.insert(.writable) }
        holder.watch = MainThreadFileWatch(descriptor: fd, interest: interest) { readiness, fileWatch in
            guard let watch = OpaquePointer(bitPattern: watchAddress) else { return }
            io.handle(watch, descriptor: fd, readiness, while: fileWatch)
        }
    }
}

extension ConnectionIO {
    /// Lets libdbus read or write what `watch` is ready for, then dispatches what was read.
    fileprivate func handle(
        _ watch: OpaquePointer, descriptor: Int32, _ readiness: MainThreadFileWatch.Readiness, while fileWatch: MainThreadFileWatch
    ) {
        var condition: UInt32 = 0
        if readiness.contains(.readable) { condition |= DBUS_WATCH_READABLE.rawValue }
        if readiness.contains(.writable) { condition |= DBUS_WATCH_WRITABLE.rawValue }
        if readiness.contains(.hangUp) { condition |= DBUS_WATCH_HANGUP.rawValue }
        if readiness.contains(.error) { condition |= DBUS_WATCH_ERROR.rawValue }
        dbus_watch_handle(watch, condition)
        // libdbus reads at most 2 KiB a call: a large message is read on in this turn, up to
        // `readsPerTurn` calls (1 MiB), rather than one turn of the main thread per 2 KiB.
        // libdbus may have disabled or removed (and freed) the watch meanwhile: then `fileWatch`
        // is cancelled.
        var waiting: Int32 = 0
        var reads = 0
        while readiness.contains(.readable), fileWatch.isActive, reads < Self.readsPerTurn,
            ioctl(descriptor, UInt(FIONREAD), &waiting) == 0, waiting > 0
        {
            reads += 1
            dbus_watch_handle(watch, DBUS_WATCH_READABLE.rawValue)
        }
        afterIO()
    }
}

// MARK: Timeouts: one DispatchSource timer each, only while libdbus has a call waiting

private final class TimeoutSource {
    var timer: (any DispatchSourceTimer)?
}

private func addTimeout(_ timeout: OpaquePointer?, _ context: UnsafeMutableRawPointer?) -> dbus_bool_t {
    guard let timeout, let context else { return 0 }
    let holder = TimeoutSource()
    dbus_timeout_set_data(timeout, Unmanaged.passRetained(holder).toOpaque()) { data in
        guard let data else { return }
        let holder = Unmanaged<TimeoutSource>.fromOpaque(data).takeRetainedValue()
        holder.timer?.cancel()
    }
    updateTimeout(timeout, context)
    return 1
}

private func removeTimeout(_ timeout: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let timeout, let data = dbus_timeout_get_data(timeout) else { return }
    let holder = Unmanaged<TimeoutSource>.fromOpaque(data).takeUnretainedValue()
    holder.timer?.cancel()
    holder.timer = nil
}

private func toggleTimeout(_ timeout: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let timeout, let context else { return }
    updateTimeout(timeout, context)
}

private func updateTimeout(_ timeout: OpaquePointer, _ context: UnsafeMutableRawPointer) {
    guard let data = dbus_timeout_get_data(timeout) else { return }
    let holder = Unmanaged<TimeoutSource>.fromOpaque(data).takeUnretainedValue()
    holder.timer?.cancel()
    holder.timer = nil
    guard dbus_timeout_get_enabled(timeout) != 0 else { return }
    let io = Unmanaged<ConnectionIO>.fromOpaque(context).takeUnretainedValue()
    let interval = Int(dbus_timeout_get_interval(timeout))
    let timeoutAddress = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(timeout)))
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + .milliseconds(interval), repeating: .milliseconds(interval))
    timer.setEventHandler {
        MainActor.assumeIsolated {
            guard let timeout = OpaquePointer(bitPattern: timeoutAddress) else { return }
            dbus_timeout_handle(timeout)
            io.afterIO()
        }
    }
    holder.timer = timer
    timer.resume()
}
