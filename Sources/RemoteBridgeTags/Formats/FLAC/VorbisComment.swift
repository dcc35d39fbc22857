// SPDX-License-Identifier: Apache-2.0

/// A Vorbis comment block, as FLAC, Ogg Vorbis, Opus, Ogg FLAC and Speex carry it: a vendor
/// string, then `NAME=value` entries, lengths little-endian.
package enum VorbisComment {
    /// The most entries read from one block.
    static let mostEntries = 4096

    /// The tags in `bytes` added to `tags` (names as `TagKey(commonName:)` reads them), and, if
    /// `picture` is asked for, a `METADATA_BLOCK_PICTURE` (base64 of a FLAC picture block): the
    /// first front cover (type 3), else the first picture, unless `tags` has a front cover
    /// already. Only an entry whose first eight characters (its type) say front cover is decoded
    /// once another picture is held. The chapters (`VorbisChapters`) only if `chapters` is asked
    /// for. False if the block is cut short before its entries.
    @discardableResult
    package static func read(_ bytes: ArraySlice<UInt8>, into tags: inout AudioTags, picture: Bool, chapters: Bool = false) -> Bool {
        var cursor = ByteCursor(bytes)
        guard let vendorLength = cursor.u32LE(), cursor.skip(Int(vendorLength)), let count = cursor.u32LE() else { return false }
        var chapterComments = VorbisChapters()
        defer { if chapters { tags.chapters = chapterComments.finish() } }
        for _ in 0..<min(Int(count), mostEntries) {
            guard let length = cursor.u32LE(), let entry = cursor.bytes(Int(length)) else { break }
            guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = TagText.utf8(entry[..<equals])
            let value = entry[(equals + 1)...]
            if let key = TagKey(commonName: name) {
                tags.add(key, TagText.utf8(value))
            } else if chapters, VorbisChapters.mayBeChapter(entry[..<equals]) {
                chapterComments.take(name: entry[..<equals], value: value)
            } else if picture, tags.picture?.isFrontCover != true, name.lowercased() == "metadata_block_picture",
                tags.picture == nil || Base64.decode(value.prefix(8))?.starts(with: [0, 0, 0, 3]) == true,
                let block = Base64.decode(value), let found = FLACTags.picture(inBlock: block[...])
            {
                tags.picture = found
            }
        }
        return true
    }
}

/// Standard base64 (RFC 4648), as `METADATA_BLOCK_PICTURE` holds a picture.
package enum Base64 {
    /// The bytes `text` stands for; nil if it holds a character outside the alphabet (white
    /// space and padding are skipped).
    package static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in text {
            let value: UInt32
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(character - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(character - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(character - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
            default: return nil
            }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return output
    }
}
