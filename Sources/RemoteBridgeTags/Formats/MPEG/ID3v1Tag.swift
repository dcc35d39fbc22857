// SPDX-License-Identifier: Apache-2.0

/// ID3v1 and ID3v1.1: the 128 bytes at the end of a file that begin with "TAG". Title, artist
/// and album of 30 bytes, a year of 4, a comment of 30 (or 28, a NUL and a track number in
/// ID3v1.1), and a genre number. Latin-1, padded with NULs or spaces. An extended "TAG+" block
/// before it is not read.
package enum ID3v1Tag {
    static let size = 128

    /// The ID3v1 tag at the end of `source`, if it has one. As Mutagen does, a "TAG" that is
    /// the end of an APEv2 footer's "APETAGEX" is not one.
    package static func read(_ source: some ByteSource) -> AudioTags? {
        guard source.size >= size else { return nil }
        let before = min(3, source.size - size)
        guard let bytes = source.readExactly(at: source.size - size - before, count: size + before) else { return nil }
        let tag = bytes[before...]
        guard tag.starts(with: Array("TAG".utf8)), !bytes.starts(with: Array("APETAGEX".utf8)) else { return nil }
        var tags = AudioTags(format: .mp3)
        let start = tag.startIndex
        func text(_ offset: Int, _ length: Int) -> String {
            // Mutagen, like most readers, ends a field at its first NUL.
            TagText.latin1(tag[(start + offset)..<(start + offset + length)].prefix { $0 != 0 })
        }
        let isVersion11 = tag[start + 125] == 0 && tag[start + 126] != 0
        tags.add(.title, text(3, 30))
        tags.add(.artist, text(33, 30))
        tags.add(.album, text(63, 30))
        tags.add(.date, text(93, 4))
        tags.add(.comment, text(97, isVersion11 ? 28 : 30))
        if isVersion11 { tags.add(.track, String(tag[start + 126])) }
        let genre = tag[start + 127]
        if genre != 255 { tags.add(.genre, ID3Genres.name(Int(genre))) }
        return tags
    }
}
