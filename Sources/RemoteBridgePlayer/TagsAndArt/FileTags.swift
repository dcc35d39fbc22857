// SPDX-License-Identifier: Apache-2.0
/// Reads a local file's tags (and, for FLAC, its length) without mpv: FLAC and Ogg (Vorbis,
/// Opus) comments, and ID3v2.3/2.4 text frames (MP3).
///
/// mpv reads the tags of the file it opens. The queue shows an entry before that: when it is
/// next, or when a client asks for its metadata (`MPVPlayer.readTags(of:)`). Only the tag
/// blocks are read, each at most `EmbeddedArt.maximumBlockSize`, never the audio; only regular
/// files are opened (`TagFile`). A format not named here gives nil, and the entry waits for mpv.
package enum FileTags {
    /// The tags, as key–value pairs (keys as the format spells them), and the length if the
    /// format states it exactly.
    package struct Found: Equatable {
        package var fields: [(key: String, value: String)]
        package var length: Duration?

        package static func == (a: Found, b: Found) -> Bool {
            a.length == b.length && a.fields.map(\.key) == b.fields.map(\.key) && a.fields.map(\.value) == b.fields.map(\.value)
        }
    }

    /// The tags of the local file at `url` (a path or a file:// URI), if it is in a format read here.
    static func read(from url: String) -> Found? {
        guard let path = FolderArt.localPath(url), let file = TagFile(regularFileAt: path) else { return nil }
        return read(file)
    }

    /// The tags in `source`, by its first bytes.
    package static func read(_ source: some ByteSource) -> Found? {
        guard let head = source.read(at: 0, count: 4), head.count == 4 else { return nil }
        switch head {
        case Array("fLaC".utf8): return flac(source)
        case Array("OggS".utf8): return ogg(source)
        default: return head.starts(with: Array("ID3".utf8)) ? id3(source) : nil
        }
    }

    // MARK: FLAC

    /// FLAC: STREAMINFO gives the length; VORBIS_COMMENT the tags.
    static func flac(_ source: some ByteSource) -> Found? {
        var found = Found(fields: [])
        var offset = 4
        // A FLAC file has a handful of metadata blocks; 128 bounds a hostile one.
        for _ in 0..<128 {
            guard let header = source.read(at: offset, count: 4), header.count == 4 else { break }
            let length = Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            let type = header[0] & 0x7F
            if type == 0 || type == 4 {
                guard let block = source.read(at: offset + 4, count: length), block.count == length else { break }
                if type == 0, block.count >= 18 {
                    let rate = Int(block[10]) << 12 | Int(block[11]) << 4 | Int(block[12]) >> 4
                    let samples = Int(block[13] & 0x0F) << 32 | Int(block[14]) << 24 | Int(block[15]) << 16 | Int(block[16]) << 8 | Int(block[17])
                    if rate > 0, samples > 0 { found.length = .microseconds(Int64(samples) * 1_000_000 / Int64(rate)) }
                } else if type == 4 {
                    found.fields = vorbisComments(block[...]) ?? []
                }
            }
            if header[0] & 0x80 != 0 { break }  // the last block
            offset += 4 + length
        }
        return found
    }

    /// A Vorbis comment block (little-endian lengths): the vendor, then `KEY=value` entries.
    static func vorbisComments(_ bytes: ArraySlice<UInt8>) -> [(key: String, value: String)]? {
        var reader = LittleEndianReader(bytes: bytes)
        guard let vendorLength = reader.u32(), reader.skip(Int(vendorLength)), let count = reader.u32() else { return nil }
        var fields: [(key: String, value: String)] = []
        for _ in 0..<min(Int(count), 4096) {
            guard let length = reader.u32(), let entry = reader.bytes(Int(length)) else { break }
            guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { continue }
            fields.append((String(decoding: entry[..<equals], as: UTF8.self), String(decoding: entry[(equals + 1)...], as: UTF8.self)))
        }
        return fields
    }

    // MARK: Ogg

    /// Ogg Vorbis or Opus: the comment packet is the second packet of the stream.
    static func ogg(_ source: some ByteSource) -> Found? {
        var packets: [[UInt8]] = []
        var current: [UInt8] = []
        var offset = 0
        // The headers are in the first few pages; 64 pages bound a hostile file.
        for _ in 0..<64 where packets.count < 2 {
            guard let header = source.read(at: offset, count: 27), header.count == 27, header.starts(with: Array("OggS".utf8)) else { break }
            let segments = Int(header[26])
            guard let table = source.read(at: offset + 27, count: segments), table.count == segments else { break }
            var body = offset + 27 + segments
            for lacing in table {
                guard let bytes = source.read(at: body, count: Int(lacing)) else { return nil }
                current += bytes
                body += Int(lacing)
                guard current.count <= EmbeddedArt.maximumBlockSize else { return nil }
                if lacing < 255 {
                    packets.append(current)
                    current = []
                    if packets.count == 2 { break }
                }
            }
            offset = body
        }
        guard packets.count == 2 else { return nil }
        let comments: ArraySlice<UInt8>
        if packets[1].starts(with: [3] + Array("vorbis".utf8)) {
            comments = packets[1].dropFirst(7)
        } else if packets[1].starts(with: Array("OpusTags".utf8)) {
            comments = packets[1].dropFirst(8)
        } else {
            return nil
        }
        return Found(fields: vorbisComments(comments) ?? [])
    }

    // MARK: ID3v2

    /// The ID3v2 text frames that carry the tags MPRIS shows, and the keys they stand for.
    static let id3Keys = [
        "TIT2": "title", "TPE1": "artist", "TALB": "album", "TPE2": "album_artist", "TCON": "genre", "TRCK": "track",
        "TPOS": "disc", "TDRC": "date", "TYER": "date",
    ]

    /// ID3v2.3 and 2.4 text frames.
    static func id3(_ source: some ByteSource) -> Found? {
        guard let header = source.read(at: 0, count: 10), header.count == 10, header[3] == 3 || header[3] == 4 else { return nil }
        let version = header[3]
        let end = 10 + header[6...9].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
        var found = Found(fields: [])
        var offset = 10
        // Frames are read one header at a time; 4096 frames bound a hostile tag.
        for _ in 0..<4096 {
            guard offset + 10 <= end, let frameHeader = source.read(at: offset, count: 10), frameHeader.count == 10, frameHeader[0] != 0 else { break }
            let size = version == 4
                ? frameHeader[4...7].reduce(0) { $0 << 7 | Int($1 & 0x7F) } : frameHeader[4...7].reduce(0) { $0 << 8 | Int($1) }
            let body = offset + 10
            guard size > 0, body + size <= end else { break }
            let id = String(decoding: frameHeader[0...3], as: UTF8.self)
            if let key = id3Keys[id], let frame = source.read(at: body, count: size), frame.count == size {
                for value in id3Text(frame) where !value.isEmpty { found.fields.append((key, value)) }
            }
            offset = body + size
        }
        return found
    }

    /// The values of a text frame: its encoding byte, then text (values split at NUL, as 2.4 lists them).
    static func id3Text(_ frame: [UInt8]) -> [String] {
        guard let encoding = frame.first else { return [] }
        let text = frame.dropFirst()
        let decoded: String
        switch encoding {
        case 0:  // ISO-8859-1: each byte is its code point
            decoded = String(String.UnicodeScalarView(text.map { Unicode.Scalar($0) }))
        case 1, 2:  // UTF-16 with a byte-order mark, or big-endian without
            var units: [UInt16] = []
            var bigEndian = encoding == 2
            var bytes = text[...]
            if encoding == 1, bytes.count >= 2 {
                bigEndian = bytes[bytes.startIndex] == 0xFE
                bytes = bytes.dropFirst(2)
            }
            var index = bytes.startIndex
            while index + 1 < bytes.endIndex {
                let pair = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
                units.append(bigEndian ? pair.0 << 8 | pair.1 : pair.1 << 8 | pair.0)
                index += 2
            }
            decoded = String(decoding: units, as: UTF16.self)
        default:
            decoded = String(decoding: text, as: UTF8.self)
        }
        return decoded.split(separator: "\0", omittingEmptySubsequences: true).map(String.init)
    }
}

/// Reads little-endian fields from bytes without running off their end.
private struct LittleEndianReader {
    var bytes: ArraySlice<UInt8>

    mutating func u32() -> UInt32? {
        guard bytes.count >= 4 else { return nil }
        defer { bytes = bytes.dropFirst(4) }
        return bytes.prefix(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, bytes.count >= count else { return false }
        bytes = bytes.dropFirst(count)
        return true
    }

    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, bytes.count >= count else { return nil }
        defer { bytes = bytes.dropFirst(count) }
        return bytes.prefix(count)
    }
}
