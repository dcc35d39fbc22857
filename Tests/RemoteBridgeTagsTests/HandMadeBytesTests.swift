// SPDX-License-Identifier: Apache-2.0
import Testing

import RemoteBridgeTags

/// Tags from bytes built by hand: FLAC and Ogg comments, ID3v2 text frames, each with what a real
/// encoder seldom writes (a packet across pages, UTF-16, a list of values); and nothing but a
/// clean nil, or what could be read, from anything broken.
@Suite("TagReader: hand-made bytes")
struct HandMadeBytesTests {
    /// A Vorbis comment block's bytes (little-endian lengths).
    static func comments(_ fields: [String]) -> [UInt8] {
        func le(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var bytes = le(6) + Array("vendor".utf8) + le(fields.count)
        for field in fields { bytes += le(field.utf8.count) + Array(field.utf8) }
        return bytes
    }

    /// An ID3v2 tag of `version` with these frames.
    static func id3(version: UInt8, _ frames: [(String, [UInt8])]) -> [UInt8] {
        func size(_ value: Int, synchsafe: Bool) -> [UInt8] {
            synchsafe ? [21, 14, 7, 0].map { UInt8((value >> $0) & 0x7F) } : [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) }
        }
        var body: [UInt8] = []
        for (id, content) in frames { body += Array(id.utf8) + size(content.count, synchsafe: version == 4) + [0, 0] + content }
        return Array("ID3".utf8) + [version, 0, 0] + size(body.count, synchsafe: true) + body + [0xFF, 0xFB]
    }

    @Test("Ogg Vorbis and Opus comment packets, the packet spread over two pages")
    func ogg() throws {
        func page(_ packets: [[UInt8]], first: Bool = false, continued: Bool = false, lastUnfinished: Bool = false) -> [UInt8] {
            var table: [UInt8] = []
            for (index, packet) in packets.enumerated() {
                table += Array(repeating: 255, count: packet.count / 255)
                if !(lastUnfinished && index == packets.count - 1) { table.append(UInt8(packet.count % 255)) }
            }
            return Array("OggS".utf8) + [0, (continued ? 1 : 0) | (first ? 2 : 0)] + Array(repeating: 0, count: 20) + [UInt8(table.count)] + table + packets.flatMap { $0 }
        }
        let vorbisTags = [3] + Array("vorbis".utf8) + Self.comments(["TITLE=Ogg Title", "ARTIST=One", "ARTIST=Two"])
        // The identification headers as the specifications lay them out: Vorbis at 44.1 kHz, Opus.
        let vorbisHead: [UInt8] = [1] + Array("vorbis".utf8) + [0, 0, 0, 0, 2, 0x44, 0xAC, 0, 0] + Array(repeating: 0, count: 12) + [0xB8, 1]
        let opusHead: [UInt8] = Array("OpusHead".utf8) + [1, 2, 0x38, 1, 0x80, 0xBB, 0, 0, 0, 0, 0]
        let vorbis = page([vorbisHead], first: true) + page([vorbisTags])
        let found = try #require(TagReader.read(vorbis))
        #expect(found.values(.title) == ["Ogg Title"])
        #expect(found.values(.artist) == ["One", "Two"])

        // An Opus comment packet of 600 bytes, cut after 510 of them into the next page.
        let opusTags = Array("OpusTags".utf8) + Self.comments(["TITLE=" + String(repeating: "o", count: 560)])
        let opus = page([opusHead], first: true) + page([Array(opusTags[..<510])], lastUnfinished: true) + page([Array(opusTags[510...])], continued: true)
        #expect(try #require(TagReader.read(opus)).fields.first?.value == String(repeating: "o", count: 560))
    }

    @Test("ID3v2.3 in UTF-16 and Latin-1, ID3v2.4 in UTF-8 with a list of values")
    func id3() throws {
        let littleEndian: [UInt8] = Array("Ünïcode".utf16).flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let utf16: [UInt8] = [1, 0xFF, 0xFE] + littleEndian
        let latin1: [UInt8] = [0, 0x42, 0xE9, 0x62]
        let track: [UInt8] = [0] + Array("4/12".utf8)
        let v3 = Self.id3(version: 3, [("TIT2", utf16), ("TPE1", latin1), ("TRCK", track), ("APIC", [0, 1, 2])])
        let tags3 = try #require(TagReader.read(v3))
        #expect(tags3.values(.title) == ["Ünïcode"] && tags3.values(.artist) == ["Béb"] && tags3.values(.track) == ["4/12"])
        let v4 = Self.id3(version: 4, [("TIT2", [3] + Array("Title".utf8)), ("TPE1", [3] + Array("A\0B".utf8)), ("TDRC", [3] + Array("2026".utf8))])
        let tags4 = try #require(TagReader.read(v4))
        #expect(tags4.values(.title) == ["Title"] && tags4.values(.artist) == ["A", "B"] && tags4.values(.date) == ["2026"])
    }

    @Test("only the first of 100 VORBIS_COMMENT blocks of 2000 titles each is read, at once")
    func endlessCommentBlocks() throws {
        // Before, all 200 000 titles were read, each checked against all before it.
        var flac = Array("fLaC".utf8)
        for block in 0..<100 {
            let body = Self.comments((0..<2000).map { "TITLE=\(block * 2000 + $0)" })
            flac += [block == 99 ? 0x84 : 0x04, UInt8(body.count >> 16), UInt8(body.count >> 8 & 0xFF), UInt8(body.count & 0xFF)] + body
        }
        let tags = try #require(TagReader.read(flac))
        #expect(tags.values(.title).count == 2000)
    }

    @Test("truncated, absurd or unknown input gives nil or what could be read, never a crash")
    func hostile() {
        #expect(TagReader.read([UInt8]()) == nil)
        #expect(TagReader.read(Array("RIFF....WAVE".utf8))?.fields.isEmpty ?? true)
        // A FLAC block that claims 16 MiB, a comment count of 4 billion, a comment longer than its block.
        let flac = Array("fLaC".utf8) + [0x84, 0xFF, 0xFF, 0xFF] + [1, 2, 3]
        #expect(TagReader.read(flac)?.fields.isEmpty == true)
        let lying = Array("fLaC".utf8) + [0x84, 0, 0, 16] + [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0x41, 0x3D, 0x42, 0x43]
        #expect(TagReader.read(lying)?.fields.isEmpty == true)
        // An ID3 tag whose frame runs past the tag's end, and one of version 2.2.
        var id3 = Self.id3(version: 3, [("TIT2", [0] + Array("Cut".utf8))])
        id3[9] = 5
        #expect(TagReader.read(id3)?.fields.isEmpty == true)
        #expect(TagReader.read(Array("ID3".utf8) + [2, 0, 0, 0, 0, 0, 0])?.fields.isEmpty ?? true, "an empty ID3v2.2 tag")
        // Ogg pages that never finish a packet.
        let page: [UInt8] = Array("OggS".utf8) + Array(repeating: 0, count: 22) + [1, 255] + Array(repeating: 7, count: 255)
        let endless: [UInt8] = Array((0..<70).map { _ in page }.joined())
        #expect(TagReader.read(endless)?.fields.isEmpty ?? true)
    }
}
