// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeTags
import Testing

@Suite("ID3v1: the 128 bytes at the end of an MP3, and how they fill what ID3v2 lacks")
struct ID3v1TagTests {
    @Test("ID3v1.1 gives title, artist, album, year, comment, track and the genre's name, Latin-1 and trimmed")
    func version11() throws {
        let tag = MPEGTestBytes.id3v1(title: "V1 Tïtle", artist: "V1 Artist  ", album: "V1 Album", year: "1987", comment: "v1 comment", track: 7, genre: 8)
        let tags = try #require(ID3v1Tag.read([UInt8](repeating: 0x55, count: 1000) + tag))
        #expect(
            tags.fields == [
                TagField(.title, "V1 Tïtle"), TagField(.artist, "V1 Artist"), TagField(.album, "V1 Album"), TagField(.date, "1987"),
                TagField(.comment, "v1 comment"), TagField(.track, "7"), TagField(.genre, "Jazz"),
            ])
        #expect(tags.length == nil)
    }

    @Test("ID3v1.0 has a 30-byte comment and no track; genre 255 is none, and a number past the table is Unknown")
    func version10() throws {
        var tag = MPEGTestBytes.id3v1(title: "Title", comment: String(repeating: "c", count: 30))
        let tags = try #require(ID3v1Tag.read(tag))
        #expect(tags.values(.comment) == [String(repeating: "c", count: 30)])
        #expect(tags.values(.track) == [])
        #expect(tags.values(.genre) == [])
        tag[127] = 200
        #expect(try #require(ID3v1Tag.read(tag)).values(.genre) == ["Unknown"])
        tag[127] = 0
        #expect(try #require(ID3v1Tag.read(tag)).values(.genre) == ["Blues"])
    }

    @Test("a field ends at its first NUL; space padding is trimmed; an empty tag gives no fields")
    func padding() throws {
        var tag = MPEGTestBytes.id3v1(title: "ab")
        tag.replaceSubrange(5..<9, with: [0, 0x63, 0x64, 0x20])
        tag.replaceSubrange(33..<63, with: [UInt8](repeating: 0x20, count: 30))
        let tags = try #require(ID3v1Tag.read(tag))
        #expect(tags.fields == [TagField(.title, "ab")])
        #expect(try #require(ID3v1Tag.read(MPEGTestBytes.id3v1())).fields == [])
    }

    @Test("no ID3v1 in a file shorter than 128 bytes, without \"TAG\", or where \"TAG\" ends an APEv2 footer's APETAGEX")
    func absent() {
        let tag = MPEGTestBytes.id3v1(title: "T")
        #expect(ID3v1Tag.read(Array(tag.dropFirst())) == nil)
        #expect(ID3v1Tag.read([UInt8](repeating: 0, count: 500)) == nil)
        #expect(ID3v1Tag.read([UInt8]()) == nil)
        let apeFooter = [UInt8](repeating: 0, count: 100) + Array("APETAGEX".utf8) + [UInt8](repeating: 0, count: 123)
        #expect(ID3v1Tag.read(apeFooter) == nil)
        #expect(ID3v1Tag.read(apeFooter + tag)?.values(.title) == ["T"])
        // Any bytes after "TAG" are read as Latin-1, never trapping.
        #expect(ID3v1Tag.read(Array("TAG".utf8) + [UInt8](repeating: 0xFF, count: 125))?.values(.title) == [String(repeating: "ÿ", count: 30)])
    }

    @Test("an MP3 with only an ID3v1 tag: Mutagen's fields and length, and the comment Mutagen files under another name")
    func onlyVersion1() async throws {
        let tag = MPEGTestBytes.id3v1(title: "V1 Tïtle", artist: "V1 Artist", album: "V1 Album", year: "1987", comment: "v1 comment", track: 7, genre: 17)
        let (ours, oracle) = try await MPEGTestBytes.compare([], trailer: tag)
        #expect(ours.values(.genre) == ["Rock"])
        #expect(ours.values(.track) == ["7"])
        // Mutagen reads the comment into COMM:ID3v1 Comment:eng, a description the oracle's
        // mapping (the first COMM without one) leaves out; ID3v1 has one comment, so it is read.
        #expect(ours.values(.comment) == ["v1 comment"])
        #expect(oracle.fields[.comment] == nil)
        #expect(TagOracle.differences(ours, oracle, keys: TagKey.allCases.filter { $0 != .comment }) == [])
    }

    @Test("ID3v1 under ID3v2 fills only the keys ID3v2 lacks, as Mutagen merges them")
    func underVersion2() async throws {
        let version2 = MPEGTestBytes.tag(major: 4, MPEGTestBytes.frame("TIT2", MPEGTestBytes.text(3, "V2 Title"), major: 4), padding: 20)
        let version1 = MPEGTestBytes.id3v1(title: "V1 Title", artist: "V1 Artist", year: "1987", track: 7, genre: 200)
        let (ours, oracle) = try await MPEGTestBytes.compare(version2, trailer: version1)
        #expect(ours.values(.title) == ["V2 Title"])
        #expect(ours.values(.artist) == ["V1 Artist"])
        #expect(ours.values(.date) == ["1987"])
        #expect(ours.values(.genre) == ["Unknown"])
        #expect(TagOracle.differences(ours, oracle) == [])
        let path = try await TagOracle.make("mp3", ["-c:a", "libmp3lame"], extra: ["-write_id3v1", "1"])
        let both = try #require(TagReader.read(path: path))
        #expect(both.values(.title) == ["Tëst Títle ♫"])
        #expect(TagOracle.differences(both, try await TagOracle.mutagen(path)) == [])
    }

    @Test("ffmpeg's ID3v1-only file holds just the comment, in UTF-8 bytes read as Latin-1 as Mutagen reads them")
    func ffmpegVersion1() async throws {
        let path = try await TagOracle.make("mp3", ["-c:a", "libmp3lame"], extra: ["-id3v2_version", "0", "-write_id3v1", "1"])
        let ours = try #require(TagReader.read(path: path))
        // ffmpeg looks up ID3v2 frame names for the other fields, which it has not made without
        // an ID3v2 tag; the comment it finds by its own name.
        #expect(ours.fields == [TagField(.comment, "A cÃ¶mment")])
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(path), keys: TagKey.allCases.filter { $0 != .comment }) == [])
    }
}
