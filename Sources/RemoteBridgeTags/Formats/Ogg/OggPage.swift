// SPDX-License-Identifier: Apache-2.0

/// The header of an Ogg page (RFC 3533 section 6): 27 fixed bytes, then the segment table whose
/// lacing values give the sizes of the body's packet pieces.
struct OggPage {
    /// The fixed part: "OggS", version, flags, granule position, serial, sequence, CRC, segments.
    static let fixedSize = 27

    let flags: UInt8
    /// The granule position; -1 when no packet finishes on the page.
    let granule: Int64
    let serial: UInt32
    /// The segment table: a packet ends at the first lacing value under 255.
    let lacing: [UInt8]

    /// The header's size: the fixed part and the segment table.
    var headerSize: Int { Self.fixedSize + lacing.count }
    /// The body's size: at most 255 × 255 bytes.
    var bodySize: Int { lacing.reduce(0) { $0 + Int($1) } }
    /// Whether the body begins with the rest of a packet from the page before.
    var continuesPacket: Bool { flags & 0x01 != 0 }
    /// Whether the page begins a logical stream (its first packet identifies the codec).
    var beginsStream: Bool { flags & 0x02 != 0 }

    /// The page header in `bytes` (which may go on past it), if they begin with one: "OggS",
    /// version 0, and the whole segment table.
    init?(_ bytes: ArraySlice<UInt8>) {
        var cursor = ByteCursor(bytes)
        guard cursor.bytes(4).map(Array.init) == Array("OggS".utf8), cursor.u8() == 0, let flags = cursor.u8(),
            let granule = cursor.u64LE(), let serial = cursor.u32LE(), cursor.skip(8), let segments = cursor.u8(),
            let lacing = cursor.bytes(Int(segments))
        else { return nil }
        self.flags = flags
        self.granule = Int64(bitPattern: granule)
        self.serial = serial
        self.lacing = Array(lacing)
    }

    /// The page header at `offset` of `source`, read in two steps: the fixed part, then the
    /// segment table it announces.
    static func read(_ source: some ByteSource, at offset: Int) -> OggPage? {
        guard let fixed = source.readExactly(at: offset, count: fixedSize), fixed.starts(with: Array("OggS".utf8)) else { return nil }
        let segments = Int(fixed[fixedSize - 1])
        guard let table = source.readExactly(at: offset + fixedSize, count: segments) else { return nil }
        return OggPage((fixed + table)[...])
    }

    /// Whether the page at the start of `bytes` (header and body, which must be there whole)
    /// has the CRC its header states: CRC-32 with polynomial 0x04C11DB7, not reflected, over the
    /// page with the CRC field read as zeros (RFC 3533 section 6). A match found by searching for
    /// "OggS" inside audio data fails this.
    func hasValidChecksum(in bytes: ArraySlice<UInt8>) -> Bool {
        let size = headerSize + bodySize
        guard bytes.count >= size else { return false }
        let page = bytes.prefix(size)
        let stated = page.dropFirst(22).prefix(4).unsignedInteger(bigEndian: false)
        // The checksum field counts as zeros.
        var crc: UInt32 = 0
        let table = Self.crcTable
        let parts: [ArraySlice<UInt8>] = [page.prefix(22), [0, 0, 0, 0], page.dropFirst(26)]
        for part in parts {
            for byte in part {
                crc = crc << 8 ^ table[Int(UInt8(truncatingIfNeeded: crc >> 24) ^ byte)]
            }
        }
        return UInt64(crc) == stated
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index) << 24
        for _ in 0..<8 { value = value & 0x8000_0000 != 0 ? value << 1 ^ 0x04C1_1DB7 : value << 1 }
        return value
    }
}
