// SPDX-License-Identifier: Apache-2.0

/// ID3v2 (versions 2.2, 2.3 and 2.4): the tag MP3 files begin with, and that some FLAC, AAC
/// and other files are written after.
///
/// Fields are read as Mutagen reads them (text encodings, lists, TCON genres, TYER and TDAT)
/// and mapped to `TagKey` as the oracle maps Mutagen's frames. Only frame headers and the
/// bodies of frames read are read; a picture's only when asked for.
package enum ID3v2Tag {
    /// The bytes of a tag's frames read at once; the frames further on are read one by one.
    static let prefixSize = 16 << 10

    /// The tag at `offset`, and its whole size (header, body and any footer), so that what it
    /// precedes starts at `offset + size`. Nil if no ID3v2 header is there. A tag of a later
    /// version than 2.4, or ID3v2.2's compressed kind, gives no fields but its size. Its chapters
    /// (`CHAP` frames) only if `chapters` is asked for.
    package static func read(_ source: some ByteSource, at offset: Int, picture: Bool, chapters: Bool = false) -> (tags: AudioTags, size: Int)? {
        guard offset >= 0, let bytes = source.readExactly(at: offset, count: ID3v2Header.size), let header = ID3v2Header(bytes) else {
            return nil
        }
        let empty = AudioTags(format: .mp3)
        guard header.isReadable, !header.isCompressedVersion2 else { return (empty, header.tagSize) }
        let bodyStart = offset + ID3v2Header.size
        let framesStart = bodyStart + (header.hasExtendedHeader ? extendedHeaderSize(source, at: bodyStart, major: header.major) : 0)
        let framesSize = bodyStart + header.bodySize - framesStart
        guard framesSize > 0 else { return (empty, header.tagSize) }
        let tags: AudioTags
        if header.major < 4, header.isUnsynchronised {
            // The frame sizes count the bytes before unsynchronisation: the frames are found
            // only once the whole tag is decoded.
            guard let stored = source.read(at: framesStart, count: min(framesSize, ByteSourceLimits.largestRead)) else {
                return (empty, header.tagSize)
            }
            let frames = ID3Unsynchronisation.decode(stored[...]) ?? stored
            tags = ID3v2Frames.read(frames, major: header.major, tagUnsynchronised: false, picture: picture, chapters: chapters)
        } else {
            let frames = PrefixedRegion(source, from: framesStart, count: framesSize, prefixSize: prefixSize)
            tags = ID3v2Frames.read(frames, major: header.major, tagUnsynchronised: header.isUnsynchronised, picture: picture, chapters: chapters)
        }
        return (tags, header.tagSize)
    }

    /// The size of the extended header at `offset`: in ID3v2.3 a plain size that leaves out its
    /// own four bytes (section 3.2), in ID3v2.4 a synchsafe one that counts them (structure
    /// section 3.2). As Mutagen does, a frame ID where the size should be means the flag was
    /// set with no extended header written (quodlibet issue 126).
    static func extendedHeaderSize(_ source: some ByteSource, at offset: Int, major: UInt8) -> Int {
        guard let field = source.readExactly(at: offset, count: 4), !ID3v2FrameKind.isFrameID(field[...]) else { return 0 }
        return major == 4 ? max(4, field.synchsafe) : 4 + Int(field.unsignedInteger(bigEndian: true))
    }
}
