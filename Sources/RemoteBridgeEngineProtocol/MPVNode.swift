// SPDX-License-Identifier: Apache-2.0
/// A value read from mpv: the Swift form of `mpv_node`.
public indirect enum MPVNode: Sendable, Equatable {
    /// No value (`MPV_FORMAT_NONE`), such as a property with no file loaded.
    case none
    /// A string.
    case string(String)
    /// A flag.
    case flag(Bool)
    /// An integer.
    case int64(Int64)
    /// A floating-point number.
    case double(Double)
    /// An array.
    case array([MPVNode])
    /// A map, keys in mpv's order.
    case map([(String, MPVNode)])

    public static func == (lhs: MPVNode, rhs: MPVNode) -> Bool {
        switch (lhs, rhs) {
        case (.none, .none): true
        case (.string(let a), .string(let b)): a == b
        case (.flag(let a), .flag(let b)): a == b
        case (.int64(let a), .int64(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.map(let a), .map(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The string, if this is one.
    public var string: String? { if case .string(let value) = self { value } else { nil } }
    /// The flag, if this is one.
    public var flag: Bool? { if case .flag(let value) = self { value } else { nil } }
    /// The number as a Double, for int64 and double.
    public var double: Double? {
        switch self {
        case .double(let value): value
        case .int64(let value): Double(value)
        default: nil
        }
    }
    /// The number as an Int64, for int64 (and whole doubles).
    public var int64: Int64? {
        switch self {
        case .int64(let value): value
        case .double(let value): value.isFinite && value.rounded() == value ? Int64(exactly: value) : nil
        default: nil
        }
    }
    /// The elements, if this is an array.
    public var array: [MPVNode]? { if case .array(let value) = self { value } else { nil } }
    /// The value for `key`, if this is a map.
    public subscript(key: String) -> MPVNode? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.0 == key }?.1
    }
    /// The map's entries, if this is a map.
    public var entries: [(String, MPVNode)]? { if case .map(let value) = self { value } else { nil } }
}
