// SPDX-License-Identifier: Apache-2.0

/// The formats that carry an APEv2 tag at their end: WavPack, Monkey's Audio and Musepack, as
/// Mutagen's `WavPack`, `MonkeysAudio` and `Musepack` (all `APEv2File`s) read them. The tag
/// gives the fields and the cover; an ID3v1 tag at the end fills the keys the APE tag lacks;
/// the stream's own header gives the length.
package enum APETaggedTags {
    /// The tags of `source` as `format` (`.wavPack`, `.monkeysAudio` or `.musepack`); nil for
    /// another format.
    package static func read(_ source: some ByteSource, format: AudioFormat, picture: Bool) -> AudioTags? {
        guard format == .wavPack || format == .monkeysAudio || format == .musepack else { return nil }
        let tag = APEv2Tag.read(source, picture: picture)
        var tags = tag?.tags ?? AudioTags(format: format)
        tags.format = format
        if let id3v1 = ID3v1Tag.read(source) {
            tags.fill(from: id3v1)
        }
        switch format {
        case .wavPack:
            tags.length = WavPackLength.read(source, audioEnd: tag?.start ?? endBeforeID3v1(source))
        case .monkeysAudio:
            tags.length = MonkeysAudioLength.read(source)
        default:
            tags.length = MusepackLength.read(source)
        }
        return tags
    }

    /// Where the audio ends when no APE tag was found: before an ID3v1 tag if there is one.
    static func endBeforeID3v1(_ source: some ByteSource) -> Int {
        let size = source.size
        guard size >= 128, source.readExactly(at: size - 128, count: 3) == Array("TAG".utf8) else { return size }
        return size - 128
    }
}
