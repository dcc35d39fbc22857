// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

extension FuzzHarness {
    /// D-Bus messages as any client can send them: the bytes read as one message in the wire
    /// format (`dbus_message_demarshal`, the checks libdbus makes of a message from a socket),
    /// then through the project's value decoding. A message read passes the project's own
    /// validation (so libdbus never aborts on a value echoed back), and written again reads
    /// back the same: the same header, and the same bytes when written once more (bytes, since
    /// a NaN double is not equal to itself).
    static let dbusMessage = FuzzHarness(
        name: "dbus-message", summary: "D-Bus wire-format messages: decoding, validation, written and read again"
    ) { bytes throws(PropertyViolation) in
        guard let message = try readMessage(bytes) else { return }
        let serial = message.serial == 0 ? 1 : message.serial
        let written: [UInt8]
        let again: DBusMessage
        let rewritten: [UInt8]
        do throws(DBusError) {
            written = try message.wireFormat(serial: serial)
            again = try written.withUnsafeBytes { buffer in Result { () throws(DBusError) in try DBusMessage(wireFormat: buffer) } }.get()
            rewritten = try again.wireFormat(serial: serial)
        } catch {
            throw PropertyViolation("a message read cannot be written and read again: \(error.message)")
        }
        // The sender is the bus's to set; a message written here has none.
        var expected = message
        expected.sender = nil
        expected.body = []
        var found = again
        found.sender = nil
        found.body = []
        try require(found == expected, "a message's header written and read again differs: \(expected) became \(found)")
        try require(again.body.map(\.signature) == message.body.map(\.signature), "a message's body changed type when written and read again")
        try require(rewritten == written, "a message written, read and written again gives other bytes")
    }

    /// The calls a client can make of remote-playerd's MPRIS object, read as `dbusMessage` reads
    /// them, and answered by an MPRIS server on a private bus (`MPRISTarget`) as if addressed to
    /// it: the argument checks answer, every reply is one libdbus can send, and every error has
    /// a valid name and a bounded message, and is never an internal error.
    static let mprisCall = FuzzHarness(
        name: "mpris-call", summary: "D-Bus calls answered by the MPRIS server: argument checks, replies sendable, errors bounded",
        keepsState: true, prepare: { _ = MPRISTarget.shared }
    ) { bytes throws(PropertyViolation) in
        guard let message = try readMessage(bytes), message.kind == .methodCall else { return }
        let answer: Result<[DBusValue], DBusError>
        do throws(MPRISTarget.Failure) {
            answer = try MPRISTarget.shared.answer(message)
        } catch {
            throw PropertyViolation(error.description)
        }
        switch answer {
        case .success(let body):
            do throws(DBusError) {
                try DBusMessage(kind: .methodReturn, destination: ":1.1", body: body).validate()
            } catch {
                throw PropertyViolation("a reply libdbus would not send, to \(message.member ?? "?"): \(error.message)")
            }
        case .failure(let error):
            try require(DBusValidation.isValidErrorName(error.name), "an error named \(error.name)")
            try require(!error.message.hasPrefix("internal error"), "an internal error: \(error.message)")
            try requireBounded(error.message, "the MPRIS server")
        }
    }

    /// The message in `bytes`, if libdbus reads one; it must pass the project's validation.
    private static func readMessage(_ bytes: UnsafeRawBufferPointer) throws(PropertyViolation) -> DBusMessage? {
        let message: DBusMessage
        do throws(DBusError) {
            message = try DBusMessage(wireFormat: bytes)
        } catch {
            return nil
        }
        do throws(DBusError) {
            try message.validate()
        } catch {
            throw PropertyViolation("libdbus read a message that the project's validation refuses: \(error.message)")
        }
        return message
    }
}
