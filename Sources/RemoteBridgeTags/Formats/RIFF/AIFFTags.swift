// SPDX-License-Identifier: Apache-2.0

/// AIFF and AIFF-C: a "FORM" file of big-endian chunks. "COMM" gives the length; "NAME",
/// "AUTH", "ANNO" and "COMT" text, and an "ID3 " chunk (an ID3v2 tag, as ffmpeg's aiff muxer
/// writes with `-write_id3v2 1` and Mutagen reads), the tags, the ID3v2 tag's first, and the
/// ID3v2 tag's chapters when asked. The "SSND" chunk's audio is never read.
package enum AIFFTags {
    /// Text chunks longer than this are not tags anyone wrote by hand: they are skipped.
    static let longestText = 1 << 16

    /// The tags of the AIFF or AIFF-C file in `source`; nil if it is not one.
    package static func read(_ source: some ByteSource, picture: Bool, chapters: Bool = false) -> AudioTags? {
        guard let head = source.readExactly(at: 0, count: 12), head.starts(with: Array("FORM".utf8)) else { return nil }
        let isAIFC = head.dropFirst(8).elementsEqual("AIFC".utf8)
        guard isAIFC || head.dropFirst(8).elementsEqual("AIFF".utf8) else { return nil }
        var chunks = AudioTags(format: .aiff)
        var id3Offset: Int?
        // The FORM size is not believed: the walk goes on to the end of the file.
        var walk = IFFChunkWalk(source, from: 12, bigEndian: true)
        while let chunk = walk.next() {
            switch chunk.id {
            case "COMM":
                if chunks.length == nil, let body = walk.prefix(of: chunk, count: 22) { chunks.length = AIFFCommon(body, isAIFC: isAIFC)?.length }
            case "NAME", "AUTH", "ANNO":
                // "(c) " (copyright) is no tag shown.
                guard let body = walk.body(of: chunk, limit: longestText) else { break }
                chunks.add(chunk.id == "NAME" ? .title : chunk.id == "AUTH" ? .artist : .comment, IFFText.decode(body))
            case "COMT":
                if let body = walk.body(of: chunk, limit: longestText), let text = firstComment(body) {
                    chunks.add(.comment, IFFText.decode(text))
                }
            case "ID3 ", "id3 ":
                if id3Offset == nil { id3Offset = chunk.body }
            default:
                break
            }
        }
        guard let id3Offset, let id3 = ID3v2Tag.read(OffsetSource(source, from: id3Offset), at: 0, picture: picture, chapters: chapters) else { return chunks }
        var tags = id3.tags
        tags.format = .aiff
        tags.length = chunks.length ?? tags.length
        tags.fill(from: chunks)
        return tags
    }

    /// The text of a "COMT" chunk's first comment: the chunk holds a count, then comments each
    /// a time stamp, a marker id, a text length and the text (AIFF 1.3 "Comments Chunk").
    static func firstComment(_ body: [UInt8]) -> ArraySlice<UInt8>? {
        var cursor = ByteCursor(body)
        guard let count = cursor.u16BE(), count > 0, cursor.skip(4 + 2), let length = cursor.u16BE() else { return nil }
        return cursor.bytes(Int(length))
    }
}
