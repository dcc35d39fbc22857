// SPDX-License-Identifier: Apache-2.0

/// Text as tag formats store it.
package enum TagText {
    /// ISO-8859-1: each byte is its code point. ASCII is UTF-8 as it is; a byte from 0x80 up
    /// becomes its two UTF-8 bytes.
    package static func latin1(_ bytes: some Collection<UInt8>) -> String {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return String(decoding: bytes, as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            if byte < 0x80 {
                utf8.append(byte)
            } else {
                utf8.append(0xC0 | byte >> 6)
                utf8.append(0x80 | byte & 0x3F)
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// UTF-8; a bad sequence becomes U+FFFD.
    package static func utf8(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// UTF-16. A byte-order mark at the start decides the order and is dropped; without one,
    /// `bigEndian` does. An odd last byte is dropped; a lone surrogate becomes U+FFFD. Transcoded
    /// to UTF-8 here, which String takes without a second pass (its own UTF-16 path was a tenth
    /// of reading a WMA file's tags).
    package static func utf16(_ bytes: some Collection<UInt8>, bigEndian defaultOrder: Bool) -> String {
        var bytes = Array(bytes)[...]
        var bigEndian = defaultOrder
        if bytes.count >= 2 {
            let mark = (bytes[bytes.startIndex], bytes[bytes.startIndex + 1])
            if mark == (0xFE, 0xFF) || mark == (0xFF, 0xFE) {
                bigEndian = mark.0 == 0xFE
                bytes = bytes.dropFirst(2)
            }
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count + bytes.count / 2)
        var index = bytes.startIndex
        func unit(at index: Int) -> UInt32 {
            let (first, second) = (UInt32(bytes[index]), UInt32(bytes[index + 1]))
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        while index + 1 < bytes.endIndex {
            var scalar = unit(at: index)
            index += 2
            if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.endIndex, (0xDC00..<0xE000).contains(unit(at: index)) {
                scalar = 0x10000 + (scalar - 0xD800) << 10 + (unit(at: index) - 0xDC00)
                index += 2
            } else if (0xD800..<0xE000).contains(scalar) {
                scalar = 0xFFFD
            }
            switch scalar {
            case ..<0x80:
                utf8.append(UInt8(scalar))
            case ..<0x800:
                utf8 += [UInt8(0xC0 | scalar >> 6), UInt8(0x80 | scalar & 0x3F)]
            case ..<0x10000:
                utf8 += [UInt8(0xE0 | scalar >> 12), UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F)]
            default:
                utf8 += [UInt8(0xF0 | scalar >> 18), UInt8(0x80 | scalar >> 12 & 0x3F), UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F)]
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}

extension String {
    /// The text without NULs and white space at either end (tag formats pad with both). The
    /// ends are trimmed by their bytes (NUL and ASCII white space); only an end that is not ASCII
    /// then is looked at as Unicode (a no-break space), which costs a property lookup a scalar.
    package var trimmingNULsAndSpaces: String {
        let bytes = utf8
        func isPadding(_ byte: UInt8) -> Bool { byte == 0 || byte == 0x20 || (0x09...0x0D).contains(byte) }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isPadding(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isPadding(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        guard start < end else { return "" }
        let trimmed = start == bytes.startIndex && end == bytes.endIndex ? self : String(self[start..<end])
        guard bytes[start] >= 0x80 || bytes[bytes.index(before: end)] >= 0x80 else { return trimmed }
        let scalars = trimmed.unicodeScalars
        func kept(_ scalar: Unicode.Scalar) -> Bool { scalar != "\0" && !scalar.properties.isWhitespace }
        guard let first = scalars.firstIndex(where: kept), let last = scalars.lastIndex(where: kept) else { return "" }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return trimmed }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[first...last])
        return result
    }
}
