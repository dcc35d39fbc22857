// SPDX-License-Identifier: Apache-2.0

/// MPEG audio (MP3, and MP2 and MP1 alike): the ID3v2 tag at the start, then an APEv2 tag and
/// an ID3v1 tag at the end filling only the keys it lacks (as Mutagen merges ID3v1 under
/// ID3v2), and the length from the first frames.
package enum MPEGAudioTags {
    /// ID3v2 tags stacked one after another (Windows Media Player writes them) skipped before
    /// the audio, as Mutagen's `skip_id3` does, up to this many.
    static let mostStackedTags = 8

    /// Whether `head` begins with a valid MPEG audio frame header.
    package static func startsWithFrame(_ head: [UInt8]) -> Bool {
        MPEGFrameHeader(head) != nil
    }

    /// The tags of the MPEG audio file `source`, given the ID3v2 tag it starts with (nil when
    /// it starts with a frame). Nil if it has no tag and no frames could be found.
    package static func read(_ source: some ByteSource, afterID3v2 tag: (tags: AudioTags, size: Int)?, picture: Bool) -> AudioTags? {
        var tags = tag?.tags ?? AudioTags(format: .mp3)
        tags.format = .mp3
        var start = max(0, tag?.size ?? 0)
        for _ in 0..<mostStackedTags {
            guard let bytes = source.readExactly(at: start, count: ID3v2Header.size), let header = ID3v2Header(bytes), header.bodySize > 0 else {
                break
            }
            start += header.tagSize
        }
        let ape = APEv2Tag.read(source, picture: picture)
        let version1 = ID3v1Tag.read(source)
        var end = source.size - (version1 == nil ? 0 : ID3v1Tag.size)
        if let ape, ape.start >= start { end = min(end, ape.start) }
        tags.length = MPEGStream.length(source, from: start, to: end)
        if let ape { tags.fill(from: ape.tags) }
        if let version1 { tags.fill(from: version1) }
        guard tag != nil || ape != nil || version1 != nil || tags.length != nil else { return nil }
        return tags
    }
}
