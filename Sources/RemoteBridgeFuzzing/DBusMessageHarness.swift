import RemoteBridgeDBus

extension FuzzHarness {
    /// D-Bus messages as any client can send them: the bytes read as one message in the wire
    /// format (`dbus_message_demarshal`, the checks libdbus makes of a message from a socket),
    /// then through the project's value decoding. A message read passes the project's own
    /// validation, and written again reads back the same. A method call then goes to an MPRIS
    /// server on a private bus (`MPRISTarget`), as if addressed to it: its argument checks
    /// answer, every reply is one libdbus can send, and every error has a valid name and a
    /// bounded message.
    static let dbusMessage = FuzzHarness(
        name: "dbus-message", summary: "D-Bus wire-format messages: decoding, validation, round trip, the MPRIS server's answers"
    ) { bytes throws(PropertyViolation) in
        let message: DBusMessage
        do throws(DBusError) {
            message = try DBusMessage(wireFormat: bytes)
        } catch {
            return
        }
        do throws(DBusError) {
            try message.validate()
        } catch {
            throw PropertyViolation("libdbus read a message that the project's validation refuses: \(error.message)")
        }
        try checkRoundTrip(message)
        guard message.kind == .methodCall else { return }
        let result = MPRISTarget.shared.answer(message)
        switch result {
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

    /// `message`, written in the wire format and read again, is the same.
    private static func checkRoundTrip(_ message: DBusMessage) throws(PropertyViolation) {
        let again: DBusMessage
        do throws(DBusError) {
            let bytes = try message.wireFormat(serial: message.serial == 0 ? 1 : message.serial)
            again = try bytes.withUnsafeBytes { buffer in Result { () throws(DBusError) in try DBusMessage(wireFormat: buffer) } }.get()
        } catch {
            throw PropertyViolation("a message read cannot be written and read again: \(error.message)")
        }
        // The sender is the bus's to set; a message written here has none.
        var expected = message
        expected.sender = nil
        var found = again
        found.sender = nil
        try require(found == expected, "a message written and read again differs: \(expected) became \(found)")
    }
}
