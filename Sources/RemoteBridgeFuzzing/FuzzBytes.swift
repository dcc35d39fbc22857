// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// Reads a fuzzer's bytes as choices: a harness that needs more than one input (a split point,
/// values for a template) takes them from the front. Past the end every choice is zero, so any
/// input is a complete one.
struct FuzzBytes {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether every byte is taken.
    var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, or 0.
    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number below `bound` (at least 1), from two bytes.
    mutating func number(below bound: Int) -> Int {
        (Int(byte()) << 8 | Int(byte())) % max(bound, 1)
    }

    /// A 64-bit pattern, from eight bytes.
    mutating func bits() -> UInt64 {
        (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) }
    }

    /// Bytes up to the next `separator` (not included, and skipped), or up to the end.
    mutating func bytes(upTo separator: UInt8) -> UnsafeRawBufferPointer {
        let start = min(offset, bytes.count)
        let end = bytes[start...].firstIndex(of: separator) ?? bytes.count
        offset = end + 1
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// Text up to the next `separator` byte, decoded as UTF-8 (invalid bytes repaired, as every
    /// reader here repairs them).
    mutating func text(upTo separator: UInt8) -> String {
        String(decoding: bytes(upTo: separator), as: UTF8.self)
    }

    /// The bytes not taken yet; taking them all.
    mutating func rest() -> UnsafeRawBufferPointer {
        let start = min(offset, bytes.count)
        offset = bytes.count
        return UnsafeRawBufferPointer(rebasing: bytes[start...])
    }

    /// A D-Bus value of any type, nested at most `depth` deep, with a valid signature.
    mutating func value(depth: Int = 3) -> DBusValue {
        let kinds = depth > 0 ? 16 : 12
        switch Int(byte()) % kinds {
        case 0: return .byte(byte())
        case 1: return .bool(byte() & 1 == 1)
        case 2: return .int16(Int16(truncatingIfNeeded: bits()))
        case 3: return .uint16(UInt16(truncatingIfNeeded: bits()))
        case 4: return .int32(Int32(truncatingIfNeeded: bits()))
        case 5: return .uint32(UInt32(truncatingIfNeeded: bits()))
        case 6: return .int64(Int64(bitPattern: bits()))
        case 7: return .uint64(bits())
        case 8: return .double(Double(bitPattern: bits()))
        case 9: return .string(text(upTo: 0))
        case 10: return .objectPath("/" + text(upTo: 0).filter { $0.isASCII && ($0.isLetter || $0.isNumber) })
        case 11: return .strings((0..<Int(byte() % 4)).map { _ in text(upTo: 0) })
        case 12: return .variant(value(depth: depth - 1))
        case 13: return .structure((0...Int(byte() % 3)).map { _ in value(depth: depth - 1) })
        case 14:
            // An array's elements share one type: copies of one value, or of values of its type
            // the generator makes next (checked; a differing one is left out).
            let first = value(depth: depth - 1)
            let more = (0..<Int(byte() % 3)).map { _ in value(depth: depth - 1) }.filter { $0.signature == first.signature }
            return .array(elementSignature: first.signature, [first] + more)
        default:
            return .stringVariantDictionary((0..<Int(byte() % 4)).map { _ in (text(upTo: 0), value(depth: depth - 1)) })
        }
    }
}
