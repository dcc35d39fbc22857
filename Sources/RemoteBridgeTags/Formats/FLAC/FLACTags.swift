// SPDX-License-Identifier: Apache-2.0

/// FLAC: its metadata blocks. STREAMINFO gives the length, VORBIS_COMMENT the tags (and the
/// chapters, when asked), PICTURE the cover. Only the blocks needed are read; the audio after
/// them never is.
package enum FLACTags {
    /// A FLAC file has a handful of metadata blocks; this many bounds a hostile one.
    static let mostBlocks = 128

    /// The tags of the FLAC stream that starts at `offset` ("fLaC").
    package static func read(_ source: some ByteSource, at start: Int = 0, picture: Bool, chapters: Bool = false) -> AudioTags? {
        guard source.readExactly(at: start, count: 4) == Array("fLaC".utf8) else { return nil }
        var tags = AudioTags(format: .flac)
        var offset = start + 4
        var sawComments = false
        for _ in 0..<mostBlocks {
            guard let header = source.readExactly(at: offset, count: 4) else { break }
            let length = Int(ByteCursor(header).rest.dropFirst().unsignedInteger(bigEndian: true))
            let type = header[0] & 0x7F
            let body = offset + 4
            switch type {
            case 0:
                if let block = source.readExactly(at: body, count: length) { tags.length = streamLength(block[...]) }
            case 4 where !sawComments:
                // Only the first VORBIS_COMMENT block (Mutagen refuses a file with two): 128
                // blocks of 4096 comments each would make the duplicate checks quadratic.
                sawComments = true
                if let block = source.readExactly(at: body, count: length) { VorbisComment.read(block[...], into: &tags, picture: picture, chapters: chapters) }
            case 6 where picture:
                if tags.picture == nil || tags.picture?.isFrontCover == false, let block = source.readExactly(at: body, count: length) {
                    tags.picture = Self.picture(inBlock: block[...]) ?? tags.picture
                }
            default:
                break
            }
            if header[0] & 0x80 != 0 { break }  // the last block
            offset = body + length
        }
        return tags
    }

    /// The length STREAMINFO states: its total samples at its sample rate (nil if it says 0:
    /// unknown).
    static func streamLength(_ block: ArraySlice<UInt8>) -> Duration? {
        guard block.count >= 18 else { return nil }
        // 20 bits of sample rate, 3 of channels, 5 of bits per sample, 36 of total samples.
        let fields = block.dropFirst(10).prefix(8).unsignedInteger(bigEndian: true)
        let rate = Int(fields >> 44)
        let samples = Int(fields & 0xF_FFFF_FFFF)
        return samples > 0 ? Duration.samples(samples, rate: rate) : nil
    }

    /// The picture in a FLAC PICTURE block (also what Ogg's `METADATA_BLOCK_PICTURE` holds):
    /// type, MIME type, description, dimensions, then the data.
    package static func picture(inBlock block: ArraySlice<UInt8>) -> EmbeddedPicture? {
        var cursor = ByteCursor(block)
        guard let type = cursor.u32BE(), let mimeLength = cursor.u32BE(), let mime = cursor.bytes(Int(mimeLength)),
            let descriptionLength = cursor.u32BE(), cursor.skip(Int(descriptionLength)), cursor.skip(16),
            let dataLength = cursor.u32BE(), let data = cursor.bytes(Int(dataLength)), !data.isEmpty
        else { return nil }
        var found = EmbeddedPicture(bytes: Array(data), mimeType: TagText.latin1(mime))
        found.isFrontCover = type == 3
        return found
    }
}
