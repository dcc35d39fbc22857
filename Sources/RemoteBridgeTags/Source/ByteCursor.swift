// SPDX-License-Identifier: Apache-2.0

/// Reads fields one after another from bytes in memory, never past their end: every read gives
/// nil once the bytes run out.
package struct ByteCursor {
    /// What is left to read.
    package private(set) var rest: ArraySlice<UInt8>

    package init(_ bytes: ArraySlice<UInt8>) { rest = bytes }
    package init(_ bytes: [UInt8]) { rest = bytes[...] }

    /// How many bytes are left.
    package var remaining: Int { rest.count }
    package var isAtEnd: Bool { rest.isEmpty }

    package mutating func u8() -> UInt8? { rest.popFirst() }
    package mutating func u16BE() -> UInt16? { unsigned(2, bigEndian: true).map { UInt16($0) } }
    package mutating func u16LE() -> UInt16? { unsigned(2, bigEndian: false).map { UInt16($0) } }
    package mutating func u24BE() -> UInt32? { unsigned(3, bigEndian: true).map { UInt32($0) } }
    package mutating func u32BE() -> UInt32? { unsigned(4, bigEndian: true).map { UInt32($0) } }
    package mutating func u32LE() -> UInt32? { unsigned(4, bigEndian: false).map { UInt32($0) } }
    package mutating func u64BE() -> UInt64? { unsigned(8, bigEndian: true) }
    package mutating func u64LE() -> UInt64? { unsigned(8, bigEndian: false) }

    /// The next `count` bytes, or nil (and nothing taken) if fewer are left.
    package mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, rest.count >= count else { return nil }
        defer { rest = rest.dropFirst(count) }
        return rest.prefix(count)
    }

    /// Skips `count` bytes; false (and nothing skipped) if fewer are left.
    package mutating func skip(_ count: Int) -> Bool { bytes(count) != nil }

    /// An unsigned integer of `count` bytes (at most 8).
    package mutating func unsigned(_ count: Int, bigEndian: Bool) -> UInt64? {
        guard count <= 8, let field = bytes(count) else { return nil }
        return field.unsignedInteger(bigEndian: bigEndian)
    }
}

extension Collection<UInt8> {
    /// The bytes as an unsigned integer (at most 8 of them).
    package func unsignedInteger(bigEndian: Bool) -> UInt64 {
        let ordered = bigEndian ? Array(self) : reversed()
        return ordered.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A 28-bit "synchsafe" integer: 7 bits from each of four bytes (ID3v2, APE).
    package var synchsafe: Int { reduce(0) { $0 << 7 | Int($1 & 0x7F) } }
}

extension ArraySlice<UInt8> {
    /// The byte at `index` counted from the start of the slice, or nil past its end.
    package subscript(relative index: Int) -> UInt8? {
        index >= 0 && index < count ? self[startIndex + index] : nil
    }
}
