// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeDBus
import RemoteBridgeDurations

/// A bus connection for one short exchange, used from one thread, each call waiting for its
/// reply: no event loop, no threads, no hops between them.
///
/// For a program that makes a call or two and exits (`remotectl -p vlc play-pause` on a media
/// key), starting `DBusConnection`'s I/O queue and the tasks around it costs more than the
/// exchange itself. Everything else uses `DBusConnection`.
public final class BlockingConnection {
    private let raw: OpaquePointer

    /// Connects to the bus at `address`; registering (Hello) goes out with the first call.
    public init(address: String) throws(DBusError) {
        var error = CRemoteBridgeDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = address.withCString({ dbus_connection_open_private($0, &error) }) else {
            throw .disconnected("cannot connect to the D-Bus bus at \(address): \(Self.text(error.message))")
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        raw = connection
        // The bus wants Hello before anything else, and answers in order: so Hello is queued
        // here and goes out with the first call, without a round trip of its own. Its answer
        // (our unique name, which nothing here needs) is read and dropped with the call's.
        let hello = try MessageCoding.encode(
            .methodCall(
                destination: BusDaemonInterface.busName, path: BusDaemonInterface.objectPath, interface: BusDaemonInterface.hello.interface,
                member: BusDaemonInterface.hello.name))
        defer { dbus_message_unref(hello) }
        guard dbus_connection_send(connection, hello, nil) != 0 else { throw .failed("out of memory sending Hello") }
    }

    deinit {
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    /// Sends `message` and waits up to `timeout` for the reply's body; an error reply is thrown.
    /// Inside this module only: everything else calls through a declaration.
    func call(_ message: DBusMessage, timeout: Duration) throws(DBusError) -> [DBusValue] {
        let encoded = try MessageCoding.encode(message)
        defer { dbus_message_unref(encoded) }
        var error = CRemoteBridgeDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let milliseconds = Int32(clamping: timeout.milliseconds)
        guard let reply = dbus_connection_send_with_reply_and_block(raw, encoded, milliseconds, &error) else {
            throw DBusError(name: Self.text(error.name), message: Self.text(error.message))
        }
        defer { dbus_message_unref(reply) }
        guard let decoded = MessageCoding.decode(reply) else { throw .failed(MessageCoding.unreadableReply) }
        return decoded.body
    }

    /// Calls a declared method of `destination` at `path`; `autoStart` false keeps the bus from
    /// starting a program for a name nobody owns.
    public func call(
        _ destination: String, _ path: String, _ method: DBusMethodDeclaration, _ arguments: [DBusValue] = [], autoStart: Bool,
        timeout: Duration
    ) throws(DBusError) -> [DBusValue] {
        try method.checkInputs(arguments)
        var message = DBusMessage.methodCall(destination: destination, path: path, interface: method.interface, member: method.name, body: arguments)
        message.autoStart = autoStart
        return try call(message, timeout: timeout)
    }

    /// Reads a declared property of `destination` at `path`.
    public func getProperty(
        _ destination: String, _ path: String, _ property: DBusPropertyDeclaration, autoStart: Bool, timeout: Duration
    ) throws(DBusError) -> DBusValue {
        let reply = try call(
            destination, path, StandardInterfaces.get, [.string(property.interface), .string(property.name)], autoStart: autoStart, timeout: timeout)
        guard let value = reply.first else { throw .failed("Get \(property.interface).\(property.name) returned nothing") }
        return value.unwrapped
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
