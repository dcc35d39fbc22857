// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTags
import Testing

/// Bytes for the MPEG audio tests: untagged MP3s made by ffmpeg, and ID3 tags built by hand,
/// so that every flag and version can be tried (no writer in use makes unsynchronised tags).
enum MPEGTestBytes {
    /// The bytes of the file at `path`.
    static func contents(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Writes `bytes` to a new file in the oracle's folder; its path.
    static func write(_ bytes: [UInt8], ext: String = "mp3") throws -> String {
        let path = TagOracle.folder.appendingPathComponent("\(UUID().uuidString).\(ext)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// An MP3 with no tags at all (libmp3lame at 128 kbit/s, with its Info frame).
    static func untaggedMP3(seconds: Double = 1) async throws -> [UInt8] {
        let path = try await TagOracle.make("mp3", ["-c:a", "libmp3lame", "-b:a", "128k"], tags: [:], seconds: seconds, extra: ["-id3v2_version", "0"])
        return try contents(path)
    }

    /// A new 8×8 PNG's path (made here rather than by `TagOracle.coverPNG`, whose one shared
    /// file tests running at once would race to create).
    static func png() async throws -> String {
        let path = TagOracle.folder.appendingPathComponent("\(UUID().uuidString).png").path
        try await TagOracle.ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=8x8", "-frames:v", "1", path])
        return path
    }

    /// `value` as a 28-bit synchsafe integer.
    static func synchsafe(_ value: Int) -> [UInt8] {
        [21, 14, 7, 0].map { UInt8((value >> $0) & 0x7F) }
    }

    static func bigEndian(_ value: Int, bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    /// `text` in ID3v2 encoding `encoding` (0 Latin-1, 1 UTF-16 with a little-endian BOM, 2
    /// UTF-16BE, 3 UTF-8), without the encoding byte or a terminator.
    static func encoded(_ text: String, _ encoding: UInt8) -> [UInt8] {
        switch encoding {
        case 0: text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        case 1: [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case 2: text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        default: Array(text.utf8)
        }
    }

    /// A text frame's body: the encoding byte, then the values separated by NULs.
    static func text(_ encoding: UInt8, _ values: String...) -> [UInt8] {
        let separator: [UInt8] = encoding == 1 || encoding == 2 ? [0, 0] : [0]
        return [encoding] + values.map { encoded($0, encoding) }.joined(separator: separator)
    }

    /// A frame of ID3v2.`major`: a 3-letter ID and 24-bit size in 2.2; a 4-letter ID, a plain
    /// (2.3, or iTunes' 2.4 if `plainSize`) or synchsafe (2.4) size and flags otherwise.
    static func frame(_ id: String, _ body: [UInt8], major: UInt8, flags: Int = 0, plainSize: Bool = false) -> [UInt8] {
        if major == 2 { return Array(id.utf8) + bigEndian(body.count, bytes: 3) + body }
        let size = major == 4 && !plainSize ? synchsafe(body.count) : bigEndian(body.count, bytes: 4)
        return Array(id.utf8) + size + bigEndian(flags, bytes: 2) + body
    }

    /// A whole tag: the header with `flags`, then `body` and `padding` NULs.
    static func tag(major: UInt8, flags: UInt8 = 0, _ body: [UInt8], padding: Int = 0) -> [UInt8] {
        let padded = body + [UInt8](repeating: 0, count: padding)
        return Array("ID3".utf8) + [major, 0, flags] + synchsafe(padded.count) + padded
    }

    /// `bytes` unsynchronised: a 0x00 after every 0xFF that 0xE0 or more, or 0x00, or the end follows.
    static func unsynchronised(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            output.append(byte)
            if byte == 0xFF, index + 1 == bytes.count || bytes[index + 1] >= 0xE0 || bytes[index + 1] == 0 { output.append(0) }
        }
        return output
    }

    /// An ID3v1 tag (ID3v1.1 when `track` is not 0).
    static func id3v1(title: String = "", artist: String = "", album: String = "", year: String = "", comment: String = "", track: UInt8 = 0, genre: UInt8 = 255) -> [UInt8] {
        func field(_ text: String, _ length: Int) -> [UInt8] {
            let bytes = encoded(text, 0).prefix(length)
            return bytes + [UInt8](repeating: 0, count: length - bytes.count)
        }
        let commentBytes = track == 0 ? field(comment, 30) : field(comment, 28) + [0, track]
        return Array("TAG".utf8) + field(title, 30) + field(artist, 30) + field(album, 30) + field(year, 4) + commentBytes + [genre]
    }

    /// `tag` before an untagged MP3 (and `trailer` after it), read by us and by Mutagen.
    static func compare(_ tag: [UInt8], trailer: [UInt8] = [], picture: Bool = false) async throws -> (ours: AudioTags, oracle: OracleReading) {
        let path = try write(tag + (try await untaggedMP3()) + trailer)
        let ours = try #require(TagReader.read(path: path, picture: picture))
        return (ours, try await TagOracle.mutagen(path))
    }
}

/// One way ffmpeg makes an MPEG audio file.
struct MPEGEncoderCase: Sendable, CustomTestStringConvertible {
    var name: String
    var ext = "mp3"
    var codec: [String]
    var sampleRate = 44100
    var channels = 2
    var extra: [String] = []

    var testDescription: String { name }
}

@Suite("MPEG audio: MP3 and MP2 files, their tags and length, read as Mutagen reads them")
struct MPEGAudioTagsTests {
    static let encoders: [MPEGEncoderCase] = [
        MPEGEncoderCase(name: "libmp3lame CBR 128k, ID3v2.4", codec: ["-c:a", "libmp3lame", "-b:a", "128k"]),
        MPEGEncoderCase(name: "libmp3lame VBR -q:a 4 (Xing)", codec: ["-c:a", "libmp3lame", "-q:a", "4"]),
        MPEGEncoderCase(name: "libmp3lame CBR, ID3v2.3", codec: ["-c:a", "libmp3lame", "-b:a", "128k"], extra: ["-id3v2_version", "3"]),
        MPEGEncoderCase(name: "libmp3lame without a Xing frame (bitrate estimate)", codec: ["-c:a", "libmp3lame", "-b:a", "128k"], extra: ["-write_xing", "0"]),
        MPEGEncoderCase(name: "libmp3lame MPEG-2 at 22050 Hz", codec: ["-c:a", "libmp3lame", "-b:a", "64k"], sampleRate: 22050),
        MPEGEncoderCase(name: "libmp3lame MPEG-2.5 mono at 8000 Hz", codec: ["-c:a", "libmp3lame", "-b:a", "32k"], sampleRate: 8000, channels: 1),
        MPEGEncoderCase(name: "libmp3lame VBR mono (Xing after the mono side info)", codec: ["-c:a", "libmp3lame", "-q:a", "2"], channels: 1),
        MPEGEncoderCase(name: "libmp3lame VBR at 48000 Hz", codec: ["-c:a", "libmp3lame", "-q:a", "6"], sampleRate: 48000),
        MPEGEncoderCase(name: "libshine", codec: ["-c:a", "libshine"]),
        MPEGEncoderCase(name: "libshine MPEG-2 at 22050 Hz", codec: ["-c:a", "libshine", "-b:a", "64k"], sampleRate: 22050),
    ]

    @Test("every ffmpeg MP3 encoder's file gives Mutagen's fields and length", arguments: MPEGAudioTagsTests.encoders)
    func encoder(_ encoder: MPEGEncoderCase) async throws {
        let path = try await TagOracle.make(encoder.ext, encoder.codec, sampleRate: encoder.sampleRate, channels: encoder.channels, extra: encoder.extra)
        let ours = try #require(TagReader.read(path: path))
        #expect(ours.format == .mp3)
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(path)) == [])
        #expect(ours.values(.title) == ["Tëst Títle ♫"])
        #expect(ours.values(.track) == ["3/12"])
        // ffmpeg writes the comment as TXXX:comment.
        #expect(ours.values(.comment) == ["A cömment"])
        #expect(ours.length != nil)
    }

    @Test("layer II files of ffmpeg's mp2 and libtwolame encoders, as .mp2 or .mp3, untagged or tagged, agree with Mutagen", arguments: [
        MPEGEncoderCase(name: "mp2 .mp2", ext: "mp2", codec: ["-c:a", "mp2"]),
        MPEGEncoderCase(name: "mp2 192k at 48000 Hz", ext: "mp2", codec: ["-c:a", "mp2", "-b:a", "192k"], sampleRate: 48000),
        MPEGEncoderCase(name: "mp2 MPEG-2 at 24000 Hz", ext: "mp2", codec: ["-c:a", "mp2", "-b:a", "64k"], sampleRate: 24000),
        MPEGEncoderCase(name: "libtwolame", ext: "mp2", codec: ["-c:a", "libtwolame", "-b:a", "192k"]),
        MPEGEncoderCase(name: "mp2 in a file named .mp3", codec: ["-c:a", "mp2"], extra: ["-f", "mp2"]),
    ])
    func layerII(_ encoder: MPEGEncoderCase) async throws {
        let path = try await TagOracle.make(encoder.ext, encoder.codec, sampleRate: encoder.sampleRate, extra: encoder.extra)
        // ffmpeg's mp2 muxer writes no tag: the file starts with a frame.
        let untagged = try #require(TagReader.read(path: path))
        #expect(untagged.fields == [])
        #expect(TagOracle.differences(untagged, try await TagOracle.mutagen(path)) == [])
        _ = try await TagOracle.python(
            """
            import sys
            from mutagen.id3 import ID3, TIT2, TPE1
            t = ID3(); t.add(TIT2(encoding=3, text="Layer II")); t.add(TPE1(encoding=1, text="Ärtist")); t.save(sys.argv[1])
            """, [path])
        let tagged = try #require(TagReader.read(path: path))
        #expect(tagged.values(.title) == ["Layer II"])
        #expect(tagged.values(.artist) == ["Ärtist"])
        #expect(TagOracle.differences(tagged, try await TagOracle.mutagen(path)) == [])
    }

    @Test("the cover ffmpeg attaches is given only when asked, as Mutagen gives it")
    func cover() async throws {
        let path = try await TagOracle.make("mp3", ["-c:a", "libmp3lame"], cover: true)
        let oracle = try await TagOracle.mutagen(path)
        let with = try #require(TagReader.read(path: path, picture: true))
        #expect(TagOracle.differences(with, oracle, picture: true) == [])
        #expect(with.picture?.mimeType == "image/png")
        #expect(with.picture?.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        let without = try #require(TagReader.read(path: path))
        #expect(without.picture == nil)
        #expect(without.fields == with.fields)
    }

    @Test("a large cover is not read unless asked: the file is read no further than its text frames and 64 KiB")
    func boundedReading() async throws {
        let path = try await TagOracle.make("mp3", ["-c:a", "libmp3lame"], tags: [:], seconds: 10, extra: ["-id3v2_version", "0"])
        _ = try await TagOracle.python(
            """
            import sys
            from mutagen.id3 import ID3, TIT2, TPE1, APIC
            t = ID3(); t.add(TIT2(encoding=3, text="Before")); t.add(APIC(encoding=3, mime="image/jpeg", type=3, desc="", data=b"\\xff\\xd8" + b"\\x01" * 2000000))
            t.add(TPE1(encoding=3, text="After")); t.save(sys.argv[1])
            """, [path])
        let file = try #require(TagFile(regularFileAt: path))
        let tags = try #require(TagReader.read(file, picture: false))
        #expect(tags.values(.title) == ["Before"])
        #expect(tags.values(.artist) == ["After"])
        #expect(tags.picture == nil)
        #expect(file.bytesRead < 100_000, "read \(file.bytesRead) of \(file.size) bytes")
        #expect(TagOracle.differences(tags, try await TagOracle.mutagen(path)) == [])
        let again = try #require(TagFile(regularFileAt: path))
        let withPicture = try #require(TagReader.read(again, picture: true))
        #expect(withPicture.picture?.bytes.count == 2_000_002)
        #expect(withPicture.picture?.isFrontCover == true)
    }

    @Test("a file with no tags at all gives no fields and Mutagen's length")
    func untagged() async throws {
        let path = try MPEGTestBytes.write(try await MPEGTestBytes.untaggedMP3(seconds: 3))
        let ours = try #require(TagReader.read(path: path))
        #expect(ours.fields == [])
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(path)) == [])
        let seconds = try #require(ours.length.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 })
        #expect(abs(seconds - 3) < 0.05)
    }

    @Test("junk before the first frame and stacked ID3v2 tags are skipped, and lone false syncs are not taken for frames")
    func findsTheFirstFrame() async throws {
        let first = MPEGTestBytes.tag(major: 4, MPEGTestBytes.frame("TIT2", MPEGTestBytes.text(3, "First"), major: 4), padding: 10)
        let second = MPEGTestBytes.tag(major: 3, MPEGTestBytes.frame("TIT2", MPEGTestBytes.text(0, "Second"), major: 3), padding: 10)
        // Valid headers every 100 bytes, each followed by junk where its next frame should be.
        var junk: [UInt8] = []
        for _ in 0..<30 { junk += [0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0x11, count: 96) }
        for prefix in [first + second, first + junk, first + [UInt8](repeating: 0, count: 5000)] {
            let (ours, oracle) = try await MPEGTestBytes.compare(prefix)
            #expect(ours.values(.title) == ["First"])
            #expect(TagOracle.differences(ours, oracle) == [])
        }
    }

    @Test("an APEv2 tag at the end of an MP3, before an ID3v1 tag, fills only the keys ID3v2 lacks; its bytes are not counted as audio")
    func apeTag() async throws {
        let path = try MPEGTestBytes.write(try await MPEGTestBytes.untaggedMP3(seconds: 3))
        _ = try await TagOracle.python(
            """
            import sys
            from mutagen.id3 import ID3, TIT2
            from mutagen.apev2 import APEv2
            t = ID3(); t.add(TIT2(encoding=3, text="ID3 title")); t.save(sys.argv[1], v1=2)
            a = APEv2(); a["Title"] = "APE title"; a["Artist"] = "APE artist"; a["REPLAYGAIN_TRACK_GAIN"] = "-3.00 dB"
            a["Junk"] = "x" * 20000; a.save(sys.argv[1])
            """, [path])
        let ours = try #require(TagReader.read(path: path))
        #expect(ours.values(.title) == ["ID3 title"])
        #expect(ours.values(.artist) == ["APE artist"])
        #expect(ours.values(.replayGainTrackGain) == ["-3.00 dB"])
        // Mutagen's MP3 reads no APEv2 tag, and counts its 20 kB as audio at 128 kbit/s
        // (1.25 s more than the 3 s of sound): the length is compared with the sound's.
        let oracle = try await TagOracle.mutagen(path)
        #expect(oracle.fields[.artist] == nil)
        #expect(TagOracle.differences(ours, oracle, keys: [.title, .album, .genre, .comment]) == [])
        let seconds = try #require(ours.length.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 })
        #expect(abs(seconds - 3) < 0.05, "\(seconds) s")
    }

    @Test("a VBRI header's frame count gives the length, as Mutagen reads it")
    func vbri() async throws {
        let path = try await TagOracle.make("mp3", ["-c:a", "libmp3lame", "-b:a", "128k"], tags: [:], extra: ["-id3v2_version", "0", "-write_xing", "0"])
        var bytes = try MPEGTestBytes.contents(path)
        let start = try #require(bytes.firstIndex(of: 0xFF))
        // VBRI, version 1, delay, quality, bytes, 200 frames, a table of 2 entries of 2 bytes.
        let header = Array("VBRI".utf8) + [0, 1, 0, 0, 0, 75] + MPEGTestBytes.bigEndian(100_000, bytes: 4) + MPEGTestBytes.bigEndian(200, bytes: 4)
            + [0, 2, 0, 1, 0, 2, 0, 100, 0, 0, 0, 0]
        bytes.replaceSubrange((start + 36)..<(start + 36 + header.count), with: header)
        let patched = try MPEGTestBytes.write(bytes)
        let ours = try #require(TagReader.read(path: patched))
        #expect(ours.length == Duration.samples(200 * 1152, rate: 44100))
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(patched)) == [])
    }

    @Test("a LAME tag's encoder delay and padding are taken off the Xing frame count, as Mutagen does; ffmpeg's Lavc tag's are not")
    func lameDelay() async throws {
        let path = try await TagOracle.make("mp3", ["-c:a", "libmp3lame", "-q:a", "4"], tags: [:], extra: ["-id3v2_version", "0"])
        var bytes = try MPEGTestBytes.contents(path)
        let lavc = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("Lavc".utf8)) })
        let lavcLength = try #require(TagReader.read(bytes)?.length)
        bytes.replaceSubrange(lavc..<(lavc + 9), with: Array("LAME3.100".utf8))
        let patched = try MPEGTestBytes.write(bytes)
        let ours = try #require(TagReader.read(path: patched))
        let delay = Int(bytes[lavc + 21]) << 4 | Int(bytes[lavc + 22] >> 4)
        let padding = Int(bytes[lavc + 22] & 0x0F) << 8 | Int(bytes[lavc + 23])
        #expect(delay > 0)
        let expected = try #require(Duration.samples(delay + padding, rate: 44100))
        let taken = try #require(ours.length.map { lavcLength - $0 })
        #expect(taken - expected <= .microseconds(2) && expected - taken <= .microseconds(2), "\(taken) taken off, \(expected) expected")
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(patched)) == [])
    }

    @Test("startsWithFrame takes MPEG audio headers and refuses ADTS, reserved, free-format and short heads")
    func startsWithFrame() {
        #expect(MPEGAudioTags.startsWithFrame([0xFF, 0xFB, 0x90, 0x00]))  // MPEG-1 layer III 128k 44.1k
        #expect(MPEGAudioTags.startsWithFrame([0xFF, 0xFD, 0xA4, 0xC0]))  // MPEG-1 layer II, mono
        #expect(MPEGAudioTags.startsWithFrame([0xFF, 0xF3, 0x64, 0xC4]))  // MPEG-2 layer III
        #expect(MPEGAudioTags.startsWithFrame([0xFF, 0xE3, 0x28, 0xC4]))  // MPEG-2.5 layer III
        #expect(!MPEGAudioTags.startsWithFrame([0xFF, 0xF1, 0x50, 0x80]))  // AAC ADTS: layer bits 00
        #expect(!MPEGAudioTags.startsWithFrame([0xFF, 0xEB, 0x90, 0x00]))  // reserved version
        #expect(!MPEGAudioTags.startsWithFrame([0xFF, 0xFB, 0x00, 0x00]))  // free format
        #expect(!MPEGAudioTags.startsWithFrame([0xFF, 0xFB, 0xF0, 0x00]))  // bitrate index 15
        #expect(!MPEGAudioTags.startsWithFrame([0xFF, 0xFB, 0x9C, 0x00]))  // reserved sample rate
        #expect(!MPEGAudioTags.startsWithFrame([0xFF, 0xFB, 0x90]))
        #expect(!MPEGAudioTags.startsWithFrame(Array("ID3\u{4}".utf8)))
    }

    @Test("hostile MPEG bytes: truncations, absurd VBR counts, false syncs and empty files never trap, and give bounded results")
    func hostileStreams() async throws {
        let path = try await TagOracle.make("mp3", ["-c:a", "libmp3lame", "-q:a", "4"], extra: ["-write_id3v1", "1"])
        let whole = try MPEGTestBytes.contents(path)
        let full = try #require(TagReader.read(whole, picture: true))
        let fullLength = try #require(full.length)
        let fullKeys = Set(full.fields.map(\.key))
        for cut in Array(stride(from: 0, to: 3000, by: 5)) + Array(stride(from: whole.count - 400, to: whole.count, by: 3)) {
            guard let tags = TagReader.read(Array(whole[..<cut]), picture: true) else { continue }
            #expect(Set(tags.fields.map(\.key)).isSubset(of: fullKeys), "cut at \(cut)")
            if let length = tags.length { #expect(length <= fullLength * 1.01, "cut at \(cut)") }
        }
        // A Xing header claiming 2^32 - 1 frames: a finite length, as the header says.
        let xing = [0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0, count: 32) + Array("Xing".utf8) + [0, 0, 0, 1, 0xFF, 0xFF, 0xFF, 0xFF]
        #expect(TagReader.read(xing)?.length == Duration.samples(4_294_967_295 * 1152, rate: 44100))
        // A VBRI header whose table runs past the end is not believed.
        let vbri = [0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0, count: 32) + Array("VBRI".utf8) + [0, 1, 0, 0, 0, 0, 0, 0, 0, 0]
            + [0, 0, 0, 50, 0xFF, 0xFF, 0, 1, 0, 4, 0, 1]
        #expect(TagReader.read(vbri) == nil)
        // One valid header and nothing after it: no second frame, no tag, no file.
        #expect(TagReader.read([0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0, count: 1000)) == nil)
        #expect(TagReader.read([UInt8](repeating: 0xFF, count: 70_000)) == nil)
        #expect(MPEGAudioTags.read([UInt8](), afterID3v2: nil, picture: true) == nil)
        // Frames in a row give a length; no tag needed.
        let frame = [0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0, count: 413)
        let stream = Array([[UInt8]](repeating: frame, count: 10).joined())
        #expect(TagReader.read(stream)?.length == Duration.seconds(checked: Double(stream.count) * 8 / 128_000))
    }
}
