// SPDX-License-Identifier: Apache-2.0

/// The frames of an ID3v2 tag, walked one header at a time: only the frames read here have
/// their bodies read, and a picture's only when it is asked for.
enum ID3v2Frames {
    /// A tag has tens of frames; this many bounds a hostile one.
    static let mostFrames = 4096

    /// The tags in `frames` (the bytes after the header and any extended header, with a whole
    /// ID3v2.2 or ID3v2.3 tag's unsynchronisation already undone). `tagUnsynchronised` is
    /// ID3v2.4's tag-wide flag, which means every frame was unsynchronised. The chapter frames
    /// (`CHAP`, `CTOC`) are read only if `chapters` is asked for.
    static func read(_ frames: some ByteSource, major: UInt8, tagUnsynchronised: Bool, picture: Bool, chapters: Bool = false) -> AudioTags {
        let headerLength = major == 2 ? 6 : 10
        let plainSizes = major == 3 || (major == 4 && usesPlainSizes(frames))
        var collector = ID3v2Collector()
        var chapterFrames = ID3v2Chapters(major: major, plainSizes: plainSizes)
        var position = 0
        for _ in 0..<mostFrames {
            guard position <= frames.size - headerLength, let header = frames.readExactly(at: position, count: headerLength) else { break }
            var cursor = ByteCursor(header)
            guard let id = cursor.bytes(headerLength == 6 ? 3 : 4), !id.allSatisfy({ $0 == 0 }) else { break }  // padding
            let size: Int
            if major == 2 {
                size = Int(cursor.u24BE() ?? 0)
            } else {
                let field = cursor.bytes(4) ?? []
                size = plainSizes ? Int(field.unsignedInteger(bigEndian: true)) : field.synchsafe
            }
            let flags = cursor.u16BE() ?? 0
            let bodyStart = position + headerLength
            position = bodyStart + size
            if chapters, size > 0, size <= frames.size - bodyStart, let chapterFrame = ID3v2Chapters.Frame(id: id), chapterFrames.wants(chapterFrame) {
                if let stored = frames.readExactly(at: bodyStart, count: size),
                    let body = unwrapped(stored[...], flags: flags, major: major, tagUnsynchronised: tagUnsynchronised)
                {
                    chapterFrames.take(chapterFrame, body)
                }
                continue
            }
            guard size > 0, let kind = ID3v2FrameKind(id: id) else { continue }
            if kind == .picture, !picture || collector.hasFrontCover { continue }
            // A picture cut short is a broken image, not a cover: it is left out.
            if kind == .picture, size > frames.size - bodyStart { continue }
            // A text frame cut short by the end of the tag is read as far as it goes, as Mutagen does.
            guard let stored = frames.readExactly(at: bodyStart, count: min(size, frames.size - bodyStart)),
                let body = unwrapped(stored[...], flags: flags, major: major, tagUnsynchronised: tagUnsynchronised)
            else { continue }
            collector.take(kind, body, major: major, threeLetterID: id.count == 3 || id.last == 0)
        }
        var tags = collector.finish()
        if chapters { tags.chapters = chapterFrames.finish() }
        return tags
    }

    /// The body of a frame without what its flags add (ID3v2.3 section 3.3.1, ID3v2.4
    /// structure section 4.1.2): a group byte, ID3v2.4's data length indicator, and ID3v2.4's
    /// per-frame unsynchronisation. Nil for a compressed or encrypted frame, which is skipped
    /// (Mutagen inflates compressed ones; no writer in use makes them).
    static func unwrapped(_ body: ArraySlice<UInt8>, flags: UInt16, major: UInt8, tagUnsynchronised: Bool) -> ArraySlice<UInt8>? {
        switch major {
        case 3:
            guard flags & 0x00C0 == 0 else { return nil }
            // A grouping identity byte follows the header (Mutagen keeps it as text).
            return flags & 0x0020 != 0 ? body.dropFirst() : body
        case 4:
            guard flags & 0x000C == 0 else { return nil }
            var data = body
            if flags & 0x0040 != 0 { data = data.dropFirst() }
            if flags & 0x0001 != 0 { data = data.dropFirst(4) }
            return flags & 0x0002 != 0 || tagUnsynchronised ? ID3Unsynchronisation.decodedOrKept(data) : data
        default:
            return body
        }
    }

    /// Whether an ID3v2.4 tag's frame sizes are plain integers rather than synchsafe: iTunes
    /// wrote them so for years. As Mutagen's `determine_bpi` does, the frames are walked both
    /// ways, counting the frame IDs met and how far past the end each walk lands; the plain
    /// reading wins if it meets more frames, or as many while only it ends in place.
    static func usesPlainSizes(_ frames: some ByteSource) -> Bool {
        let synchsafe = walk(frames, plain: false)
        let plain = walk(frames, plain: true)
        return plain.frames > synchsafe.frames || (plain.frames == synchsafe.frames && synchsafe.overrun >= 1 && plain.overrun <= 1)
    }

    private static func walk(_ frames: some ByteSource, plain: Bool) -> (frames: Int, overrun: Int) {
        var position = 0
        var found = 0
        for _ in 0..<mostFrames {
            guard position < frames.size - 10 else { break }
            guard let header = frames.readExactly(at: position, count: 10) else { break }
            if header.allSatisfy({ $0 == 0 }) { return (found, -((frames.size - position) % 10)) }
            let field = header[4..<8]
            position += 10 + (plain ? Int(field.unsignedInteger(bigEndian: true)) : field.synchsafe)
            if ID3v2FrameKind.isFrameID(header[0..<4]) { found += 1 }
        }
        return (found, position - frames.size)
    }
}

/// The frames read, by their ID3v2.3/2.4 IDs and ID3v2.2's three-letter ones.
enum ID3v2FrameKind: Equatable {
    case text(TagKey)
    case genre
    /// ID3v2.4's TDRC, a timestamp kept as tagged.
    case recordingTime
    /// ID3v2.3's TYER and TDAT (DDMM), which Mutagen joins into a date when no TDRC is present.
    case year, dayMonth
    case comment, userText, picture

    private static let ids: [String: ID3v2FrameKind] = [
        "TIT2": .text(.title), "TT2": .text(.title), "TPE1": .text(.artist), "TP1": .text(.artist),
        "TALB": .text(.album), "TAL": .text(.album), "TPE2": .text(.albumArtist), "TP2": .text(.albumArtist),
        "TCOM": .text(.composer), "TCM": .text(.composer), "TCON": .genre, "TCO": .genre,
        "TRCK": .text(.track), "TRK": .text(.track), "TPOS": .text(.disc), "TPA": .text(.disc),
        "TDRC": .recordingTime, "TYER": .year, "TYE": .year, "TDAT": .dayMonth, "TDA": .dayMonth,
        "COMM": .comment, "COM": .comment, "TXXX": .userText, "TXX": .userText, "APIC": .picture, "PIC": .picture,
    ]

    /// The kind of frame `id` names; a four-byte ID ending in NUL is an ID3v2.2 one that some
    /// writers put in ID3v2.3 tags (Mutagen reads those too).
    init?(id: ArraySlice<UInt8>) {
        let name = id.last == 0 ? id.dropLast() : id
        guard name.allSatisfy({ $0 < 0x80 }), let kind = Self.ids[TagText.latin1(name)] else { return nil }
        self = kind
    }

    /// Whether `id` could name a frame: four capital letters or digits.
    static func isFrameID(_ id: ArraySlice<UInt8>) -> Bool {
        id.count == 4 && id.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
    }
}
