// SPDX-License-Identifier: Apache-2.0
/// A D-Bus value with its exact wire type.
///
/// Every case knows its signature, including empty arrays and dictionaries, which carry their
/// element types. Values are checked against the D-Bus rules before anything reaches libdbus
/// (see `validate()`), because libdbus aborts the process on an invalid string or object path.
public indirect enum DBusValue: Sendable, Equatable, Hashable {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// An array of values that all have `elementSignature`.
    case array(elementSignature: String, [DBusValue])
    /// A dictionary (`a{kv}`): keys of a basic type, values of one type.
    case dictionary(keySignature: String, valueSignature: String, [DictionaryEntry])
    /// A struct: a fixed sequence of values.
    case structure([DBusValue])
    /// A variant: any single value, tagged with its own signature on the wire.
    case variant(DBusValue)

    /// One key/value pair of a dictionary.
    public struct DictionaryEntry: Sendable, Equatable, Hashable {
        /// The key.
        public var key: DBusValue
        /// The value.
        public var value: DBusValue

        /// Makes an entry.
        public init(key: DBusValue, value: DBusValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value's D-Bus type signature, such as `s`, `ao` or `a{sv}`.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .dictionary(let key, let value, _): "a{" + key + value + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    /// An `a{sv}` dictionary, the usual shape of options and metadata. Keys keep their order.
    public static func stringVariantDictionary(_ entries: KeyValuePairs<String, DBusValue>) -> DBusValue {
        .dictionary(
            keySignature: "s", valueSignature: "v",
            entries.map { DictionaryEntry(key: .string($0.key), value: .variant($0.value)) })
    }

    /// An `a{sv}` dictionary from an array of pairs.
    public static func stringVariantDictionary(_ entries: [(String, DBusValue)]) -> DBusValue {
        .dictionary(
            keySignature: "s", valueSignature: "v",
            entries.map { DictionaryEntry(key: .string($0.0), value: .variant($0.1)) })
    }

    /// An array of strings (`as`).
    public static func strings(_ values: [String]) -> DBusValue {
        .array(elementSignature: "s", values.map { .string($0) })
    }

    /// An array of object paths (`ao`).
    public static func objectPaths(_ values: [String]) -> DBusValue {
        .array(elementSignature: "o", values.map { .objectPath($0) })
    }
}

// MARK: Reading values

extension DBusValue {
    /// The value inside a variant, or the value itself.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { inner.unwrapped } else { self }
    }

    /// The string of a `s`, `o` or `g` value.
    public var stringValue: String? {
        switch unwrapped {
        case .string(let value), .objectPath(let value), .signature(let value): value
        default: nil
        }
    }

    /// The value of a `b`.
    public var boolValue: Bool? {
        if case .bool(let value) = unwrapped { value } else { nil }
    }

    /// The value of a `d`, or of any integer type, as a Double.
    public var doubleValue: Double? {
        switch unwrapped {
        case .double(let value): value
        default: int64Value.map(Double.init)
        }
    }

    /// The value of any integer type that fits an Int64.
    public var int64Value: Int64? {
        switch unwrapped {
        case .byte(let value): Int64(value)
        case .int16(let value): Int64(value)
        case .uint16(let value): Int64(value)
        case .int32(let value): Int64(value)
        case .uint32(let value): Int64(value)
        case .int64(let value): value
        case .uint64(let value): Int64(exactly: value)
        default: nil
        }
    }

    /// The elements of an array.
    public var arrayValue: [DBusValue]? {
        if case .array(_, let values) = unwrapped { values } else { nil }
    }

    /// The strings of an `as` (or `ao`).
    public var stringArrayValue: [String]? {
        arrayValue?.compactMap(\.stringValue)
    }

    /// An `a{s…}` dictionary as a Swift dictionary (a later duplicate key wins).
    public var stringDictionaryValue: [String: DBusValue]? {
        guard case .dictionary(_, _, let entries) = unwrapped else { return nil }
        var result: [String: DBusValue] = [:]
        for entry in entries {
            if let key = entry.key.stringValue { result[key] = entry.value.unwrapped }
        }
        return result
    }

    /// The fields of a struct.
    public var structureValue: [DBusValue]? {
        if case .structure(let fields) = unwrapped { fields } else { nil }
    }
}
