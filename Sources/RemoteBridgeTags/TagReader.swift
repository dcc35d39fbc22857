// SPDX-License-Identifier: Apache-2.0

/// Reads what an audio file says of itself (tags, length, cover) by its format, found from its
/// first bytes, never from its name.
///
/// Every reader reads only the blocks it needs (the tags, the header that states the length,
/// the picture if asked), each at most `ByteSourceLimits.largestRead`, and never decodes audio.
/// A file in no format read here gives nil.
public enum TagReader {
    /// The tags of the local file at `path`, if it is a regular file in a format read here.
    public static func read(path: String, picture: Bool = false) -> AudioTags? {
        guard let file = TagFile(regularFileAt: path) else { return nil }
        return read(file, picture: picture)
    }

    /// The tags in `file`; the picture only if `picture` is asked for. Not generic, so that a
    /// caller in another module runs the readers as compiled for a file, not through the
    /// protocol's witness tables (a third slower).
    public static func read(_ file: TagFile, picture: Bool = false) -> AudioTags? {
        read(source: file, picture: picture)
    }

    /// The tags in `source`; the picture only if `picture` is asked for.
    public static func read(_ source: some ByteSource, picture: Bool = false) -> AudioTags? {
        read(source: source, picture: picture)
    }

    private static func read(source: some ByteSource, picture: Bool) -> AudioTags? {
        guard let head = source.read(at: 0, count: 16), head.count >= 4 else { return nil }
        if head.starts(with: Array("ID3".utf8)) {
            return afterID3v2(source, picture: picture)
        }
        return read(source, head: head, picture: picture)
    }

    /// A file that begins with an ID3v2 tag: MP3 most often, but FLAC, AAC and others are
    /// sometimes written after one. The tag's fields come first; the stream's own fill the rest.
    private static func afterID3v2(_ source: some ByteSource, picture: Bool) -> AudioTags? {
        guard let tag = ID3v2Tag.read(source, at: 0, picture: picture) else { return nil }
        let rest = OffsetSource(source, from: tag.size)
        if let head = rest.read(at: 0, count: 16), head.count >= 4, !MPEGAudioTags.startsWithFrame(head),
            let inner = read(rest, head: head, picture: picture)
        {
            var merged = tag.tags
            merged.format = inner.format
            merged.fill(from: inner)
            return merged
        }
        return MPEGAudioTags.read(source, afterID3v2: tag, picture: picture)
    }

    private static func read(_ source: some ByteSource, head: [UInt8], picture: Bool) -> AudioTags? {
        func magic(_ text: String, at offset: Int = 0) -> Bool {
            head.dropFirst(offset).starts(with: Array(text.utf8))
        }
        if magic("fLaC") { return FLACTags.read(source, picture: picture) }
        if magic("OggS") { return OggTags.read(source, picture: picture) }
        if magic("ftyp", at: 4) { return MP4Tags.read(source, picture: picture) }
        if magic("RIFF") || magic("RF64"), magic("WAVE", at: 8) { return RIFFTags.read(source, picture: picture) }
        if magic("FORM"), magic("AIFF", at: 8) || magic("AIFC", at: 8) { return AIFFTags.read(source, picture: picture) }
        if magic("wvpk") { return APETaggedTags.read(source, format: .wavPack, picture: picture) }
        if magic("MAC ") { return APETaggedTags.read(source, format: .monkeysAudio, picture: picture) }
        if magic("MPCK") || magic("MP+") { return APETaggedTags.read(source, format: .musepack, picture: picture) }
        if head.starts(with: ASFTags.headerGUID) { return ASFTags.read(source, picture: picture) }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return MatroskaTags.read(source, picture: picture) }
        if MPEGAudioTags.startsWithFrame(head) { return MPEGAudioTags.read(source, afterID3v2: nil, picture: picture) }
        return nil
    }
}
