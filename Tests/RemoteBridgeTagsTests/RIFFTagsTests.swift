// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTags
import Testing

/// WAV (RIFF and RF64) and AIFF (and AIFF-C), compared with ffprobe for RIFF INFO and AIFF's text
/// chunks (Mutagen 1.46 reads neither), and with Mutagen for lengths and ID3v2 chunks; and
/// hand-made or broken files, which give what was read before the damage and never trap.
@Suite("RIFF and AIFF tags")
struct RIFFTagsTests: FormatTestSupport {
    /// An ffmpeg encoder for WAV or AIFF.
    struct Encoder: Sendable, CustomTestStringConvertible {
        var codec: String
        var sampleRate = 44100
        var channels = 2
        var testDescription: String { codec }
    }

    /// Encoders whose every frame takes the block align: their length is Mutagen's.
    static let uncompressedWAV = ["pcm_s16le", "pcm_s24le", "pcm_s32le", "pcm_f32le", "pcm_f64le", "pcm_u8", "pcm_alaw", "pcm_mulaw"].map {
        Encoder(codec: $0)
    }
    /// Encoders of blocks of many samples, which ffmpeg gives a "fact" chunk.
    static let compressedWAV = [
        Encoder(codec: "adpcm_ms"), Encoder(codec: "adpcm_ima_wav"), Encoder(codec: "libmp3lame"),
        Encoder(codec: "adpcm_g726", sampleRate: 8000, channels: 1),
    ]

    @Test("each WAV encoder's file gives ffprobe's INFO tags and length", arguments: uncompressedWAV + compressedWAV)
    func wavAgainstFFprobe(_ encoder: Encoder) async throws {
        let path = try await TagOracle.make("wav", ["-c:a", encoder.codec], sampleRate: encoder.sampleRate, channels: encoder.channels)
        let ours = try #require(TagReader.read(path: path))
        let oracle = try await TagOracle.ffprobe(path)
        #expect(ours.format == .wav)
        #expect(TagOracle.differences(ours, oracle) == [])
        // ffmpeg writes IPRT for the track, UTF-8 text, and no album artist, composer or disc.
        #expect(ours.values(.title).first == TagOracle.standardTags["title"] && ours.values(.track) == ["3/12"])
        #expect(ours.length != nil)
    }

    @Test("an uncompressed WAV's length is Mutagen's: the data bytes over the block align, at the sample rate", arguments: uncompressedWAV)
    func uncompressedLength(_ encoder: Encoder) async throws {
        let path = try await TagOracle.make("wav", ["-c:a", encoder.codec], tags: [:])
        let ours = try #require(TagReader.read(path: path))
        let oracle = try await TagOracle.mutagen(path)
        #expect(TagOracle.differences(ours, oracle, lengthTolerance: 0.0001) == [])
    }

    @Test("a compressed WAV's length is the fact chunk's samples, as ffprobe reads it, where Mutagen's rule is far off", arguments: compressedWAV)
    func compressedLength(_ encoder: Encoder) async throws {
        let path = try await TagOracle.make(
            "wav", ["-c:a", encoder.codec], tags: [:], sampleRate: encoder.sampleRate, channels: encoder.channels)
        let ours = try Self.seconds(#require(TagReader.read(path: path)?.length))
        let probed = try #require(try await TagOracle.ffprobe(path).length)
        let mutagen = try await TagOracle.mutagen(path).length ?? 0
        #expect(abs(ours - probed) <= probed * 0.01)
        // Mutagen divides the data by the block align as if each block were one frame.
        #expect(abs(mutagen - ours) > ours / 10)
        #expect(Self.index(of: Array("fact".utf8), in: try Self.bytes(path)) != nil)
    }

    @Test("RF64 (-rf64 always): the data size from the ds64 chunk, tags and length as ffprobe reads them")
    func rf64() async throws {
        let path = try await TagOracle.make("wav", ["-c:a", "pcm_s16le"], extra: ["-rf64", "always"])
        var bytes = try Self.bytes(path)
        #expect(bytes.starts(with: Array("RF64".utf8)))
        let data = try #require(Self.index(of: Array("data".utf8), in: bytes))
        #expect(bytes[(data + 4)..<(data + 8)].allSatisfy { $0 == 0xFF })
        let ours = try #require(TagReader.read(path: path))
        // Mutagen 1.46 refuses RF64 ("Root chunk must be a RIFF chunk").
        let oracle = try await TagOracle.ffprobe(path)
        #expect(ours.format == .wav && TagOracle.differences(ours, oracle) == [])
        // The ds64 chunk's data size (after the RIFF size) is believed: halved, the length halves.
        let ds64 = try #require(Self.index(of: Array("ds64".utf8), in: bytes)) + 8 + 8
        let size = bytes[ds64..<(ds64 + 8)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        bytes.replaceSubrange(ds64..<(ds64 + 8), with: Self.littleEndian(size / 2, 8))
        #expect(RIFFTags.read(bytes, picture: false)?.length == .milliseconds(1500))
    }

    @Test("a WAV written to a pipe (data size 0xFFFFFFFF, or 0) runs to the end of the file, as ffprobe reads it; Mutagen believes the 4 GiB")
    func streamed() async throws {
        let path = try await TagOracle.make("wav", ["-c:a", "pcm_s16le"], tags: ["title": "Piped"])
        let bytes = try Self.bytes(path)
        let data = try #require(Self.index(of: Array("data".utf8), in: bytes))
        for size: UInt64 in [0xFFFF_FFFF, 0] {
            var streamed = bytes
            streamed.replaceSubrange(4..<8, with: Self.littleEndian(size, 4))
            streamed.replaceSubrange((data + 4)..<(data + 8), with: Self.littleEndian(size, 4))
            let copy = try Self.write(streamed, ext: "wav")
            let ours = try #require(TagReader.read(path: copy))
            let oracle = try await TagOracle.ffprobe(copy)
            #expect(TagOracle.differences(ours, oracle) == [], "size \(size)")
            #expect(ours.values(.title) == ["Piped"] && ours.length == .seconds(3), "size \(size)")
        }
    }

    @Test("a WAV cut short in its data has the length of the data it holds")
    func cutData() async throws {
        let bytes = try Self.bytes(try await TagOracle.make("wav", ["-c:a", "pcm_s16le"], tags: ["title": "Cut"], seconds: 4))
        let data = try #require(Self.index(of: Array("data".utf8), in: bytes)) + 8
        let cut = Array(bytes[..<(data + 44100 * 4)])
        let tags = try #require(TagReader.read(cut))
        #expect(tags.values(.title) == ["Cut"] && tags.length == .seconds(1))
    }

    @Test("a WAV's id3 chunk (as Mutagen writes it, or named \"ID3 \") gives its fields and cover first; INFO fills the rest")
    func wavID3() async throws {
        let path = try await TagOracle.make("wav", ["-c:a", "pcm_s16le"])
        let info = try await TagOracle.ffprobe(path)
        _ = try await TagOracle.python(
            """
            import sys
            from mutagen.wave import WAVE
            from mutagen.id3 import TIT2, TPE1, TCON, APIC
            f = WAVE(sys.argv[1]); f.add_tags()
            f.tags.add(TIT2(encoding=3, text=["ID3 Title"])); f.tags.add(TPE1(encoding=3, text=["ID3 Artist", "Second"]))
            f.tags.add(TCON(encoding=3, text=["Rock"]))
            f.tags.add(APIC(encoding=3, mime="image/png", type=3, desc="", data=b"\\x89PNG\\r\\n\\x1a\\n" + bytes(500)))
            f.save()
            """, [path])
        var upper = try Self.bytes(path)
        let chunk = try #require(Self.index(of: Array("id3 ".utf8), in: upper))
        upper.replaceSubrange(chunk..<(chunk + 4), with: Array("ID3 ".utf8))
        let oracle = try await TagOracle.mutagen(path)
        for file in [path, try Self.write(upper, ext: "wav")] {
            let ours = try #require(TagReader.read(path: file, picture: true))
            #expect(ours.format == .wav)
            #expect(TagOracle.differences(ours, oracle, keys: [.title, .artist, .genre], picture: true) == [])
            #expect(ours.values(.artist) == ["ID3 Artist", "Second"])
            #expect(TagOracle.differences(ours, info, keys: [.album, .date, .comment, .track]) == [])
            #expect(Set(ours.fields.prefix(4).map(\.key)) == [.title, .artist, .genre])
        }
    }

    @Test("INFO items: ITRK or IPRT, Latin-1 when not UTF-8, odd sizes padded, unknown items and other lists passed over")
    func handMadeInfo() throws {
        let items = Self.chunk("ISFT", Array("Lavf\0".utf8)) + Self.chunk("INAM", [0x43, 0x61, 0x66, 0xE9, 0]) + Self.chunk("IART", Array("One\0".utf8))
            + Self.chunk("IART", Array("Two".utf8)) + Self.chunk("ITRK", Array("7\0".utf8)) + Self.chunk("ICRD", Array("1999\0\0\0".utf8))
        let labels = Self.chunk("LIST", Array("adtl".utf8) + Self.chunk("INAM", Array("Not a title".utf8)))
        let bytes = Self.wave(Self.chunk("fmt ", Self.fmt()) + labels + Self.chunk("LIST", Array("INFO".utf8) + items) + Self.chunk("data", [0, 0, 0, 0]))
        let tags = try #require(RIFFTags.read(bytes, picture: false))
        #expect(tags.fields == [TagField(.title, "Café"), TagField(.artist, "One"), TagField(.artist, "Two"), TagField(.track, "7"), TagField(.date, "1999")])
        // Four bytes are one frame of two 16-bit channels: 1/44100 s, to the microsecond.
        #expect(tags.length == .microseconds(23))
    }

    @Test("WAVE_FORMAT_EXTENSIBLE takes its sub-format's tag: float is uncompressed, and a fact chunk counts only for compressed audio")
    func extensible() throws {
        // 2 channels of 32-bit float: block align 8, 352,800 bytes a second; a fact chunk that
        // says otherwise is not believed for it.
        let float = Self.fmt(tag: 0xFFFE, bits: 32) + [22, 0, 32, 0, 3, 0, 0, 0, 3, 0] + Array(repeating: 0, count: 14)
        let bytes = Self.wave(Self.chunk("fmt ", float) + Self.chunk("fact", Self.littleEndian(1, 4)) + Self.chunk("data", Array(repeating: 0, count: 352_800)))
        #expect(RIFFTags.read(bytes, picture: false)?.length == .seconds(1))
        // MPEG audio (0x55): the fact chunk's 88,200 samples at 44.1 kHz.
        let mpeg = Self.wave(Self.chunk("fmt ", Self.fmt(tag: 0x55)) + Self.chunk("fact", Self.littleEndian(88200, 4)) + Self.chunk("data", [1, 2, 3]))
        #expect(RIFFTags.read(mpeg, picture: false)?.length == .seconds(2))
    }

    @Test("AIFF and AIFF-C: NAME, AUTH and ANNO as ffprobe reads them, AUTH as the artist, \"(c) \" left out, and Mutagen's length",
        arguments: ["pcm_s16be", "pcm_s24be", "pcm_s8", "pcm_f32be", "pcm_f64be", "pcm_alaw", "pcm_mulaw"])
    func aiff(codec: String) async throws {
        let tags = ["title": "Tëst Títle ♫", "author": "Äuthor", "copyright": "(c) Someone", "comment": "A cömment"]
        let path = try await TagOracle.make("aiff", ["-c:a", codec], tags: tags)
        let form = String(decoding: try Self.bytes(path)[8..<12], as: UTF8.self)
        #expect(form == (["pcm_s16be", "pcm_s24be", "pcm_s8"].contains(codec) ? "AIFF" : "AIFC"))
        let ours = try #require(TagReader.read(path: path))
        let probed = try await TagOracle.ffprobe(path)
        let mutagen = try await TagOracle.mutagen(path)
        #expect(ours.format == .aiff)
        // ffprobe names AUTH "author", which the oracle maps to no key.
        #expect(TagOracle.differences(ours, probed, keys: TagKey.allCases.filter { $0 != .artist }) == [])
        #expect(ours.values(.title) == ["Tëst Títle ♫"] && ours.values(.artist) == ["Äuthor"] && ours.values(.comment) == ["A cömment"])
        #expect(!ours.fields.contains { $0.value.contains("Someone") })
        #expect(TagOracle.differences(ours, mutagen, keys: []) == [] && ours.length != nil)
    }

    @Test("AIFF-C's ima4 counts 64-sample packets: the length is ffprobe's, where Mutagen's is 64 times short")
    func aiffIMA4() async throws {
        let path = try await TagOracle.make("aifc", ["-c:a", "adpcm_ima_qt"], tags: [:], extra: ["-f", "aiff"])
        let ours = try #require(TagReader.read(path: path))
        let probed = try await TagOracle.ffprobe(path)
        let mutagen = try #require(try await TagOracle.mutagen(path).length)
        let length = try Self.seconds(#require(ours.length))
        #expect(TagOracle.differences(ours, probed) == [])
        #expect(abs(mutagen * 64 - length) < 0.001)
    }

    @Test("an AIFF's ID3 chunk (-write_id3v2 1) gives Mutagen's fields and cover; NAME and ANNO fill only what it lacks")
    func aiffID3() async throws {
        let path = try await TagOracle.make("aiff", ["-c:a", "pcm_s16be"], cover: true, extra: ["-write_id3v2", "1"])
        let ours = try #require(TagReader.read(path: path, picture: true))
        let oracle = try await TagOracle.mutagen(path)
        #expect(ours.format == .aiff)
        #expect(TagOracle.differences(ours, oracle, picture: true) == [])
        #expect(ours.values(.album) == [TagOracle.standardTags["album"]].compactMap { $0 })
        #expect(ours.picture != nil)
    }

    @Test("hand-made AIFF: COMT's first comment, several ANNO in order, Latin-1 NAME, and the 80-bit rate")
    func handMadeAIFF() throws {
        let comments = Self.bigEndian(2, 2) + Self.bigEndian(0, 4) + Self.bigEndian(0, 2) + Self.bigEndian(5, 2) + Array("First".utf8) + [0]
            + Self.bigEndian(0, 4) + Self.bigEndian(0, 2) + Self.bigEndian(6, 2) + Array("Second".utf8)
        let chunks = Self.chunk("NAME", [0x4E, 0x61, 0xEF, 0x76, 0x65], bigEndian: true) + Self.chunk("ANNO", Array("One".utf8), bigEndian: true)
            + Self.chunk("COMT", comments, bigEndian: true) + Self.chunk("ANNO", Array("Two".utf8), bigEndian: true)
            + Self.chunk("(c) ", Array("Owner".utf8), bigEndian: true) + Self.comm(frames: 96000, rate: Self.extended(48000))
        let tags = try #require(AIFFTags.read(Self.aiff(chunks), picture: false))
        #expect(tags.fields == [TagField(.title, "Naïve"), TagField(.comment, "One"), TagField(.comment, "First"), TagField(.comment, "Two")])
        #expect(tags.length == .seconds(2))
        for (rate, frames, seconds) in [(44100.0, 44100 * 3, 3.0), (8000, 4000, 0.5), (22050, 11025, 0.5), (96000, 960, 0.01)] {
            let length = AIFFTags.read(Self.aiff(Self.comm(frames: UInt32(frames), rate: Self.extended(rate))), picture: false)?.length
            #expect(length.map(Self.seconds) == seconds, "rate \(rate)")
        }
    }

    @Test("80-bit rates of infinity, NaN, 0, negative, huge or tiny exponents give no length and never trap")
    func hostileRates() throws {
        let rates: [[UInt8]] = [
            [0x7F, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0], [0x7F, 0xFF, 0xC0, 0, 0, 0, 0, 0, 0, 1], [0xFF, 0xFF] + Array(repeating: 0xFF, count: 8),
            Array(repeating: 0, count: 10), [0xC0, 0x0E, 0xAC, 0x44, 0, 0, 0, 0, 0, 0], [0x7F, 0xFE] + Array(repeating: 0xFF, count: 8),
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [0, 1, 0x80, 0, 0, 0, 0, 0, 0, 0], [0x40, 0x0E, 0, 0, 0, 0, 0, 0, 0, 0],
        ]
        for rate in rates {
            let tags = try #require(AIFFTags.read(Self.aiff(Self.comm(frames: 0xFFFF_FFFF, rate: rate)), picture: false))
            #expect(tags.length == nil, "rate \(rate)")
        }
    }

    // MARK: Hostile files

    @Test("WAV and AIFF files cut short anywhere in their chunk headers give nil or what was read before the cut, never more")
    func truncated() async throws {
        let wav = try Self.bytes(try await TagOracle.make("wav", ["-c:a", "pcm_s16le"], seconds: 0.2))
        let aiff = try Self.bytes(try await TagOracle.make("aiff", ["-c:a", "pcm_f32be"], seconds: 0.2))
        for bytes in [wav, aiff] {
            let whole = try #require(TagReader.read(bytes))
            for cut in 0..<min(bytes.count, 400) {
                guard let part = TagReader.read(Array(bytes[..<cut])) else { continue }
                #expect(part.fields.allSatisfy { whole.fields.contains($0) }, "cut at \(cut)")
                #expect(part.length.map { $0 <= whole.length ?? .zero } ?? true, "cut at \(cut)")
            }
        }
    }

    @Test("chunk sizes of 0xFFFFFFFF, thousands of empty chunks, and every byte value in the headers never trap or run on")
    func hostileChunks() throws {
        let huge = Self.littleEndian(0xFFFF_FFFF, 4)
        for id in ["fmt ", "LIST", "fact", "id3 ", "ds64", "data", "junk"] {
            #expect(RIFFTags.read(Self.wave(Array(id.utf8) + huge + Array(repeating: 0x41, count: 64)), picture: true) != nil)
            #expect(RIFFTags.read(Self.wave(Array(id.utf8) + huge, form: "RF64"), picture: true) != nil)
            #expect(AIFFTags.read(Self.aiff(Array(id.uppercased().utf8) + huge + Array(repeating: 0x41, count: 64)), picture: true) != nil)
        }
        // An INFO list claiming more than it holds, and an item claiming more than the list.
        let info = Self.chunk("LIST", Array("INFO".utf8) + Array("INAM".utf8) + huge + Array("Title".utf8))
        #expect(RIFFTags.read(Self.wave(info), picture: false)?.fields == [])
        var empty: [UInt8] = []
        for _ in 0..<20000 { empty += Array("junk".utf8) + [0, 0, 0, 0] }
        let title = Self.chunk("LIST", Array("INFO".utf8) + Self.chunk("INAM", Array("Late".utf8)))
        // The walk stops after its bound of chunks, before a title placed after 20,000 of them.
        #expect(RIFFTags.read(Self.wave(empty + title), picture: false)?.fields == [])
        #expect(AIFFTags.read(Self.aiff(empty + Self.chunk("NAME", Array("Late".utf8), bigEndian: true)), picture: false)?.fields == [])
        let base = Self.wave(Self.chunk("fmt ", Self.fmt()) + Self.chunk("LIST", Array("INFO".utf8) + Self.chunk("INAM", Array("T".utf8))) + Self.chunk("data", [0, 0]))
        let aiffBase = Self.aiff(Self.chunk("NAME", Array("T".utf8), bigEndian: true) + Self.comm(frames: 10, rate: Self.extended(44100)))
        for bytes in [base, aiffBase] {
            for index in 0..<bytes.count {
                for value: UInt8 in [0, 1, 0x7F, 0x80, 0xFE, 0xFF] {
                    var changed = bytes
                    changed[index] = value
                    _ = TagReader.read(changed, picture: true)
                }
            }
        }
    }

    @Test("2000 INFO lists of 100 titles each give at most 1024 fields, at once")
    func endlessInfoLists() throws {
        // Before, each list was read whole, and every title checked against all before it.
        var chunks: [UInt8] = []
        for list in 0..<2000 {
            var items: [UInt8] = []
            for item in 0..<100 { items += Self.chunk("INAM", Array(String(format: "%06d", list * 100 + item).utf8)) }
            chunks += Self.chunk("LIST", Array("INFO".utf8) + items)
        }
        let tags = try #require(RIFFTags.read(Self.wave(chunks), picture: false))
        // The bound counts INFO items read, some of which give no field.
        #expect(tags.fields.count <= 1024 && tags.fields.count > 1000, "\(tags.fields.count) fields")
    }

    // MARK: Helpers

    static func littleEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    static func bigEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        littleEndian(value, count).reversed()
    }

    /// A chunk: id, size, body, and a pad byte after an odd body.
    static func chunk(_ id: String, _ body: [UInt8], bigEndian: Bool = false) -> [UInt8] {
        let size = UInt64(body.count)
        return Array(id.utf8) + (bigEndian ? Self.bigEndian(size, 4) : littleEndian(size, 4)) + body + (body.count % 2 == 1 ? [0] : [])
    }

    static func wave(_ chunks: [UInt8], form: String = "RIFF") -> [UInt8] {
        Array(form.utf8) + littleEndian(UInt64(4 + chunks.count), 4) + Array("WAVE".utf8) + chunks
    }

    static func aiff(_ chunks: [UInt8]) -> [UInt8] {
        Array("FORM".utf8) + bigEndian(UInt64(4 + chunks.count), 4) + Array("AIFF".utf8) + chunks
    }

    /// A "fmt " body of 16 bytes: tag, channels, rate, byte rate, block align, bits.
    static func fmt(tag: UInt16 = 1, channels: UInt16 = 2, rate: UInt32 = 44100, bits: UInt16 = 16) -> [UInt8] {
        let align = UInt64(channels) * UInt64(bits) / 8
        return littleEndian(UInt64(tag), 2) + littleEndian(UInt64(channels), 2) + littleEndian(UInt64(rate), 4)
            + littleEndian(UInt64(rate) * align, 4) + littleEndian(align, 2) + littleEndian(UInt64(bits), 2)
    }

    /// A COMM chunk: 2 channels, `frames`, 16 bits, and `rate` (ten bytes, an 80-bit float).
    static func comm(frames: UInt32, rate: [UInt8]) -> [UInt8] {
        chunk("COMM", bigEndian(2, 2) + bigEndian(UInt64(frames), 4) + bigEndian(16, 2) + rate, bigEndian: true)
    }

    /// `value` (positive) as an 80-bit extended float.
    static func extended(_ value: Double) -> [UInt8] {
        let exponent = Int(value.exponent)
        let significand = UInt64(value.significand * 0x1p63)
        return bigEndian(UInt64(exponent + 16383), 2) + bigEndian(significand, 8)
    }
}
