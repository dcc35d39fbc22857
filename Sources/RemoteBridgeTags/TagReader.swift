// SPDX-License-Identifier: Apache-2.0

/// Reads what an audio file says of itself (tags, length, cover, chapters) by its format, found
/// from its first bytes, never from its name.
///
/// Every reader reads only the blocks it needs (the tags, the header that states the length,
/// the picture and the chapters if asked), each at most `ByteSourceLimits.largestRead`, and
/// never decodes audio. A file in no format read here gives nil.
public enum TagReader {
    /// The tags of the local file at `path`, if it is a regular file in a format read here; the
    /// picture and the chapters only if asked for.
    public static func read(path: String, picture: Bool = false, chapters: Bool = false) -> AudioTags? {
        guard let file = TagFile(regularFileAt: path) else { return nil }
        return read(file, picture: picture, chapters: chapters)
    }

    /// The tags in `file`; the picture and the chapters only if asked for. Not generic, so that
    /// a caller in another module runs the readers as compiled for a file, not through the
    /// protocol's witness tables (a third slower).
    public static func read(_ file: TagFile, picture: Bool = false, chapters: Bool = false) -> AudioTags? {
        read(source: file, picture: picture, chapters: chapters)
    }

    /// The tags in `source`; the picture and the chapters only if asked for.
    public static func read(_ source: some ByteSource, picture: Bool = false, chapters: Bool = false) -> AudioTags? {
        read(source: source, picture: picture, chapters: chapters)
    }

    /// The readers gather chapters as their files list them; they are put in order, and those
    /// past the length dropped, here, once the length is known (an MP3's comes after its tag).
    private static func read(source: some ByteSource, picture: Bool, chapters: Bool) -> AudioTags? {
        guard let head = source.read(at: 0, count: 16), head.count >= 4 else { return nil }
        var found: AudioTags?
        if head.starts(with: Array("ID3".utf8)) {
            found = afterID3v2(source, picture: picture, chapters: chapters)
        } else {
            found = read(source, head: head, picture: picture, chapters: chapters)
        }
        if chapters, var tags = found, !tags.chapters.isEmpty {
            tags.chapters = AudioChapter.finished(tags.chapters, length: tags.length)
            found = tags
        }
        return found
    }

    /// A file that begins with an ID3v2 tag: MP3 most often, but FLAC, AAC and others are
    /// sometimes written after one. The tag's fields (and chapters) come first; the stream's own
    /// fill the rest.
    private static func afterID3v2(_ source: some ByteSource, picture: Bool, chapters: Bool) -> AudioTags? {
        guard let tag = ID3v2Tag.read(source, at: 0, picture: picture, chapters: chapters) else { return nil }
        let rest = OffsetSource(source, from: tag.size)
        if let head = rest.read(at: 0, count: 16), head.count >= 4, !MPEGAudioTags.startsWithFrame(head),
            let inner = read(rest, head: head, picture: picture, chapters: chapters)
        {
            var merged = tag.tags
            merged.format = inner.format
            merged.fill(from: inner)
            return merged
        }
        return MPEGAudioTags.read(source, afterID3v2: tag, picture: picture)
    }

    private static func read(_ source: some ByteSource, head: [UInt8], picture: Bool, chapters: Bool) -> AudioTags? {
        func magic(_ text: String, at offset: Int = 0) -> Bool {
            head.dropFirst(offset).starts(with: Array(text.utf8))
        }
        if magic("fLaC") { return FLACTags.read(source, picture: picture, chapters: chapters) }
        if magic("OggS") { return OggTags.read(source, picture: picture, chapters: chapters) }
        if magic("ftyp", at: 4) { return MP4Tags.read(source, picture: picture, chapters: chapters) }
        if magic("RIFF") || magic("RF64"), magic("WAVE", at: 8) { return RIFFTags.read(source, picture: picture, chapters: chapters) }
        if magic("FORM"), magic("AIFF", at: 8) || magic("AIFC", at: 8) { return AIFFTags.read(source, picture: picture, chapters: chapters) }
        if magic("wvpk") { return APETaggedTags.read(source, format: .wavPack, picture: picture) }
        if magic("MAC ") { return APETaggedTags.read(source, format: .monkeysAudio, picture: picture) }
        if magic("MPCK") || magic("MP+") { return APETaggedTags.read(source, format: .musepack, picture: picture) }
        if head.starts(with: ASFTags.headerGUID) { return ASFTags.read(source, picture: picture) }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return MatroskaTags.read(source, picture: picture, chapters: chapters) }
        if MPEGAudioTags.startsWithFrame(head) { return MPEGAudioTags.read(source, afterID3v2: nil, picture: picture) }
        return nil
    }
}
