// SPDX-License-Identifier: Apache-2.0
/// Reads the fields of one state-file record (`StateFileFormat`): bytes, varints, doubles and
/// text, each checked against the bytes left in the record and against its bound before anything
/// is allocated for it. remote-playerd reads entries and edits with it (`StateRecordReader+Entries`
/// there); `SavedStateSummary` counts them with it.
///
/// It reads from bytes it does not own: make it inside the scope that holds them.
public struct StateRecordReader {
    /// The record's payload.
    private let bytes: UnsafeRawBufferPointer
    /// Where the next field starts.
    private var offset = 0

    /// A field that cannot be read: cut short, out of bounds, or not a value the format has.
    public struct Malformed: Error, CustomStringConvertible {
        /// What was wrong, in plain words.
        public let description: String

        /// A field that cannot be read, for `description`.
        public init(description: String) {
            self.description = description
        }
    }

    /// A reader of `payload`.
    public init(_ payload: UnsafeRawBufferPointer) {
        bytes = payload
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset == bytes.count }

    /// The bytes not yet read.
    public var remaining: Int { bytes.count - offset }

    /// One byte.
    public mutating func byte() throws(Malformed) -> UInt8 {
        guard offset < bytes.count else { throw Malformed(description: "it ends in the middle of a field") }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A count of things, at most `limit`.
    public mutating func count(limit: Int, _ what: String) throws(Malformed) -> Int {
        let value = try varint()
        guard value <= UInt64(max(limit, 0)) else { throw Malformed(description: "\(value) \(what), more than \(limit)") }
        return Int(value)
    }

    /// Text: a byte count of at most `limit`, then that many bytes of UTF-8.
    public mutating func string(limit: Int, _ what: String) throws(Malformed) -> String {
        let count = try self.count(limit: limit, "bytes in \(what)")
        guard count <= remaining else { throw Malformed(description: "\(what) of \(count) bytes, past the end of its record") }
        let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
        guard let text else { throw Malformed(description: "\(what) that is not UTF-8") }
        offset += count
        return text
    }

    /// Text passed over unread: a byte count of at most `limit`, then that many bytes.
    public mutating func skipText(limit: Int, _ what: String) throws(Malformed) {
        let count = try self.count(limit: limit, "bytes in \(what)")
        guard count <= remaining else { throw Malformed(description: "\(what) of \(count) bytes, past the end of its record") }
        offset += count
    }

    /// A finite double.
    public mutating func double(_ what: String) throws(Malformed) -> Double {
        guard remaining >= 8 else { throw Malformed(description: "it ends in the middle of \(what)") }
        let value = Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        offset += 8
        guard value.isFinite else { throw Malformed(description: "\(what) is \(value), not a finite number") }
        return value
    }

    /// A zigzag varint.
    public mutating func zigzag() throws(Malformed) -> Int64 {
        let value = try varint()
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    /// An unsigned LEB128 varint of at most ten bytes.
    public mutating func varint() throws(Malformed) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 63 || (shift == 63 && next <= 1) else { throw Malformed(description: "a number too large for 64 bits") }
            value |= UInt64(next & 0x7F) << shift
            if next & 0x80 == 0 { return value }
            shift += 7
        }
    }
}
