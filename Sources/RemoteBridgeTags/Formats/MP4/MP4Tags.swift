// SPDX-License-Identifier: Apache-2.0

/// MP4 audio (M4A with AAC or ALAC, M4B, and ffmpeg's `mp4` and `ipod` muxers): the tags of the
/// iTunes item list `moov/udta/meta/ilst`, the length of the first audio track, and when asked
/// the chapters (`MP4Chapters`).
///
/// Only box headers are read on the way (ISO/IEC 14496-12 §4.2), so a `moov` written after the
/// media data (ffmpeg's default without `-movflags +faststart`) is found by stepping over
/// `mdat` by its size, and the sample tables are never read.
package enum MP4Tags {
    static let movie = MP4Box.type("moov")
    static let movieHeader = MP4Box.type("mvhd")
    static let track = MP4Box.type("trak")
    static let media = MP4Box.type("mdia")
    static let mediaHeader = MP4Box.type("mdhd")
    static let handler = MP4Box.type("hdlr")
    static let sound = MP4Box.type("soun")
    static let userData = MP4Box.type("udta")
    static let meta = MP4Box.type("meta")
    static let itemList = MP4Box.type("ilst")

    /// The tags of the MP4 file in `source`; nil if it has no `moov` box.
    package static func read(_ source: some ByteSource, picture: Bool, chapters: Bool = false) -> AudioTags? {
        var walker = MP4BoxWalker(source)
        guard let moov = walker.first(movie, from: 0, to: source.size, topLevel: true) else { return nil }
        var tags = AudioTags(format: .mp4)
        let children = walker.children(of: moov)
        tags.length = soundTrackLength(children, walker: &walker)
            ?? children.first { $0.type == movieHeader }.flatMap { headerLength($0, walker: walker) }
        if let udta = children.first(where: { $0.type == userData }), let metaBox = walker.first(meta, in: udta) {
            let skipping = metaHeaderSize(metaBox, walker: walker)
            if let ilst = walker.first(itemList, in: metaBox, skipping: skipping) {
                MP4ItemList.read(ilst, walker: &walker, into: &tags, picture: picture)
            }
        }
        if chapters { tags.chapters = MP4Chapters.read(children, source: source) }
        return tags
    }

    /// The length the media header (`mdhd`) of the first audio track states, the track whose
    /// handler (`mdia/hdlr`) is `soun`, as Mutagen's `MP4Info` takes it.
    static func soundTrackLength<Source>(_ movieChildren: [MP4Box], walker: inout MP4BoxWalker<Source>) -> Duration? {
        for trak in movieChildren where trak.type == track {
            guard let mdia = walker.first(media, in: trak) else { continue }
            let parts = walker.children(of: mdia)
            // hdlr is a full box: version and flags, pre_defined, then the handler type.
            guard let hdlr = parts.first(where: { $0.type == handler }), let body = walker.payload(of: hdlr, limit: 12),
                body.count == 12, body[8..<12].unsignedInteger(bigEndian: true) == UInt64(sound)
            else { continue }
            return parts.first { $0.type == mediaHeader }.flatMap { headerLength($0, walker: walker) }
        }
        return nil
    }

    /// The duration over the time scale that a media header (`mdhd`) or movie header (`mvhd`)
    /// states: both begin alike (ISO/IEC 14496-12 §8.2.2, §8.4.2), with 32-bit times in version
    /// 0 and 64-bit ones in version 1. A duration of 0, or of all ones ("unknown"), gives nil.
    static func headerLength<Source>(_ box: MP4Box, walker: MP4BoxWalker<Source>) -> Duration? {
        guard let body = walker.payload(of: box, limit: 32) else { return nil }
        var cursor = ByteCursor(body)
        guard let version = cursor.u8(), cursor.skip(3) else { return nil }
        let scale: UInt32?
        let duration: UInt64?
        let unknown: UInt64
        switch version {
        case 0:
            guard cursor.skip(8) else { return nil }
            scale = cursor.u32BE()
            duration = cursor.u32BE().map(UInt64.init)
            unknown = UInt64(UInt32.max)
        case 1:
            guard cursor.skip(16) else { return nil }
            scale = cursor.u32BE()
            duration = cursor.u64BE()
            unknown = .max
        default:
            return nil
        }
        guard let scale, let duration, duration > 0, duration != unknown else { return nil }
        return Duration.samples(duration, rate: scale)
    }

    /// The bytes before the children of a `meta` box. ISO/IEC 14496-12 §8.11.1 makes it a full
    /// box (4 bytes of version and flags), as iTunes and ffmpeg write it; QuickTime's `meta` has
    /// no such bytes, and its first child (`hdlr`) starts at once. Mutagen 1.46 always skips
    /// 4 bytes; like TagLib, this looks at the first bytes to tell the two apart.
    static func metaHeaderSize<Source>(_ box: MP4Box, walker: MP4BoxWalker<Source>) -> Int {
        guard let head = walker.payload(of: box, limit: 8), head.count == 8 else { return 4 }
        let first = head[0..<4].unsignedInteger(bigEndian: true)
        let type = UInt32(head[4..<8].unsignedInteger(bigEndian: true))
        let childTypes = [handler, itemList, MP4Box.type("keys"), MP4Box.type("free")]
        return first >= 8 && childTypes.contains(type) ? 0 : 4
    }
}
