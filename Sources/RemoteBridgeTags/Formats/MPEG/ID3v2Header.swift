// SPDX-License-Identifier: Apache-2.0

/// The ten bytes that open an ID3v2 tag: "ID3", the major version and revision, the flags, and
/// the size of what follows as a synchsafe integer (ID3v2.4 structure, section 3.1; ID3v2.3 and
/// ID3v2.2 section 3.1 alike).
struct ID3v2Header {
    static let size = 10

    /// 2, 3 or 4 for the versions read; another for a tag that is only skipped.
    let major: UInt8
    let flags: UInt8
    /// The size after the header (the extended header, the frames and the padding), without
    /// the header and the footer.
    let bodySize: Int

    /// The header in `bytes`; nil unless they begin with "ID3", a version and revision that are
    /// not 0xFF, and a size whose bytes all have their high bit clear (as the spec requires and
    /// Mutagen checks).
    init?(_ bytes: some Collection<UInt8>) {
        let bytes = Array(bytes.prefix(Self.size))
        guard bytes.count == Self.size, bytes.starts(with: Array("ID3".utf8)), bytes[3] != 0xFF, bytes[4] != 0xFF,
            bytes[6...].allSatisfy({ $0 < 0x80 })
        else { return nil }
        major = bytes[3]
        flags = bytes[5]
        bodySize = bytes[6...].synchsafe
    }

    /// Whether the frames are read: ID3v2.2 to ID3v2.4. A later version is skipped whole, as
    /// ID3v2.4 section 3.1 asks ("it should simply reject the tag").
    var isReadable: Bool { (2...4).contains(major) }

    /// The whole tag's size: header, body, and the footer ID3v2.4 may add (section 3.4).
    var tagSize: Int { Self.size + bodySize + (hasFooter ? Self.size : 0) }

    /// The tag-wide unsynchronisation flag. In ID3v2.2 and ID3v2.3 it means the whole tag was
    /// unsynchronised after the frames were written; in ID3v2.4, that every frame was.
    var isUnsynchronised: Bool { flags & 0x80 != 0 }

    /// ID3v2.3 and ID3v2.4 put an extended header before the frames when bit 6 is set.
    var hasExtendedHeader: Bool { major >= 3 && flags & 0x40 != 0 }

    /// In ID3v2.2, bit 6 marks a compressed tag, which section 3.1 says to ignore whole: no
    /// compression scheme was ever defined.
    var isCompressedVersion2: Bool { major == 2 && flags & 0x40 != 0 }

    var hasFooter: Bool { major == 4 && flags & 0x10 != 0 }
}

/// ID3v2's unsynchronisation (ID3v2.4 structure, section 6.1): a writer puts 0x00 after every
/// 0xFF that a 0x00 or a byte of 0xE0 or more follows, so that no MPEG sync appears in the tag.
enum ID3Unsynchronisation {
    /// `bytes` with that undone (each 0xFF 0x00 becomes 0xFF); nil if they break the scheme (a
    /// 0xFF last, or before 0xE0 or more), where Mutagen, like this reader, keeps the bytes as
    /// they are (mutagen issues 210 and 223: writers set the flag on data never unsynchronised).
    static func decode(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            output.append(byte)
            index += 1
            guard byte == 0xFF else { continue }
            guard index < bytes.endIndex, bytes[index] < 0xE0 else { return nil }
            if bytes[index] == 0x00 { index += 1 }
        }
        return output
    }

    /// `bytes` decoded if they can be, else as they are.
    static func decodedOrKept(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        decode(bytes).map { $0[...] } ?? bytes
    }
}
