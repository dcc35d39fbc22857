// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeDBus
import Glibc

/// Converts between `DBusMessage` and libdbus messages. Pointers never leave this file and
/// `ConnectionIO`; callers validate first, so libdbus never sees a value it would abort on.
enum MessageCoding {
    /// Builds a libdbus message (retained; the caller unrefs it). Throws on invalid content.
    static func encode(_ message: DBusMessage) throws(DBusError) -> OpaquePointer {
        try message.validate()
        let type: Int32 =
            switch message.kind {
            case .methodCall: DBUS_MESSAGE_TYPE_METHOD_CALL
            case .methodReturn: DBUS_MESSAGE_TYPE_METHOD_RETURN
            case .error: DBUS_MESSAGE_TYPE_ERROR
            case .signal: DBUS_MESSAGE_TYPE_SIGNAL
            }
        guard let raw = dbus_message_new(type) else { throw .failed("out of memory building a D-Bus message") }
        var ok = true
        func set(_ value: String?, _ setter: (OpaquePointer?, UnsafePointer<CChar>?) -> dbus_bool_t) {
            guard let value else { return }
            ok = ok && value.withCString { setter(raw, $0) } != 0
        }
        set(message.path, dbus_message_set_path)
        set(message.interface, dbus_message_set_interface)
        set(message.member, dbus_message_set_member)
        set(message.errorName, dbus_message_set_error_name)
        set(message.destination, dbus_message_set_destination)
        if message.replySerial != 0 { ok = ok && dbus_message_set_reply_serial(raw, message.replySerial) != 0 }
        if message.noReplyExpected { dbus_message_set_no_reply(raw, 1) }
        if !message.autoStart { dbus_message_set_auto_start(raw, 0) }
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iterator)
        for value in message.body where ok {
            ok = append(value, to: &iterator)
        }
        guard ok else {
            dbus_message_unref(raw)
            throw .failed("libdbus could not build the message (out of memory, or nesting too deep)")
        }
        return raw
    }

    /// Decodes a libdbus message (borrowed). Nil for one this library does not read: a message
    /// of a type the spec does not define, which it says to ignore, and one that carries unix file
    /// descriptors (type `h`), which nothing here takes (both found by the fuzz harness: the first
    /// was read as a signal, the second's descriptors as `u` numbers). A call the connection does
    /// not read is answered with InvalidArgs (`unreadableCall`).
    static func decode(_ raw: OpaquePointer) -> DBusMessage? {
        if let signature = dbus_message_get_signature(raw), strchr(signature, Int32(UInt8(ascii: "h"))) != nil { return nil }
        let kind: DBusMessage.Kind
        switch dbus_message_get_type(raw) {
        case DBUS_MESSAGE_TYPE_METHOD_CALL: kind = .methodCall
        case DBUS_MESSAGE_TYPE_METHOD_RETURN: kind = .methodReturn
        case DBUS_MESSAGE_TYPE_ERROR: kind = .error
        case DBUS_MESSAGE_TYPE_SIGNAL: kind = .signal
        default: return nil
        }
        var message = DBusMessage(
            kind: kind,
            path: string(dbus_message_get_path(raw)),
            interface: string(dbus_message_get_interface(raw)),
            member: string(dbus_message_get_member(raw)),
            errorName: string(dbus_message_get_error_name(raw)),
            destination: string(dbus_message_get_destination(raw)))
        message.sender = string(dbus_message_get_sender(raw))
        message.serial = dbus_message_get_serial(raw)
        message.replySerial = dbus_message_get_reply_serial(raw)
        message.noReplyExpected = dbus_message_get_no_reply(raw) != 0
        var iterator = DBusMessageIter()
        if dbus_message_iter_init(raw, &iterator) != 0 {
            message.body = readAll(&iterator)
        }
        return message
    }

    /// The error a call gets that `decode` does not read.
    static let unreadableCall = "this service takes no unix file descriptors (arguments of type h)"

    /// Why a reply could not be read: `decode` gave nil.
    static let unreadableReply = "a reply this library does not read (of unknown type, or carrying unix file descriptors)"

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    // MARK: Appending

    private static func append(_ value: DBusValue, to iterator: inout DBusMessageIter) -> Bool {
        switch value {
        case .byte(var v): return appendBasic(RB_DBUS_TYPE_BYTE, &v, &iterator)
        case .bool(let b):
            var v: dbus_bool_t = b ? 1 : 0
            return appendBasic(RB_DBUS_TYPE_BOOLEAN, &v, &iterator)
        case .int16(var v): return appendBasic(RB_DBUS_TYPE_INT16, &v, &iterator)
        case .uint16(var v): return appendBasic(RB_DBUS_TYPE_UINT16, &v, &iterator)
        case .int32(var v): return appendBasic(RB_DBUS_TYPE_INT32, &v, &iterator)
        case .uint32(var v): return appendBasic(RB_DBUS_TYPE_UINT32, &v, &iterator)
        case .int64(var v): return appendBasic(RB_DBUS_TYPE_INT64, &v, &iterator)
        case .uint64(var v): return appendBasic(RB_DBUS_TYPE_UINT64, &v, &iterator)
        case .double(var v): return appendBasic(RB_DBUS_TYPE_DOUBLE, &v, &iterator)
        case .string(let s): return appendString(RB_DBUS_TYPE_STRING, s, &iterator)
        case .objectPath(let s): return appendString(RB_DBUS_TYPE_OBJECT_PATH, s, &iterator)
        case .signature(let s): return appendString(RB_DBUS_TYPE_SIGNATURE, s, &iterator)
        case .array(let element, let values):
            return container(RB_DBUS_TYPE_ARRAY, element, &iterator) { inner in
                values.allSatisfy { append($0, to: &inner) }
            }
        case .dictionary(let key, let valueSignature, let entries):
            return container(RB_DBUS_TYPE_ARRAY, "{" + key + valueSignature + "}", &iterator) { inner in
                entries.allSatisfy { entry in
                    container(RB_DBUS_TYPE_DICT_ENTRY, nil, &inner) { pair in
                        append(entry.key, to: &pair) && append(entry.value, to: &pair)
                    }
                }
            }
        case .structure(let fields):
            return container(RB_DBUS_TYPE_STRUCT, nil, &iterator) { inner in
                fields.allSatisfy { append($0, to: &inner) }
            }
        case .variant(let inner):
            return container(RB_DBUS_TYPE_VARIANT, inner.signature, &iterator) { contents in
                append(inner, to: &contents)
            }
        }
    }

    private static func appendBasic<T>(_ type: Int32, _ value: inout T, _ iterator: inout DBusMessageIter) -> Bool {
        withUnsafePointer(to: &value) { dbus_message_iter_append_basic(&iterator, type, $0) != 0 }
    }

    private static func appendString(_ type: Int32, _ string: String, _ iterator: inout DBusMessageIter) -> Bool {
        string.withCString { cString in
            var pointer: UnsafePointer<CChar>? = cString
            return dbus_message_iter_append_basic(&iterator, type, &pointer) != 0
        }
    }

    private static func container(
        _ type: Int32, _ signature: String?, _ iterator: inout DBusMessageIter,
        _ body: (inout DBusMessageIter) -> Bool
    ) -> Bool {
        var inner = DBusMessageIter()
        let opened: Bool =
            if let signature {
                signature.withCString { dbus_message_iter_open_container(&iterator, type, $0, &inner) != 0 }
            } else {
                dbus_message_iter_open_container(&iterator, type, nil, &inner) != 0
            }
        guard opened else { return false }
        guard body(&inner) else {
            dbus_message_iter_abandon_container(&iterator, &inner)
            return false
        }
        return dbus_message_iter_close_container(&iterator, &inner) != 0
    }

    // MARK: Reading

    private static func readAll(_ iterator: inout DBusMessageIter) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&iterator) != RB_DBUS_TYPE_INVALID {
            if let value = read(&iterator) { values.append(value) }
            guard dbus_message_iter_next(&iterator) != 0 else { break }
        }
        return values
    }

    private static func read(_ iterator: inout DBusMessageIter) -> DBusValue? {
        let type = dbus_message_iter_get_arg_type(&iterator)
        switch type {
        case RB_DBUS_TYPE_BYTE: return .byte(basic(&iterator, UInt8.self))
        case RB_DBUS_TYPE_BOOLEAN: return .bool(basic(&iterator, dbus_bool_t.self) != 0)
        case RB_DBUS_TYPE_INT16: return .int16(basic(&iterator, Int16.self))
        case RB_DBUS_TYPE_UINT16: return .uint16(basic(&iterator, UInt16.self))
        case RB_DBUS_TYPE_INT32: return .int32(basic(&iterator, Int32.self))
        case RB_DBUS_TYPE_UINT32: return .uint32(basic(&iterator, UInt32.self))
        case RB_DBUS_TYPE_INT64: return .int64(basic(&iterator, Int64.self))
        case RB_DBUS_TYPE_UINT64: return .uint64(basic(&iterator, UInt64.self))
        case RB_DBUS_TYPE_DOUBLE: return .double(basic(&iterator, Double.self))
        case RB_DBUS_TYPE_STRING: return .string(basicString(&iterator))
        case RB_DBUS_TYPE_OBJECT_PATH: return .objectPath(basicString(&iterator))
        case RB_DBUS_TYPE_SIGNATURE: return .signature(basicString(&iterator))
        case RB_DBUS_TYPE_VARIANT:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return read(&inner).map { .variant($0) }
        case RB_DBUS_TYPE_STRUCT:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return .structure(readAll(&inner))
        case RB_DBUS_TYPE_ARRAY:
            return readArray(&iterator)
        default:
            return nil
        }
    }

    private static func readArray(_ iterator: inout DBusMessageIter) -> DBusValue {
        let signature = elementSignature(&iterator)
        var inner = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &inner)
        guard dbus_message_iter_get_element_type(&iterator) == RB_DBUS_TYPE_DICT_ENTRY else {
            return .array(elementSignature: signature, readAll(&inner))
        }
        // "{kv}": the key is one basic type code, the value the rest.
        let contents = signature.dropFirst().dropLast()
        let keySignature = String(contents.prefix(1))
        let valueSignature = String(contents.dropFirst())
        var entries: [DBusValue.DictionaryEntry] = []
        while dbus_message_iter_get_arg_type(&inner) == RB_DBUS_TYPE_DICT_ENTRY {
            var pair = DBusMessageIter()
            dbus_message_iter_recurse(&inner, &pair)
            let values = readAll(&pair)
            if values.count == 2 { entries.append(.init(key: values[0], value: values[1])) }
            guard dbus_message_iter_next(&inner) != 0 else { break }
        }
        return .dictionary(keySignature: keySignature, valueSignature: valueSignature, entries)
    }

    /// The signature of an array's elements: the array's own signature without its leading `a`.
    private static func elementSignature(_ iterator: inout DBusMessageIter) -> String {
        guard let raw = dbus_message_iter_get_signature(&iterator) else { return "v" }
        defer { dbus_free(raw) }
        return String(String(cString: raw).dropFirst())
    }

    private static func basic<T>(_ iterator: inout DBusMessageIter, _ type: T.Type) -> T where T: FixedWidthInteger {
        var value: T = 0
        dbus_message_iter_get_basic(&iterator, &value)
        return value
    }

    private static func basic(_ iterator: inout DBusMessageIter, _ type: Double.Type) -> Double {
        var value = 0.0
        dbus_message_iter_get_basic(&iterator, &value)
        return value
    }

    private static func basicString(_ iterator: inout DBusMessageIter) -> String {
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &pointer)
        return pointer.map { String(cString: $0) } ?? ""
    }
}
