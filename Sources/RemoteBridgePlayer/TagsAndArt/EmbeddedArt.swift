// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import SystemPackage

/// Extracts cover art embedded in a local file (a FLAC PICTURE block, or an ID3v2 APIC frame)
/// to a cache file, named by a hash of the file's path, size and modification time.
///
/// Only regular files are opened (a FIFO or a device would block, or never end), and only the
/// tag blocks are read, each at most `maximumBlockSize`: never the audio, and never the whole file.
/// It blocks on disk I/O, so callers run it off the main actor.
package enum EmbeddedArt {
    /// The largest metadata block or frame read: a cover bigger than this is ignored.
    package static let maximumBlockSize = 16 << 20

    /// The file:// URI of the extracted art, or nil if there is none (or no cache directory).
    /// The cache is then trimmed to `limit` bytes, least recently used first.
    static func extract(from url: String, into cache: URL?, limit: Int) -> String? {
        guard let cache, let path = FolderArt.localPath(url), let file = TagFile(regularFileAt: path) else { return nil }
        guard let (bytes, type) = flacPicture(in: file) ?? id3Picture(in: file) else { return nil }
        let key = String("\(path)|\(file.size)|\(file.modified)".stableHash, radix: 16)
        let destination = cache.appendingPathComponent("\(key).\(type == "image/png" ? "png" : "jpg")")
        if FileManager.default.fileExists(atPath: destination.path) {
            ArtCache.markUsed(destination.path)
        } else {
            try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            guard (try? Data(bytes).write(to: destination, options: .atomic)) != nil else { return nil }
            ArtCache.trim(cache.path, to: limit)
        }
        return destination.absoluteString
    }

    /// The first PICTURE metadata block of a FLAC file.
    package static func flacPicture(in source: some ByteSource) -> ([UInt8], String)? {
        guard source.read(at: 0, count: 4) == Array("fLaC".utf8) else { return nil }
        var offset = 4
        // A FLAC file has a handful of metadata blocks; 128 bounds a hostile one.
        for _ in 0..<128 {
            guard let header = source.read(at: offset, count: 4), header.count == 4 else { return nil }
            let length = Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            let body = offset + 4
            if header[0] & 0x7F == 6 {
                guard let block = source.read(at: body, count: length), block.count == length else { return nil }
                var reader = ByteReader(bytes: block, offset: 0)
                _ = reader.u32()  // picture type
                guard let mimeLength = reader.u32(), let mime = reader.string(Int(mimeLength)),
                    let descriptionLength = reader.u32(), reader.skip(Int(descriptionLength)), reader.skip(16),
                    let dataLength = reader.u32(), let picture = reader.bytes(Int(dataLength))
                else { return nil }
                return (picture, mime)
            }
            if header[0] & 0x80 != 0 { return nil }  // last block
            offset = body + length
        }
        return nil
    }

    /// The first APIC frame of an ID3v2.3 or 2.4 tag.
    package static func id3Picture(in source: some ByteSource) -> ([UInt8], String)? {
        guard let header = source.read(at: 0, count: 10), header.count == 10, header[0...2] == [0x49, 0x44, 0x33],
            header[3] == 3 || header[3] == 4
        else { return nil }  // "ID3"
        let version = header[3]
        let end = 10 + synchsafe(header[6...9])
        var offset = 10
        // Frames are read one header at a time; 4096 frames bounds a hostile tag.
        for _ in 0..<4096 {
            guard offset + 10 <= end, let frameHeader = source.read(at: offset, count: 10), frameHeader.count == 10 else { return nil }
            let size = version == 4 ? synchsafe(frameHeader[4...7]) : frameHeader[4...7].reduce(0) { $0 << 8 | Int($1) }
            let body = offset + 10
            guard size > 0, body + size <= end else { return nil }
            if frameHeader[0...3] == Array("APIC".utf8)[...] {
                guard let frame = source.read(at: body, count: size), frame.count == size else { return nil }
                return apic(frame)
            }
            offset = body + size
        }
        return nil
    }

    /// The picture and MIME type of an APIC frame's body.
    private static func apic(_ frame: [UInt8]) -> ([UInt8], String)? {
        let encoding = frame.first ?? 0
        guard frame.count > 1, let mimeEnd = frame[1...].firstIndex(of: 0) else { return nil }
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
        return (Array(frame[index...]), mime.isEmpty ? "image/jpeg" : mime)
    }

    private static func synchsafe(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 7 | Int($1 & 0x7F) }
    }
}

/// Somewhere tag bytes can be read from at an offset: a file, or bytes in memory for tests.
package protocol ByteSource {
    /// Up to `count` bytes at `offset` (fewer at the end); nil on an error or a count over
    /// `EmbeddedArt.maximumBlockSize`.
    func read(at offset: Int, count: Int) -> [UInt8]?
}

extension Array: ByteSource where Element == UInt8 {
    package func read(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, count <= EmbeddedArt.maximumBlockSize else { return nil }
        guard offset < self.count else { return [] }
        return Array(self[offset..<Swift.min(self.count, offset + count)])
    }
}

/// A regular file opened for reading tags with `pread`. It closes when released.
final class TagFile: ByteSource {
    private let descriptor: Int32
    /// The size in bytes.
    let size: Int64
    /// The modification time, in seconds since 1970.
    let modified: Int

    /// Opens `path` if it is a regular file. It opens without blocking, so that a FIFO (which
    /// would wait for a writer) is refused rather than waited on.
    init?(regularFileAt path: String) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        size = Int64(status.st_size)
        modified = Int(status.st_mtim.tv_sec)
    }

    deinit { close(descriptor) }

    func read(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, count <= EmbeddedArt.maximumBlockSize else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            // Retries on interruption itself; a short read only means read on.
            let got = try? bytes.withUnsafeMutableBytes { buffer in
                try FileDescriptor(rawValue: descriptor).read(
                    fromAbsoluteOffset: Int64(offset + filled), into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            }
            guard let got else { return nil }
            if got == 0 { break }
            filled += got
        }
        bytes.removeLast(count - filled)
        return bytes
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
        bytes(count).map { String(decoding: $0, as: UTF8.self) }
    }

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, offset + count <= bytes.count else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }
}

extension String {
    /// FNV-1a, stable across runs (Swift's `hashValue` is seeded per process).
    var stableHash: UInt64 {
        utf8.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }
}
