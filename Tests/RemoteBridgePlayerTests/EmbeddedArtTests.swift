// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import RemoteBridgeTags
import Testing

@testable import RemoteBridgePlayer

@Suite("Embedded art: tag blocks only, regular files only, a bounded cache")
struct EmbeddedArtTests {
    /// A FLAC stream header with a STREAMINFO block and a PICTURE block holding `picture`.
    static func flac(picture: [UInt8], mime: String = "image/png") -> [UInt8] {
        func u32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        let body = u32(3) + u32(mime.utf8.count) + Array(mime.utf8) + u32(0) + [UInt8](repeating: 0, count: 16) + u32(picture.count) + picture
        let streamInfo: [UInt8] = [0x00, 0x00, 0x00, 34] + [UInt8](repeating: 0, count: 34)
        let pictureHeader: [UInt8] = [0x80 | 6, UInt8(body.count >> 16), UInt8(body.count >> 8 & 0xFF), UInt8(body.count & 0xFF)]
        return Array("fLaC".utf8) + streamInfo + pictureHeader + body + [UInt8](repeating: 0xAA, count: 1000)  // "audio"
    }

    /// An ID3v2.3 tag with one APIC frame.
    static func id3(picture: [UInt8]) -> [UInt8] {
        let frameBody: [UInt8] = [0] + Array("image/jpeg".utf8) + [0, 3] + Array("cover".utf8) + [0] + picture
        let size = frameBody.count
        let frame = Array("APIC".utf8) + [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF), 0, 0] + frameBody
        let tagSize = frame.count
        let synchsafe: [UInt8] = [UInt8(tagSize >> 21 & 0x7F), UInt8(tagSize >> 14 & 0x7F), UInt8(tagSize >> 7 & 0x7F), UInt8(tagSize & 0x7F)]
        return Array("ID3".utf8) + [3, 0, 0] + synchsafe + frame
    }

    @Test("a FLAC PICTURE block and an ID3 APIC frame are found, with their types")
    func findsPictures() throws {
        let picture: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        let fromFLAC = try #require(TagReader.read(Self.flac(picture: picture), picture: true)?.picture)
        #expect(fromFLAC.bytes == picture)
        #expect(fromFLAC.mimeType == "image/png")
        let fromID3 = try #require(TagReader.read(Self.id3(picture: picture), picture: true)?.picture)
        #expect(fromID3.bytes == picture)
        #expect(fromID3.mimeType == "image/jpeg")
    }

    @Test("hostile lengths are refused without reading past the block limit")
    func hostileLengths() {
        // A PICTURE block whose 24-bit length runs past the end of the data.
        var truncated = Self.flac(picture: [1, 2, 3])
        truncated.removeLast(1010)
        #expect(TagReader.read(truncated, picture: true)?.picture == nil)
        // An APIC frame that claims 20 MiB, in a tag that claims 256 MiB: more than any cover.
        var huge = Self.id3(picture: [1, 2, 3])
        huge[6...9] = [0x7F, 0x7F, 0x7F, 0x7F]
        huge[14...17] = [0x01, 0x40, 0x00, 0x00]
        #expect(TagReader.read(huge, picture: true)?.picture == nil)
        #expect([UInt8](repeating: 0, count: 10).read(at: 0, count: ByteSourceLimits.largestRead + 1) == nil)
    }

    @Test("a FIFO is refused at once, not read (it would block until a writer came)")
    func fifoRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("art-fifo-\(UUID().uuidString).flac").path
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(TagFile(regularFileAt: path) == nil)
        #expect(EmbeddedArt.extract(from: "file://" + path, into: FileManager.default.temporaryDirectory, limit: 1 << 20) == nil)
    }

    @Test("extraction reads a real file, writes the cache file once, and the cache is trimmed oldest first")
    func extractAndTrim() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("art-\(UUID().uuidString)")
        let cache = directory.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var urls: [String] = []
        for index in 0..<3 {
            let file = directory.appendingPathComponent("\(index).flac")
            try Data(Self.flac(picture: [UInt8](repeating: UInt8(index), count: 600))).write(to: file)
            let art = try #require(EmbeddedArt.extract(from: file.path, into: cache, limit: 1300))
            let bytes = try Data(contentsOf: try #require(URL(string: art)))
            #expect(bytes == Data(repeating: UInt8(index), count: 600))
            urls.append(art)
            // Distinct modification times, so "oldest" is well defined.
            var times = [timespec(tv_sec: 1_000_000 + index, tv_nsec: 0), timespec(tv_sec: 1_000_000 + index, tv_nsec: 0)]
            _ = utimensat(AT_FDCWD, try #require(URL(string: art)).path, &times, 0)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted()
        // 3 × 600 bytes does not fit in 1300: the first (oldest) went.
        #expect(left.count == 2)
        #expect(!FileManager.default.fileExists(atPath: try #require(URL(string: urls[0])).path))
        #expect(FileManager.default.fileExists(atPath: try #require(URL(string: urls[2])).path))
    }
}
