import Foundation

/// Extracts cover art embedded in a local file (a FLAC PICTURE block, or an ID3v2 APIC frame)
/// to a cache file, named by a hash of the file's path, size and modification time.
enum EmbeddedArt {
    /// The file:// URI of the extracted art, or nil if there is none (or no cache directory).
    static func extract(from url: String, into cache: URL?) -> String? {
        guard let cache, let path = FolderArt.localPath(url),
            let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? handle.close() }
        // Art sits near the start; 16 MiB is more than any sane cover.
        guard let data = try? handle.read(upToCount: 16 << 20) else { return nil }
        guard let (bytes, type) = flacPicture(in: data) ?? id3Picture(in: data) else { return nil }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let key = String(UInt64(bitPattern: Int64(truncatingIfNeeded: "\(path)|\(size)|\(modified)".stableHash)), radix: 16)
        let file = cache.appendingPathComponent("\(key).\(type == "image/png" ? "png" : "jpg")")
        if !FileManager.default.fileExists(atPath: file.path) {
            try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            guard (try? bytes.write(to: file, options: .atomic)) != nil else { return nil }
        }
        return file.absoluteString
    }

    /// The first PICTURE metadata block of a FLAC file.
    static func flacPicture(in data: Data) -> (Data, String)? {
        let bytes = [UInt8](data.prefix(16 << 20))
        guard bytes.count > 8, bytes[0...3] == [0x66, 0x4C, 0x61, 0x43] else { return nil }  // "fLaC"
        var offset = 4
        while offset + 4 <= bytes.count {
            let header = bytes[offset]
            let length = Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let body = offset + 4
            guard body + length <= bytes.count else { return nil }
            if header & 0x7F == 6 {
                var reader = ByteReader(bytes: bytes, offset: body)
                _ = reader.u32()  // picture type
                guard let mimeLength = reader.u32(), let mime = reader.string(Int(mimeLength)),
                    let descriptionLength = reader.u32(), reader.skip(Int(descriptionLength)), reader.skip(16),
                    let dataLength = reader.u32(), let picture = reader.data(Int(dataLength))
                else { return nil }
                return (picture, mime)
            }
            if header & 0x80 != 0 { return nil }  // last block
            offset = body + length
        }
        return nil
    }

    /// The first APIC frame of an ID3v2.3 or 2.4 tag.
    static func id3Picture(in data: Data) -> (Data, String)? {
        let bytes = [UInt8](data.prefix(16 << 20))
        guard bytes.count > 10, bytes[0...2] == [0x49, 0x44, 0x33], bytes[3] == 3 || bytes[3] == 4 else { return nil }  // "ID3"
        let version = bytes[3]
        let tagSize = synchsafe(bytes[6...9])
        var offset = 10
        let end = min(bytes.count, 10 + tagSize)
        while offset + 10 <= end {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = version == 4 ? synchsafe(bytes[offset + 4...offset + 7]) : bytes[offset + 4...offset + 7].reduce(0) { $0 << 8 | Int($1) }
            let body = offset + 10
            guard size > 0, body + size <= end else { return nil }
            if id == "APIC" {
                let frame = Array(bytes[body..<body + size])
                let encoding = frame.first ?? 0
                guard let mimeEnd = frame[1...].firstIndex(of: 0) else { return nil }
                let mime = String(decoding: frame[1..<mimeEnd], as: UTF8.self)
                var index = mimeEnd + 2  // NUL, picture type
                // The description ends with one NUL (Latin-1, UTF-8) or two (UTF-16).
                if encoding == 1 || encoding == 2 {
                    while index + 1 < frame.count, !(frame[index] == 0 && frame[index + 1] == 0) { index += 2 }
                    index += 2
                } else {
                    while index < frame.count, frame[index] != 0 { index += 1 }
                    index += 1
                }
                guard index < frame.count else { return nil }
                return (Data(frame[index...]), mime.isEmpty ? "image/jpeg" : mime)
            }
            offset = body + size
        }
        return nil
    }

    private static func synchsafe(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 7 | Int($1 & 0x7F) }
    }
}

/// Reads big-endian fields from a byte array without running off its end.
private struct ByteReader {
    let bytes: [UInt8]
    var offset: Int

    mutating func u32() -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        defer { offset += 4 }
        return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, offset + count <= bytes.count else { return false }
        offset += count
        return true
    }

    mutating func string(_ count: Int) -> String? {
        guard count >= 0, offset + count <= bytes.count else { return nil }
        defer { offset += count }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }

    mutating func data(_ count: Int) -> Data? {
        guard count >= 0, offset + count <= bytes.count else { return nil }
        defer { offset += count }
        return Data(bytes[offset..<offset + count])
    }
}

extension String {
    /// FNV-1a, stable across runs (Swift's `hashValue` is seeded per process).
    var stableHash: UInt64 {
        utf8.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }
}
