// SPDX-License-Identifier: Apache-2.0

/// Matroska and WebM (RFC 9559): the EBML header (DocType "matroska" or "webm"), then a
/// Segment whose top-level elements are read for Info (the length, and the title ffmpeg keeps
/// there), Tags (the fields), when a picture is asked for Attachments (the cover), and when
/// chapters are, Chapters (`MatroskaChapters`).
///
/// The top-level elements are walked from the start of the segment until the first Cluster;
/// those found after the Clusters (Tags written at the end) are reached through the SeekHead.
/// Clusters are never read, only passed over by their size when no SeekHead says where to go.
package enum MatroskaTags {
    /// How many top-level elements are walked past, Clusters included.
    static let mostTopLevel = 1024
    /// How many elements before the Segment are passed over (Void, a second EBML header…).
    static let mostBeforeSegment = 16
    /// The largest EBML header, SeekHead or Info read: each is a few hundred bytes.
    static let largestSmallElement = 1 << 20
    /// How many SeekHead entries are followed (a SeekHead may point to another).
    static let mostSeeks = 64

    package static func read(_ source: some ByteSource, picture: Bool, chapters: Bool = false) -> AudioTags? {
        guard let ebml = EBML.header(in: source, at: 0), ebml.id == MatroskaID.ebml, let ebmlSize = ebml.size,
            ebmlSize <= largestSmallElement, let ebmlData = source.readExactly(at: ebml.length, count: ebmlSize)
        else { return nil }
        // The DocType defaults to "matroska" (RFC 9559, section 5.1.1).
        let docType = EBML.children(ebmlData[...]).first { $0.id == MatroskaID.docType }.map { EBML.string($0.data) } ?? "matroska"
        guard docType == "matroska" || docType == "webm" else { return nil }
        var offset = ebml.length + ebmlSize
        for _ in 0..<mostBeforeSegment {
            guard let header = EBML.header(in: source, at: offset) else { return nil }
            if header.id == MatroskaID.segment {
                var reader = MatroskaSegmentReader(source: source, header: header, at: offset, picture: picture, chapters: chapters)
                return reader.read()
            }
            guard let size = header.size, size <= source.size - offset - header.length else { return nil }
            offset += header.length + size
        }
        return nil
    }
}

/// One walk through a Segment's top-level elements.
struct MatroskaSegmentReader<Source: ByteSource> {
    let source: Source
    let picture: Bool
    let chapters: Bool
    /// Where the segment's data starts: SeekHead positions count from here.
    let start: Int
    let end: Int
    private var visited: Set<Int> = []
    private var seeks: [Int] = []
    /// Where the SeekHead says Chapters are, apart: followed after every other, and only to a
    /// Chapters element, so that asking for chapters changes nothing else that is read (a
    /// hostile SeekHead's Chapters entry may point at Tags, or crowd the others out).
    private var chapterSeeks: [Int] = []
    private var sawSeekHead = false
    private var tagList = MatroskaTagList()
    private var title: String?
    private var tags = AudioTags(format: .matroska)

    init(source: Source, header: EBML.Header, at offset: Int, picture: Bool, chapters: Bool) {
        self.source = source
        self.picture = picture
        self.chapters = chapters
        start = offset + header.length
        let (claimedEnd, overflow) = start.addingReportingOverflow(header.size ?? Int.max)
        end = overflow ? source.size : min(claimedEnd, source.size)
    }

    mutating func read() -> AudioTags {
        var offset = start
        for _ in 0..<MatroskaTags.mostTopLevel {
            guard offset < end, let header = EBML.header(in: source, at: offset) else { break }
            if header.id == MatroskaID.cluster, sawSeekHead { break }
            visit(header, at: offset)
            guard let size = header.size, size <= end - offset - header.length else { break }
            offset += header.length + size
        }
        var followed = 0
        while followed < seeks.count, followed < MatroskaTags.mostSeeks {
            let (position, overflow) = start.addingReportingOverflow(seeks[followed])
            followed += 1
            guard !overflow, position < end, !visited.contains(position), let header = EBML.header(in: source, at: position) else { continue }
            visit(header, at: position)
        }
        for seek in chapterSeeks {
            let (position, overflow) = start.addingReportingOverflow(seek)
            guard !overflow, position < end, !visited.contains(position), let header = EBML.header(in: source, at: position),
                header.id == MatroskaID.chapters
            else { continue }
            visit(header, at: position)
        }
        tagList.add(to: &tags)
        if let title, tags.values(.title).isEmpty { tags.add(.title, title) }
        return tags
    }

    /// Reads the top-level element at `offset` if it is one of those wanted.
    private mutating func visit(_ header: EBML.Header, at offset: Int) {
        guard visited.insert(offset).inserted else { return }
        switch header.id {
        case MatroskaID.seekHead:
            sawSeekHead = true
            guard let data = data(of: header, at: offset, upTo: MatroskaTags.largestSmallElement) else { return }
            readSeekHead(data[...])
        case MatroskaID.info:
            guard let data = data(of: header, at: offset, upTo: MatroskaTags.largestSmallElement) else { return }
            readInfo(data[...])
        case MatroskaID.tags:
            guard let data = data(of: header, at: offset, upTo: ByteSourceLimits.largestRead) else { return }
            tagList.read(tags: data[...])
        case MatroskaID.attachments where picture && tags.picture == nil:
            guard let size = header.size, size <= end - offset - header.length else { return }
            let body = offset + header.length
            tags.picture = MatroskaAttachments.cover(in: source, range: body..<(body + size))
        case MatroskaID.chapters where chapters && tags.chapters.isEmpty:
            guard let data = data(of: header, at: offset, upTo: ByteSourceLimits.largestRead) else { return }
            tags.chapters = MatroskaChapters.read(data[...])
        default:
            break
        }
    }

    /// The data of the element at `offset`, if its size is known, fits in the segment, and is
    /// at most `limit`.
    private func data(of header: EBML.Header, at offset: Int, upTo limit: Int) -> [UInt8]? {
        guard let size = header.size, size <= limit, size <= end - offset - header.length else { return nil }
        return source.readExactly(at: offset + header.length, count: size)
    }

    /// A SeekHead: the positions (from the segment's start) of the elements wanted.
    private mutating func readSeekHead(_ data: ArraySlice<UInt8>) {
        var wanted: Set<UInt32> = [MatroskaID.info, MatroskaID.tags, MatroskaID.seekHead]
        if picture { wanted.insert(MatroskaID.attachments) }
        for seek in EBML.children(data) where seek.id == MatroskaID.seek {
            var id: UInt32?
            var position: UInt64?
            for child in EBML.children(seek.data) {
                if child.id == MatroskaID.seekID, child.data.count <= 4 { id = UInt32(child.data.unsignedInteger(bigEndian: true)) }
                if child.id == MatroskaID.seekPosition { position = EBML.unsigned(child.data) }
            }
            if chapters, id == MatroskaID.chapters, let position, position < UInt64(Int.max), chapterSeeks.count < 4 {
                chapterSeeks.append(Int(position))
            } else if let id, let position, wanted.contains(id), position < UInt64(Int.max), seeks.count < MatroskaTags.mostSeeks {
                seeks.append(Int(position))
            }
        }
    }

    /// Info: the duration (a float, in TimestampScale units of nanoseconds, 1 000 000 by
    /// default), and the segment's title.
    private mutating func readInfo(_ data: ArraySlice<UInt8>) {
        var scale: UInt64 = 1_000_000
        var duration: Double?
        for child in EBML.children(data) {
            switch child.id {
            case MatroskaID.timestampScale: if let value = EBML.unsigned(child.data), value > 0 { scale = value }
            case MatroskaID.duration: duration = EBML.float(child.data)
            case MatroskaID.title: title = EBML.string(child.data)
            default: break
            }
        }
        if let duration, duration > 0 {
            tags.length = Duration.seconds(checked: duration * Double(scale) / 1e9)
        }
    }
}
