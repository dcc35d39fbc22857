// SPDX-License-Identifier: Apache-2.0

/// The cover among a Matroska segment's attachments (AttachedFile: FileName, FileMediaType,
/// FileData). Matroska's cover art guidelines name the cover "cover.jpg" or "cover.png"; an
/// attachment named "cover.*" is taken as the front cover, else the first whose media type is
/// an image. Only the chosen file's data is read; the others are passed over by their sizes.
enum MatroskaAttachments {
    /// How many attached files are looked at.
    static let mostFiles = 64
    /// How many children of an attached file are looked at.
    static let mostChildren = 16
    /// The longest name or media type read.
    static let longestText = 4096

    /// The cover in the Attachments element whose data is `range` of `source`.
    static func cover(in source: some ByteSource, range: Range<Int>) -> EmbeddedPicture? {
        var fallback: (data: Range<Int>, mimeType: String)?
        var offset = range.lowerBound
        for _ in 0..<mostFiles {
            guard offset < range.upperBound, let header = EBML.header(in: source, at: offset), let size = header.size,
                size <= range.upperBound - offset - header.length
            else { break }
            let body = (offset + header.length)..<(offset + header.length + size)
            offset = body.upperBound
            guard header.id == MatroskaID.attachedFile, let file = attachedFile(in: source, range: body) else { continue }
            let lowered = file.name.lowercased()
            let mimeType = file.mimeType.lowercased().hasPrefix("image/") ? file.mimeType : ""
            if lowered.hasPrefix("cover.") {
                if var picture = picture(in: source, data: file.data, mimeType: mimeType) {
                    picture.isFrontCover = true
                    return picture
                }
            } else if fallback == nil, !mimeType.isEmpty {
                fallback = (file.data, mimeType)
            }
        }
        return fallback.flatMap { picture(in: source, data: $0.data, mimeType: $0.mimeType) }
    }

    /// An attached file's name, media type, and where its data is.
    private static func attachedFile(in source: some ByteSource, range: Range<Int>) -> (name: String, mimeType: String, data: Range<Int>)? {
        var name = ""
        var mimeType = ""
        var data: Range<Int>?
        var offset = range.lowerBound
        for _ in 0..<mostChildren {
            guard offset < range.upperBound, let header = EBML.header(in: source, at: offset), let size = header.size,
                size <= range.upperBound - offset - header.length
            else { break }
            let start = offset + header.length
            offset = start + size
            switch header.id {
            case MatroskaID.fileName where size <= longestText:
                name = source.readExactly(at: start, count: size).map { EBML.string($0[...]) } ?? ""
            case MatroskaID.fileMediaType where size <= longestText:
                mimeType = source.readExactly(at: start, count: size).map { EBML.string($0[...]) } ?? ""
            case MatroskaID.fileData:
                data = start..<(start + size)
            default:
                break
            }
        }
        return data.map { (name, mimeType, $0) }
    }

    /// The picture whose bytes are `data`; its media type as stated if it is an image's, else
    /// from its signature (PNG or JPEG). Nil if it is empty, too big to read, or not an image.
    private static func picture(in source: some ByteSource, data: Range<Int>, mimeType: String) -> EmbeddedPicture? {
        guard !data.isEmpty, data.count <= ByteSourceLimits.largestRead, let bytes = source.readExactly(at: data.lowerBound, count: data.count) else {
            return nil
        }
        if mimeType.isEmpty {
            guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) || bytes.starts(with: [0xFF, 0xD8, 0xFF]) else { return nil }
        }
        return EmbeddedPicture(bytes: bytes, mimeType: mimeType)
    }
}
