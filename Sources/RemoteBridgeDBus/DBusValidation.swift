// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeDBus
import RemoteBridgeText

/// Checks values, names and paths against the D-Bus rules before they reach libdbus, which
/// aborts the process on some invalid input instead of reporting an error.
public enum DBusValidation {
    /// Whether `path` is a valid object path: `/`, or `/`-separated non-empty `[A-Za-z0-9_]` segments.
    public static func isValidObjectPath(_ path: String) -> Bool {
        // Over the string's own bytes, with no copy: a track list checks 100 000 paths at once.
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        guard bytes.last != UInt8(ascii: "/") else { return false }
        var previousWasSlash = false
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                if previousWasSlash { return false }
                previousWasSlash = true
            } else {
                guard isNameCharacter(byte) else { return false }
                previousWasSlash = false
            }
        }
        return true
    }

    /// Whether `signature` is a valid signature (any number of complete types, at most 255 bytes).
    public static func isValidSignature(_ signature: String) -> Bool {
        guard !signature.utf8.contains(0) else { return false }
        return signature.withCString { dbus_signature_validate($0, nil) != 0 }
    }

    /// Whether `signature` is exactly one complete type.
    public static func isSingleCompleteType(_ signature: String) -> Bool {
        guard !signature.utf8.contains(0) else { return false }
        return signature.withCString { dbus_signature_validate_single($0, nil) != 0 }
    }

    /// Whether `string` can travel as a D-Bus string: valid UTF-8 (always true of a Swift
    /// `String`) with no NUL character, which would silently cut it short.
    public static func isValidString(_ string: String) -> Bool {
        !string.utf8.contains(0)
    }

    /// Whether `name` is a valid interface name (also the rule for error names).
    public static func isValidInterfaceName(_ name: String) -> Bool {
        validate(name, with: dbus_validate_interface)
    }

    /// Whether `name` is a valid member (method, property or signal) name.
    public static func isValidMemberName(_ name: String) -> Bool {
        validate(name, with: dbus_validate_member)
    }

    /// Whether `name` is a valid bus name, well-known or unique.
    public static func isValidBusName(_ name: String) -> Bool {
        validate(name, with: dbus_validate_bus_name)
    }

    /// Whether `name` is a valid error name.
    public static func isValidErrorName(_ name: String) -> Bool {
        validate(name, with: dbus_validate_error_name)
    }

    private static func validate(
        _ name: String, with validator: (UnsafePointer<CChar>?, UnsafeMutablePointer<CRemoteBridgeDBus.DBusError>?) -> dbus_bool_t
    ) -> Bool {
        guard !name.isEmpty, isValidString(name) else { return false }
        return name.withCString { validator($0, nil) != 0 }
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}

extension DBusValue {
    /// Checks the whole value against the D-Bus rules, and throws `InvalidArgs` naming the
    /// first problem: a string with NUL, a bad object path or signature, or an element whose
    /// type does not match its array or dictionary.
    public func validate() throws(DBusError) {
        switch self {
        case .string(let value):
            guard DBusValidation.isValidString(value) else {
                throw .invalidArgs("string contains a NUL character: \(OutsideText.quoted(value))")
            }
        case .objectPath(let value):
            guard DBusValidation.isValidObjectPath(value) else {
                throw .invalidArgs("not a valid D-Bus object path: \(OutsideText.quoted(value))")
            }
        case .signature(let value):
            guard DBusValidation.isValidSignature(value) else {
                throw .invalidArgs("not a valid D-Bus signature: \(OutsideText.quoted(value))")
            }
        case .array(let element, let values):
            guard DBusValidation.isSingleCompleteType(element) else {
                throw .invalidArgs("not a valid array element type: \(OutsideText.quoted(element))")
            }
            for value in values {
                guard value.signature == element else {
                    throw .invalidArgs("array of \(element) holds a \(value.signature)")
                }
                try value.validate()
            }
        case .dictionary(let key, let valueSignature, let entries):
            guard key.utf8.count == 1, "ybnqiuxtdsog".utf8.contains(key.utf8.first!),
                DBusValidation.isSingleCompleteType(valueSignature)
            else {
                throw .invalidArgs("not a valid dictionary type: a{\(key)\(valueSignature)}")
            }
            for entry in entries {
                guard entry.key.signature == key, entry.value.signature == valueSignature else {
                    throw .invalidArgs(
                        "dictionary a{\(key)\(valueSignature)} holds a \(entry.key.signature) → \(entry.value.signature) entry")
                }
                try entry.key.validate()
                try entry.value.validate()
            }
        case .structure(let fields):
            guard !fields.isEmpty else { throw .invalidArgs("a D-Bus struct needs at least one field") }
            for field in fields { try field.validate() }
        case .variant(let inner):
            try inner.validate()
        case .byte, .bool, .int16, .uint16, .int32, .uint32, .int64, .uint64, .double:
            break
        }
        guard signature.utf8.count <= 255 else { throw .invalidArgs("signature longer than 255 bytes") }
    }
}
