// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeDBus

/// Messages in the D-Bus wire format, as a socket carries them: for the fuzz harness, which
/// builds messages from arbitrary bytes the way a client's bytes arrive. libdbus checks them
/// as it does a message read from a socket (`dbus_message_demarshal`); the pointers stay in
/// this file.
extension DBusMessage {
    /// The message in `bytes`, read through the same decoding as a message from the bus;
    /// throws libdbus's reason when they are not one valid message.
    package init(wireFormat bytes: UnsafeRawBufferPointer) throws(DBusError) {
        // A header is 16 bytes at least; libdbus reads that much before it checks a length.
        guard let base = bytes.baseAddress, bytes.count >= 16, bytes.count <= Int(Int32.max) else {
            throw .invalidArgs("not a D-Bus message: \(bytes.count) bytes")
        }
        var error = CRemoteBridgeDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let raw = dbus_message_demarshal(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), &error) else {
            throw .invalidArgs("not a D-Bus message: \(error.message.map { String(cString: $0) } ?? "unknown error")")
        }
        defer { dbus_message_unref(raw) }
        guard let message = MessageCoding.decode(raw) else { throw .invalidArgs("a D-Bus message this library does not read (of unknown type, or carrying unix file descriptors)") }
        self = message
    }

    /// The message in the wire format, with `serial` (libdbus marshals only a message that has one).
    package func wireFormat(serial: UInt32 = 1) throws(DBusError) -> [UInt8] {
        let raw = try MessageCoding.encode(self)
        defer { dbus_message_unref(raw) }
        dbus_message_set_serial(raw, serial)
        var data: UnsafeMutablePointer<CChar>?
        var count: Int32 = 0
        guard dbus_message_marshal(raw, &data, &count) != 0, let data else { throw .failed("out of memory marshalling a D-Bus message") }
        defer { dbus_free(data) }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(count)))
    }
}
