// SPDX-License-Identifier: Apache-2.0

/// EBML (RFC 8794), the binary layout Matroska and WebM are written in: elements of a
/// variable-size id, a variable-size data size, then the data.
enum EBML {
    /// An element's header.
    struct Header: Equatable {
        /// The id with its length marker kept (0x1A45DFA3, 0x4282…), as specifications write it.
        let id: UInt32
        /// The bytes the id and the size take.
        let length: Int
        /// The data's size; nil when it is "unknown" (all value bits set), which only a master
        /// element written as a stream (a Segment, a Cluster) may say.
        let size: Int?
    }

    /// The most bytes a header takes: a 4-byte id and an 8-byte size.
    static let longestHeader = 12

    /// The header at the start of `bytes`; nil if it is not a valid one (an id longer than 4
    /// bytes, a size longer than 8, a first byte of 0) or is cut short.
    static func header(_ bytes: ArraySlice<UInt8>) -> Header? {
        guard let first = bytes.first, first != 0 else { return nil }
        let idLength = first.leadingZeroBitCount + 1
        guard idLength <= 4, bytes.count > idLength else { return nil }
        let id = UInt32(bytes.prefix(idLength).unsignedInteger(bigEndian: true))
        let sizeFirst = bytes[bytes.startIndex + idLength]
        guard sizeFirst != 0 else { return nil }
        let sizeLength = sizeFirst.leadingZeroBitCount + 1
        guard bytes.count >= idLength + sizeLength else { return nil }
        // The length marker is taken off the first byte; at most 56 bits are left, so the value
        // always fits an Int.
        var value = UInt64(sizeFirst & (0xFF >> sizeLength))
        for byte in bytes.dropFirst(idLength + 1).prefix(sizeLength - 1) {
            value = value << 8 | UInt64(byte)
        }
        let unknown = value == (UInt64(1) << (7 * sizeLength)) - 1
        return Header(id: id, length: idLength + sizeLength, size: unknown ? nil : Int(value))
    }

    /// The header of the element at `offset` in `source`.
    static func header(in source: some ByteSource, at offset: Int) -> Header? {
        guard offset >= 0, let bytes = source.read(at: offset, count: longestHeader) else { return nil }
        return header(bytes[...])
    }

    /// The child elements in a master element's data held in memory, in order: each its id and
    /// its data. A child whose size is unknown or runs past the end takes the rest (what was
    /// read before the damage); a broken header ends the list.
    static func children(_ data: ArraySlice<UInt8>, limit: Int = 65536) -> [(id: UInt32, data: ArraySlice<UInt8>)] {
        var found: [(id: UInt32, data: ArraySlice<UInt8>)] = []
        var rest = data
        while found.count < limit, let header = header(rest) {
            rest = rest.dropFirst(header.length)
            let size = min(header.size ?? rest.count, rest.count)
            found.append((header.id, rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        return found
    }

    /// An unsigned integer element's value (up to 8 bytes, big-endian; none is 0).
    static func unsigned(_ data: ArraySlice<UInt8>) -> UInt64? {
        data.count <= 8 ? data.unsignedInteger(bigEndian: true) : nil
    }

    /// A float element's value (4 or 8 bytes, big-endian IEEE 754; none is 0).
    static func float(_ data: ArraySlice<UInt8>) -> Double? {
        switch data.count {
        case 0: return 0
        case 4: return Double(Float(bitPattern: UInt32(data.unsignedInteger(bigEndian: true))))
        case 8: return Double(bitPattern: data.unsignedInteger(bigEndian: true))
        default: return nil
        }
    }

    /// A string or UTF-8 element's value; the NULs that may pad it are cut off.
    static func string(_ data: ArraySlice<UInt8>) -> String {
        TagText.utf8(data.prefix { $0 != 0 })
    }
}
