// SPDX-License-Identifier: Apache-2.0

/// Where an APEv2 (or APEv1) tag sits at the end of a file: its 32-byte footer ("APETAGEX",
/// version, tag size, item count, flags), found at the very end, before a 128-byte ID3v1 tag, or
/// before a Lyrics3v2 block and an ID3v1 tag, the three places Mutagen's `apev2` module looks.
struct APEv2Footer {
    static let magic = Array("APETAGEX".utf8)
    /// Flag bit 31 of an APEv2 footer: a 32-byte header comes before the items.
    static let hasHeader: UInt32 = 1 << 31

    /// 1000 (APEv1) or 2000 (APEv2).
    let version: UInt32
    /// The item count the footer states (not believed beyond what the items' bytes allow).
    let itemCount: Int
    let flags: UInt32
    /// The offset of the first item.
    let itemsStart: Int
    /// The offset of the footer (the byte after the last item).
    let itemsEnd: Int

    /// The offset of the tag's header if the footer says it has one (APEv2 only), where the
    /// reader looks for "APETAGEX" before believing it.
    var claimedHeader: Int? {
        version >= 2000 && flags & Self.hasHeader != 0 && itemsStart >= 32 ? itemsStart - 32 : nil
    }

    /// The footer of the tag at the end of `source`, if there is one whose stated size fits
    /// in the file.
    static func find(in source: some ByteSource) -> APEv2Footer? {
        let size = source.size
        let tailLength = min(size, 160)
        guard tailLength >= 32, let tail = source.readExactly(at: size - tailLength, count: tailLength) else { return nil }
        /// The tail's bytes from `fromEnd` bytes before the end of the file, or nil past its start.
        func tailBytes(fromEnd: Int, count: Int) -> ArraySlice<UInt8>? {
            fromEnd <= tail.count ? tail[(tail.count - fromEnd)...].prefix(count) : nil
        }
        if let footer = tailBytes(fromEnd: 32, count: 32), let found = parse(footer, at: size - 32) {
            return found
        }
        guard tailBytes(fromEnd: 128, count: 3)?.elementsEqual("TAG".utf8) == true else { return nil }
        if let footer = tailBytes(fromEnd: 160, count: 32), let found = parse(footer, at: size - 160) {
            return found
        }
        // Lyrics3v2 (id3.org/Lyrics3v2): its size as six ASCII digits, then "LYRICS200", right
        // before the ID3v1 tag; the APE footer comes before the lyrics.
        guard tailBytes(fromEnd: 137, count: 9)?.elementsEqual("LYRICS200".utf8) == true,
            let digits = tailBytes(fromEnd: 143, count: 6), digits.allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        let lyricsSize = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        let footerOffset = size - 143 - lyricsSize - 32
        guard footerOffset >= 0, let footer = source.readExactly(at: footerOffset, count: 32) else { return nil }
        return parse(footer[...], at: footerOffset)
    }

    /// The footer in `bytes` (32 of them), found at `offset`; nil if it is not one, or if its
    /// size runs past the start of the file.
    private static func parse(_ bytes: ArraySlice<UInt8>, at offset: Int) -> APEv2Footer? {
        var cursor = ByteCursor(bytes)
        guard cursor.bytes(8)?.elementsEqual(magic) == true, let version = cursor.u32LE(), let tagSize = cursor.u32LE(),
            let count = cursor.u32LE(), let flags = cursor.u32LE()
        else { return nil }
        // The size counts the items and the footer, not the header.
        let size = Int(tagSize)
        guard version == 1000 || version == 2000, size >= 32, size - 32 <= offset else { return nil }
        return APEv2Footer(version: version, itemCount: Int(count), flags: flags, itemsStart: offset + 32 - size, itemsEnd: offset)
    }
}
