// SPDX-License-Identifier: Apache-2.0
/// A TOML value, with the line it was written on so errors can point at it.
public indirect enum TOMLValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    case array([TOMLValue])
    case table(TOMLTable)

    /// The TOML type name, for error messages.
    public var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .float: "float"
        case .boolean: "boolean"
        case .array: "array"
        case .table: "table"
        }
    }
}

/// A TOML table: keys in file order, each with its value and line.
public struct TOMLTable: Sendable, Equatable {
    /// One key of the table.
    public struct Entry: Sendable, Equatable {
        /// The key.
        public var key: String
        /// The value.
        public var value: TOMLValue
        /// The line the key was written on (1-based).
        public var line: Int
    }

    /// The entries, in file order.
    public internal(set) var entries: [Entry] = []
    /// The line the table was opened on (0 for the root table).
    public internal(set) var line = 0

    /// Makes an empty table.
    public init() {}

    /// The entry for `key`.
    public subscript(key: String) -> Entry? { entries.first { $0.key == key } }

    mutating func set(_ key: String, _ value: TOMLValue, line: Int) {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index] = Entry(key: key, value: value, line: line)
        } else {
            entries.append(Entry(key: key, value: value, line: line))
        }
    }
}
