// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgePlayer

/// Tags read from files without mpv: FLAC and Ogg comments, ID3v2 text frames; and nothing but
/// a clean nil from anything broken.
@Suite("FileTags")
struct FileTagsTests {
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

    @Test("the test tones (FLAC from sox): title, artist, album, track, genre, and the exact length")
    func flacFromSox() async throws {
        let media = try await TestMedia.make(count: 2, seconds: 3)
        defer { media.remove() }
        let found = try #require(FileTags.read(from: media.tones[1].path))
        let tags = QueueEntry.Tags(fields: found.fields)
        #expect(tags.title == "Tone 2" && tags.artists == ["Test Artist"] && tags.album == "Test Album")
        #expect(tags.trackNumber == 2 && tags.genres == ["Test"])
        #expect(found.length == .seconds(3))
        #expect(FileTags.read(from: "file://" + media.tones[0].path).map { QueueEntry.Tags(fields: $0.fields).title } == "Tone 1")
    }

    @Test("Ogg Vorbis and Opus comment packets, the packet spread over two pages")
    func ogg() throws {
        func page(_ packets: [[UInt8]], continued: Bool = false, lastUnfinished: Bool = false) -> [UInt8] {
            var table: [UInt8] = []
            for (index, packet) in packets.enumerated() {
                table += Array(repeating: 255, count: packet.count / 255)
                if !(lastUnfinished && index == packets.count - 1) { table.append(UInt8(packet.count % 255)) }
            }
            return Array("OggS".utf8) + [0, continued ? 1 : 0] + Array(repeating: 0, count: 20) + [UInt8(table.count)] + table + packets.flatMap { $0 }
        }
        let vorbisTags = [3] + Array("vorbis".utf8) + Self.comments(["TITLE=Ogg Title", "ARTIST=One", "ARTIST=Two"])
        let vorbis = page([[1] + Array("vorbis".utf8)]) + page([vorbisTags])
        let found = try #require(FileTags.read(vorbis))
        #expect(QueueEntry.Tags(fields: found.fields).title == "Ogg Title")
        #expect(QueueEntry.Tags(fields: found.fields).artists == ["One", "Two"])

        // An Opus comment packet of 600 bytes, cut after 510 of them into the next page.
        let opusTags = Array("OpusTags".utf8) + Self.comments(["TITLE=" + String(repeating: "o", count: 560)])
        let opus = page([Array("OpusHead".utf8)]) + page([Array(opusTags[..<510])], lastUnfinished: true) + page([Array(opusTags[510...])], continued: true)
        #expect(try #require(FileTags.read(opus)).fields.first?.value == String(repeating: "o", count: 560))
    }

    @Test("ID3v2.3 in UTF-16 and Latin-1, ID3v2.4 in UTF-8 with a list of values")
    func id3() throws {
        let littleEndian: [UInt8] = Array("Ünïcode".utf16).flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let utf16: [UInt8] = [1, 0xFF, 0xFE] + littleEndian
        let latin1: [UInt8] = [0, 0x42, 0xE9, 0x62]
        let track: [UInt8] = [0] + Array("4/12".utf8)
        let v3 = Self.id3(version: 3, [("TIT2", utf16), ("TPE1", latin1), ("TRCK", track), ("APIC", [0, 1, 2])])
        let tags3 = QueueEntry.Tags(fields: try #require(FileTags.read(v3)).fields)
        #expect(tags3.title == "Ünïcode" && tags3.artists == ["Béb"] && tags3.trackNumber == 4)
        let v4 = Self.id3(version: 4, [("TIT2", [3] + Array("Title".utf8)), ("TPE1", [3] + Array("A\0B".utf8)), ("TDRC", [3] + Array("2026".utf8))])
        let tags4 = QueueEntry.Tags(fields: try #require(FileTags.read(v4)).fields)
        #expect(tags4.title == "Title" && tags4.artists == ["A", "B"] && tags4.date == "2026")
    }

    @Test("truncated, absurd or unknown input gives nil or what could be read, never a crash")
    func hostile() {
        #expect(FileTags.read([UInt8]()) == nil)
        #expect(FileTags.read(Array("RIFF....WAVE".utf8)) == nil)
        // A FLAC block that claims 16 MiB, a comment count of 4 billion, a comment longer than its block.
        let flac = Array("fLaC".utf8) + [0x84, 0xFF, 0xFF, 0xFF] + [1, 2, 3]
        #expect(FileTags.read(flac)?.fields.isEmpty == true)
        let lying = Array("fLaC".utf8) + [0x84, 0, 0, 16] + [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0x41, 0x3D, 0x42, 0x43]
        #expect(FileTags.read(lying)?.fields.isEmpty == true)
        // An ID3 tag whose frame runs past the tag's end, and one of version 2.2.
        var id3 = Self.id3(version: 3, [("TIT2", [0] + Array("Cut".utf8))])
        id3[9] = 5
        #expect(FileTags.read(id3)?.fields.isEmpty == true)
        #expect(FileTags.read(Array("ID3".utf8) + [2, 0, 0, 0, 0, 0, 0]) == nil)
        // Ogg pages that never finish a packet.
        let page: [UInt8] = Array("OggS".utf8) + Array(repeating: 0, count: 22) + [1, 255] + Array(repeating: 7, count: 255)
        let endless: [UInt8] = Array((0..<70).map { _ in page }.joined())
        #expect(FileTags.read(endless) == nil)
    }
}
