// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeText

/// A D-Bus message, decoded: its header fields and its body as typed values.
public struct DBusMessage: Sendable, Equatable {
    /// The four kinds of message.
    public enum Kind: Sendable, Equatable {
        /// A method call.
        case methodCall
        /// A successful reply.
        case methodReturn
        /// An error reply.
        case error
        /// A signal.
        case signal
    }

    /// What kind of message this is.
    public var kind: Kind
    /// The object path (calls and signals).
    public var path: String?
    /// The interface (signals always; calls usually).
    public var interface: String?
    /// The method or signal name.
    public var member: String?
    /// The error name (errors only).
    public var errorName: String?
    /// Where the message goes (a bus name), if addressed.
    public var destination: String?
    /// Who sent it: a unique bus name, filled in by the bus.
    public var sender: String?
    /// The serial the bus numbered it with; 0 before sending.
    public var serial: UInt32 = 0
    /// For replies and errors: the serial of the call answered.
    public var replySerial: UInt32 = 0
    /// Whether the caller does not want a reply.
    public var noReplyExpected = false
    /// Whether the bus may start the destination's program if its name has no owner yet
    /// (D-Bus activation). Sent only; libdbus's default is yes.
    public var autoStart = true
    /// The body.
    public var body: [DBusValue]

    /// The body's signature: the concatenated signatures of its values.
    public var signature: String { body.map(\.signature).joined() }

    /// Makes a message of any kind; the named factories below are usually clearer.
    public init(
        kind: Kind, path: String? = nil, interface: String? = nil, member: String? = nil, errorName: String? = nil,
        destination: String? = nil, body: [DBusValue] = []
    ) {
        self.kind = kind
        self.path = path
        self.interface = interface
        self.member = member
        self.errorName = errorName
        self.destination = destination
        self.body = body
    }

    /// A method call. Inside this module only: callers go through a `DBusMethodDeclaration`
    /// (`DBusConnection.call(_:_:_:_:timeout:)`).
    static func methodCall(
        destination: String?, path: String, interface: String?, member: String, body: [DBusValue] = []
    ) -> DBusMessage {
        DBusMessage(kind: .methodCall, path: path, interface: interface, member: member, destination: destination, body: body)
    }

    /// The declared signal `signal`, from the object at `path`. The body is not checked here;
    /// `ExportedObject.emit(_:_:)` checks it before sending.
    public static func signal(_ signal: DBusSignalDeclaration, path: String, body: [DBusValue] = []) -> DBusMessage {
        DBusMessage(kind: .signal, path: path, interface: signal.interface, member: signal.name, body: body)
    }

    /// Whether this message is the signal `signal` (its interface and name; not its sender).
    public func isSignal(_ signal: DBusSignalDeclaration) -> Bool {
        kind == .signal && interface == signal.interface && member == signal.name
    }

    /// The error this message carries, if it is an error reply.
    public var error: DBusError? {
        guard kind == .error else { return nil }
        return DBusError(name: errorName ?? "org.freedesktop.DBus.Error.Failed", message: OutsideText.escaped(body.first?.stringValue ?? "", maximumBytes: OutsideText.messageBytes))
    }

    /// Checks every header field and body value against the D-Bus rules.
    public func validate() throws(DBusError) {
        if let path, !DBusValidation.isValidObjectPath(path) {
            throw .invalidArgs("not a valid D-Bus object path: \(OutsideText.quoted(path))")
        }
        if let interface, !DBusValidation.isValidInterfaceName(interface) {
            throw .invalidArgs("not a valid D-Bus interface name: \(OutsideText.quoted(interface))")
        }
        if let member, !DBusValidation.isValidMemberName(member) {
            throw .invalidArgs("not a valid D-Bus member name: \(OutsideText.quoted(member))")
        }
        if let errorName, !DBusValidation.isValidErrorName(errorName) {
            throw .invalidArgs("not a valid D-Bus error name: \(OutsideText.quoted(errorName))")
        }
        if let destination, !DBusValidation.isValidBusName(destination) {
            throw .invalidArgs("not a valid D-Bus bus name: \(OutsideText.quoted(destination))")
        }
        for value in body { try value.validate() }
    }
}
