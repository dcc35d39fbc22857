// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeText

/// An error on the bus: a D-Bus error name and a message for people.
///
/// Method handlers throw it to send an error reply; calls throw it when the peer replied with one.
public struct DBusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The error name, such as `org.freedesktop.DBus.Error.InvalidArgs`.
    public var name: String
    /// What went wrong, and where possible what to do about it.
    public var message: String

    /// Makes an error.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// "name: message".
    public var description: String { "\(name): \(message)" }

    /// `org.freedesktop.DBus.Error.InvalidArgs`: wrong signature or a bad value.
    public static func invalidArgs(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }

    /// `org.freedesktop.DBus.Error.UnknownMethod`.
    public static func unknownMethod(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: message)
    }

    /// `org.freedesktop.DBus.Error.UnknownObject`.
    public static func unknownObject(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.UnknownObject", message: message)
    }

    /// `org.freedesktop.DBus.Error.UnknownInterface`.
    public static func unknownInterface(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.UnknownInterface", message: message)
    }

    /// `org.freedesktop.DBus.Error.UnknownProperty`.
    public static func unknownProperty(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.UnknownProperty", message: message)
    }

    /// `org.freedesktop.DBus.Error.PropertyReadOnly`.
    public static func propertyReadOnly(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: message)
    }

    /// `org.freedesktop.DBus.Error.NotSupported`.
    public static func notSupported(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.NotSupported", message: message)
    }

    /// `org.freedesktop.DBus.Error.Failed`.
    public static func failed(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.Failed", message: message)
    }

    /// `org.freedesktop.DBus.Error.NoReply`: the peer did not answer in time.
    public static func noReply(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.NoReply", message: message)
    }

    /// `org.freedesktop.DBus.Error.Disconnected`.
    public static func disconnected(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.Disconnected", message: message)
    }
}

extension DBusError {
    /// `org.freedesktop.DBus.Error.LimitsExceeded`: a request would pass a documented limit.
    public static func limitsExceeded(_ message: String) -> DBusError {
        DBusError(name: "org.freedesktop.DBus.Error.LimitsExceeded", message: message)
    }

    /// `text` as quoted in an error message: `OutsideText.quoted(text)`. Kept for callers not yet
    /// switched to it.
    public static func excerpt(_ text: String) -> String {
        OutsideText.quoted(text)
    }
}

extension DBusError {
    /// Whether the call ended because the peer did not answer in time (frozen, or stuck).
    public var isTimeout: Bool {
        name == "org.freedesktop.DBus.Error.NoReply" || name == "org.freedesktop.DBus.Error.Timeout"
    }
}
