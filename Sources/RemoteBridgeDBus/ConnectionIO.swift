// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeDBus
import Glibc
import Dispatch

/// Owns one libdbus connection and all of its I/O, without polling.
///
/// libdbus tells us which file descriptors to watch and which timeouts to run; each becomes a
/// DispatchSource on `queue`. Every libdbus call for this connection runs on `queue`, a serial
/// queue, and that queue is the lock that makes this type `@unchecked Sendable`: no mutable state
/// is touched anywhere else. An idle connection has no timers, so it wakes up zero times a second.
final class ConnectionIO: @unchecked Sendable {
    let queue = DispatchQueue(label: "io.github.remotebridge.dbus")
    private var raw: OpaquePointer?
    /// Incoming method calls and signals (replies go to their pending calls instead).
    private let onMessage: @Sendable (DBusMessage) -> Void
    private(set) var uniqueName = ""

    private init(onMessage: @escaping @Sendable (DBusMessage) -> Void) {
        self.onMessage = onMessage
    }

    /// Connects and registers with the bus at `address`.
    static func connect(
        address: String, onMessage: @escaping @Sendable (DBusMessage) -> Void
    ) async throws(DBusError) -> ConnectionIO {
        let io = ConnectionIO(onMessage: onMessage)
        let result: Result<Void, DBusError> = await withCheckedContinuation { continuation in
            io.queue.async { continuation.resume(returning: io.open(address: address)) }
        }
        try result.get()
        return io
    }

    /// Opens the connection; runs on `queue`.
    private func open(address: String) -> Result<Void, DBusError> {
        dbus_threads_init_default()
        var error = CRemoteBridgeDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = address.withCString({ dbus_connection_open_private($0, &error) }) else {
            return .failure(.disconnected("cannot connect to the D-Bus bus at \(address): \(Self.message(of: error))"))
        }
        guard dbus_bus_register(connection, &error) != 0 else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            return .failure(.disconnected("connected to \(address) but could not register: \(Self.message(of: error))"))
        }
        raw = connection
        uniqueName = dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
        dbus_connection_set_exit_on_disconnect(connection, 0)
        let context = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_set_watch_functions(connection, addWatch, removeWatch, toggleWatch, context, nil)
        dbus_connection_set_timeout_functions(connection, addTimeout, removeTimeout, toggleTimeout, context, nil)
        dbus_connection_set_dispatch_status_function(connection, dispatchStatusChanged, context, nil)
        dbus_connection_add_filter(connection, filterMessage, context, nil)
        dispatchAll()
        return .success(())
    }

    private static func message(of error: CRemoteBridgeDBus.DBusError) -> String {
        error.message.map { String(cString: $0) } ?? "unknown error"
    }

    /// Sends a message that expects no reply. The message must already be validated.
    func send(_ message: DBusMessage) {
        queue.async { [self] in
            guard let raw, let encoded = try? MessageCoding.encode(message) else { return }
            dbus_connection_send(raw, encoded, nil)
            dbus_message_unref(encoded)
            dispatchAll()
        }
    }

    /// Sends a method call and waits for its reply (a method return or an error message).
    /// `nonisolated(nonsending)`: it runs on the caller's actor up to the suspension, so calls
    /// made in order from the main actor are queued, and sent, in that order.
    nonisolated(nonsending) func call(_ message: DBusMessage, timeoutMilliseconds: Int32) async -> Result<DBusMessage, DBusError> {
        await withCheckedContinuation { continuation in
            queue.async { [self] in
                let encoded: OpaquePointer
                do throws(DBusError) {
                    encoded = try MessageCoding.encode(message)
                } catch {
                    return continuation.resume(returning: .failure(error))
                }
                defer { dbus_message_unref(encoded) }
                var pending: OpaquePointer?
                guard let raw, dbus_connection_send_with_reply(raw, encoded, &pending, timeoutMilliseconds) != 0,
                    let pending
                else {
                    return continuation.resume(returning: .failure(.disconnected("the D-Bus connection is closed")))
                }
                let box = Unmanaged.passRetained(ReplyBox(continuation)).toOpaque()
                dbus_pending_call_set_notify(pending, replyArrived, box, releaseReplyBox)
                // Replies are only read on this queue, so none can have slipped in before the notify was set.
                dispatchAll()
            }
        }
    }

    /// Waits until every message handed over so far (replies and signals included) has been
    /// written to the bus. `dbus_connection_send` writes what the socket takes at once and
    /// queues the rest, which `dbus_connection_close` would drop.
    func flush() async {
        await withCheckedContinuation { continuation in
            queue.async { [self] in
                if let raw { dbus_connection_flush(raw) }
                continuation.resume()
            }
        }
    }

    /// Closes the connection once what was handed over before has been written. Pending calls
    /// fail with a disconnection error.
    func close() {
        queue.async { [self] in
            guard let connection = raw else { return }
            raw = nil
            dbus_connection_flush(connection)
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
        }
    }

    // MARK: Dispatch (on `queue`)

    fileprivate func dispatchAll() {
        guard let raw else { return }
        while dbus_connection_dispatch(raw) == DBUS_DISPATCH_DATA_REMAINS {}
    }

    fileprivate func deliver(_ message: DBusMessage) {
        onMessage(message)
    }
}

// MARK: Replies

/// The continuation of one method call, kept by libdbus's pending call until the reply arrives.
private final class ReplyBox: @unchecked Sendable {
    // Touched only on the connection's queue, by libdbus callbacks.
    private var continuation: CheckedContinuation<Result<DBusMessage, DBusError>, Never>?

    init(_ continuation: CheckedContinuation<Result<DBusMessage, DBusError>, Never>) {
        self.continuation = continuation
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
    let io = Unmanaged<ConnectionIO>.fromOpaque(context).takeUnretainedValue()
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
    io.deliver(decoded)
    // Method calls are answered later, from the main actor; claiming them here keeps libdbus
    // from answering UnknownMethod on our behalf. Signals stay visible to libdbus too.
    return type == DBUS_MESSAGE_TYPE_METHOD_CALL ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
}

private func dispatchStatusChanged(
    _ connection: OpaquePointer?, _ status: DBusDispatchStatus, _ context: UnsafeMutableRawPointer?
) {
    guard status == DBUS_DISPATCH_DATA_REMAINS, let context else { return }
    let io = Unmanaged<ConnectionIO>.fromOpaque(context).takeUnretainedValue()
    io.queue.async { io.dispatchAll() }
}

// MARK: Watches: a read and a write DispatchSource per file descriptor libdbus asks about

/// The dispatch sources of one libdbus watch.
private final class WatchSources {
    var sources: [any DispatchSourceProtocol] = []

    func cancel() {
        for source in sources { source.cancel() }
        sources = []
    }
}

private func addWatch(_ watch: OpaquePointer?, _ context: UnsafeMutableRawPointer?) -> dbus_bool_t {
    guard let watch, let context else { return 0 }
    let holder = WatchSources()
    dbus_watch_set_data(watch, Unmanaged.passRetained(holder).toOpaque()) { data in
        guard let data else { return }
        let holder = Unmanaged<WatchSources>.fromOpaque(data).takeRetainedValue()
        holder.cancel()
    }
    updateWatch(watch, context)
    return 1
}

private func removeWatch(_ watch: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let watch, let data = dbus_watch_get_data(watch) else { return }
    Unmanaged<WatchSources>.fromOpaque(data).takeUnretainedValue().cancel()
}

private func toggleWatch(_ watch: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    guard let watch, let context else { return }
    updateWatch(watch, context)
}

/// Makes the watch's sources match its enabled state and flags.
private func updateWatch(_ watch: OpaquePointer, _ context: UnsafeMutableRawPointer) {
    guard let data = dbus_watch_get_data(watch) else { return }
    let holder = Unmanaged<WatchSources>.fromOpaque(data).takeUnretainedValue()
    holder.cancel()
    guard dbus_watch_get_enabled(watch) != 0 else { return }
    let io = Unmanaged<ConnectionIO>.fromOpaque(context).takeUnretainedValue()
    let fd = dbus_watch_get_unix_fd(watch)
    let flags = dbus_watch_get_flags(watch)
    let watchAddress = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(watch)))
    func handle(_ condition: UInt32) {
        guard let watch = OpaquePointer(bitPattern: watchAddress) else { return }
        dbus_watch_handle(watch, condition)
        io.dispatchAll()
    }
    // Each source watches a duplicate of libdbus's descriptor, closed by its cancel handler:
    // libdbus closes its own descriptor right after removing a watch, and a DispatchSource whose
    // descriptor is closed before its (asynchronous) cancellation completes corrupts dispatch.
    // The duplicate closes on exec (plain dup() would not): a program started meanwhile must not
    // inherit the socket, or closing the connection would not disconnect it from the bus.
    for condition in [DBUS_WATCH_READABLE.rawValue, DBUS_WATCH_WRITABLE.rawValue] where flags & condition != 0 {
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { continue }
        let source: any DispatchSourceProtocol =
            condition == DBUS_WATCH_READABLE.rawValue
            ? DispatchSource.makeReadSource(fileDescriptor: copy, queue: io.queue)
            : DispatchSource.makeWriteSource(fileDescriptor: copy, queue: io.queue)
        source.setEventHandler { handle(condition) }
        source.setCancelHandler { close(copy) }
        holder.sources.append(source)
        source.resume()
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
    let timer = DispatchSource.makeTimerSource(queue: io.queue)
    timer.schedule(deadline: .now() + .milliseconds(interval), repeating: .milliseconds(interval))
    timer.setEventHandler {
        guard let timeout = OpaquePointer(bitPattern: timeoutAddress) else { return }
        dbus_timeout_handle(timeout)
        io.dispatchAll()
    }
    holder.timer = timer
    timer.resume()
}
