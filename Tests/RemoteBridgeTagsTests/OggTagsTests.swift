// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTags
import Testing

/// Ogg Vorbis, Opus, FLAC and Speex, compared with Mutagen on files ffmpeg makes: the comment
/// packet's tags (however many pages it spans), the codec from the identification header, and
/// the length from the last page's granule position; and hand-made or broken streams, which
/// give what was read before the damage and never trap.
@Suite("Ogg tags")
struct OggTagsTests: FormatTestSupport {
    /// An encoder ffmpeg writes Ogg with, and the format it gives.
    struct Encoder: Sendable, CustomTestStringConvertible {
        var name: String
        var ext: String
        var codec: [String]
        var format: AudioFormat
        var sampleRate = 44100
        var channels = 2
        var extra: [String] = []
        var testDescription: String { name }
    }

    static let encoders = [
        Encoder(name: "libvorbis", ext: "ogg", codec: ["-c:a", "libvorbis"], format: .oggVorbis),
        Encoder(name: "vorbis (ffmpeg's own)", ext: "ogg", codec: ["-c:a", "vorbis", "-strict", "-2"], format: .oggVorbis),
        Encoder(name: "libopus", ext: "opus", codec: ["-c:a", "libopus"], format: .oggOpus, sampleRate: 48000),
        Encoder(name: "opus (ffmpeg's own)", ext: "opus", codec: ["-c:a", "opus", "-strict", "-2"], format: .oggOpus, sampleRate: 48000),
        Encoder(name: "flac in Ogg", ext: "oga", codec: ["-c:a", "flac"], format: .oggFLAC, extra: ["-f", "ogg"]),
        Encoder(name: "libspeex", ext: "spx", codec: ["-c:a", "libspeex"], format: .oggSpeex, sampleRate: 16000, channels: 1),
    ]

    @Test("each encoder's file gives Mutagen's tags and length, and its codec as the format", arguments: encoders)
    func encoder(_ encoder: Encoder) async throws {
        let path = try await TagOracle.make(
            encoder.ext, encoder.codec, sampleRate: encoder.sampleRate, channels: encoder.channels, extra: encoder.extra)
        let ours = try #require(TagReader.read(path: path))
        let oracle = try await TagOracle.mutagen(path)
        #expect(ours.format == encoder.format)
        #expect(TagOracle.differences(ours, oracle) == [])
        #expect(ours.values(.title).first == TagOracle.standardTags["title"])
        #expect(ours.length != nil)
    }

    @Test("an Opus length is the last granule position less the pre-skip, at 48 kHz, to the microsecond of Mutagen's")
    func opusPreSkip() async throws {
        let path = try await TagOracle.make("opus", ["-c:a", "libopus"], tags: [:], seconds: 0.25, sampleRate: 48000)
        let bytes = try Self.bytes(path)
        // OpusHead: magic (8), version, channels, then the pre-skip (little-endian).
        let head = try #require(Self.index(of: Array("OpusHead".utf8), in: bytes))
        let preSkip = Int(bytes[head + 10]) | Int(bytes[head + 11]) << 8
        let ours = try #require(TagReader.read(path: path)?.length)
        let oracle = try #require(try await TagOracle.mutagen(path).length)
        #expect(abs(Self.seconds(ours) - oracle) < 0.000_01)
        // The pre-skip is more than 1 % of this short file: a length that kept it would fail.
        #expect(Double(preSkip) / 48000 > 0.01 * oracle)
    }

    @Test("a short Opus file whose last page starts where its header pages end, with an O (0x4F) in every byte of its serial: its length, as Mutagen's (ffmpeg's random serial made 1 file in 20 fail)")
    func lastPageAtTheWindowsStart() async throws {
        let path = try await TagOracle.make(
            "opus", ["-c:a", "libopus"], tags: [:], seconds: 0.25, sampleRate: 48000, extra: ["-fflags", "+bitexact", "-serial_offset", "1330597711"])
        let bytes = try Self.bytes(path)
        #expect(Array(bytes[14..<18]) == [0x4F, 0x4F, 0x4F, 0x4F], "the serial is 0x4F4F4F4F")
        let ours = try #require(TagReader.read(path: path)?.length)
        let oracle = try #require(try await TagOracle.mutagen(path).length)
        #expect(abs(Self.seconds(ours) - oracle) < 0.000_01)
    }

    @Test("Opus's R128 gains and Vorbis's ReplayGain comments come as their keys, as Mutagen reads them")
    func loudness() async throws {
        let opus = try await TagOracle.make(
            "opus", ["-c:a", "libopus"], tags: ["R128_TRACK_GAIN": "-512", "R128_ALBUM_GAIN": "256"], seconds: 1, sampleRate: 48000)
        let vorbis = try await TagOracle.make(
            "ogg", ["-c:a", "libvorbis"], tags: ["REPLAYGAIN_TRACK_GAIN": "-6.20 dB", "REPLAYGAIN_TRACK_PEAK": "0.98"], seconds: 1)
        let opusTags = try #require(TagReader.read(path: opus))
        let vorbisTags = try #require(TagReader.read(path: vorbis))
        #expect(opusTags.values(.r128TrackGain) == ["-512"] && opusTags.values(.r128AlbumGain) == ["256"])
        #expect(vorbisTags.values(.replayGainTrackGain) == ["-6.20 dB"] && vorbisTags.values(.replayGainTrackPeak) == ["0.98"])
        let opusOracle = try await TagOracle.mutagen(opus)
        let vorbisOracle = try await TagOracle.mutagen(vorbis)
        #expect(TagOracle.differences(opusTags, opusOracle) == [])
        #expect(TagOracle.differences(vorbisTags, vorbisOracle) == [])
    }

    @Test("Ogg FLAC's length is STREAMINFO's total samples when it states them (ffmpeg leaves 0), before the granule, as in Mutagen")
    func oggFLACStreamInfo() async throws {
        let made = try await TagOracle.make("oga", ["-c:a", "flac"], seconds: 3, extra: ["-f", "ogg"])
        let asMade = try #require(TagReader.read(path: made)?.length)
        #expect(Self.seconds(asMade) == 3)
        // STREAMINFO follows 0x7F "FLAC", the version, the header count, "fLaC" and its block
        // header; its total samples are the low 36 bits of its bytes 10 to 17. Six seconds' worth.
        var bytes = try Self.bytes(made)
        let start = try #require(Self.index(of: [0x7F] + Array("FLAC".utf8), in: bytes)) + 17 + 10
        var fields = bytes[start..<(start + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        fields = fields & ~0xF_FFFF_FFFF | 6 * 44100
        for index in 0..<8 { bytes[start + index] = UInt8(truncatingIfNeeded: fields >> (56 - 8 * UInt64(index))) }
        let path = try Self.write(bytes, ext: "oga")
        let ours = try #require(TagReader.read(path: path))
        let oracle = try await TagOracle.mutagen(path)
        #expect(ours.length == .seconds(6))
        #expect(TagOracle.differences(ours, oracle) == [])
    }

    @Test("a chained file (two files one after the other) gives the first stream's tags and length, as Mutagen does")
    func chained() async throws {
        let first = try await TagOracle.make("ogg", ["-c:a", "libvorbis"], tags: ["title": "First"], seconds: 2)
        let second = try await TagOracle.make("ogg", ["-c:a", "libvorbis"], tags: ["title": "Second"], seconds: 5)
        for (order, title, seconds) in [([first, second], "First", 2.0), ([second, first], "Second", 5.0)] {
            let path = try Self.write(try order.flatMap { try Self.bytes($0) }, ext: "ogg")
            let ours = try #require(TagReader.read(path: path))
            let oracle = try await TagOracle.mutagen(path)
            #expect(ours.values(.title) == [title])
            #expect(ours.length.map { abs(Self.seconds($0) - seconds) < 0.01 } == true)
            #expect(TagOracle.differences(ours, oracle) == [])
        }
    }

    @Test("a chained file whose first stream ends before its last 64 KiB has no length, where Mutagen reads every page for one")
    func chainedFar() async throws {
        let first = try Self.bytes(try await TagOracle.make("ogg", ["-c:a", "libvorbis"], tags: ["title": "First"], seconds: 2))
        let second = try Self.bytes(try await TagOracle.make("ogg", ["-c:a", "libvorbis"], tags: ["title": "Second"], seconds: 60))
        #expect(second.count > 1 << 16)
        let path = try Self.write(first + second, ext: "ogg")
        let ours = try #require(TagReader.read(path: path))
        var oracle = try await TagOracle.mutagen(path)
        // Mutagen finds the first stream's end by reading the file page by page from the start;
        // this reader reads only the last 64 KiB, which hold none of the first stream's pages.
        #expect(oracle.length.map { abs($0 - 2) < 0.01 } == true)
        #expect(ours.length == nil)
        oracle.length = nil
        #expect(TagOracle.differences(ours, oracle) == [])
    }

    @Test("a comment packet spanning many pages with big METADATA_BLOCK_PICTUREs gives the front cover, and the fields after it", arguments: ["ogg", "opus"])
    func bigPicture(ext: String) async throws {
        let path = try await TagOracle.make(ext, ext == "ogg" ? ["-c:a", "libvorbis"] : ["-c:a", "libopus"], sampleRate: 48000)
        // A back cover first, then a front cover of 300 kB: more than four pages' most (65,025
        // bytes each) once in base64; then an artist after both.
        _ = try await TagOracle.python(
            """
            import sys, os, base64, mutagen
            from mutagen.flac import Picture
            f = mutagen.File(sys.argv[1])
            back = Picture(); back.type = 4; back.mime = "image/png"; back.data = b"\\x89PNG\\r\\n\\x1a\\n" + os.urandom(3000)
            front = Picture(); front.type = 3; front.mime = "image/jpeg"; front.data = b"\\xff\\xd8\\xff\\xe0" + os.urandom(300000)
            f["METADATA_BLOCK_PICTURE"] = [base64.b64encode(p.write()).decode("ascii") for p in (back, front)]
            f["ARTIST"] = ["After the Pictures"]
            f.save()
            """, [path])
        let ours = try #require(TagReader.read(path: path, picture: true))
        let oracle = try await TagOracle.mutagen(path)
        #expect(TagOracle.differences(ours, oracle, picture: true) == [])
        #expect(ours.picture?.isFrontCover == true && ours.picture?.bytes.count == 300_004)
        #expect(ours.values(.artist) == ["After the Pictures"])
        let without = try #require(TagReader.read(path: path))
        #expect(without.picture == nil && without.fields == ours.fields)
    }

    // MARK: Hand-made and broken streams

    @Test("a file cut short anywhere gives nil or what was read before the cut, never more")
    func truncated() async throws {
        let bytes = try Self.bytes(try await TagOracle.make("ogg", ["-c:a", "libvorbis"], seconds: 1))
        let whole = try #require(TagReader.read(bytes, picture: true))
        for cut in stride(from: 0, to: bytes.count, by: 5) {
            guard let part = TagReader.read(Array(bytes[..<cut]), picture: true) else { continue }
            #expect(part.fields.allSatisfy { whole.fields.contains($0) }, "cut at \(cut)")
            #expect(part.length.map { $0 <= whole.length ?? .zero } ?? true, "cut at \(cut)")
        }
    }

    @Test("a hand-made Vorbis stream: its rate, a comment packet over two pages, and the length from the last page with a good CRC")
    func handMadeVorbis() throws {
        let comments = Self.comments(["TITLE=" + String(repeating: "t", count: 560), "ARTIST=One", "ARTIST=Two"])
        let comment = [3] + Array("vorbis".utf8) + comments + [1]
        var bytes = Self.page(flags: 2, [Self.vorbisHeader(rate: 44100)])
        bytes += Self.page([Array(comment[..<510])], open: true)
        bytes += Self.page(flags: 1, [Array(comment[510...]), [5] + Array("vorbis".utf8)])
        bytes += Self.page(granule: 44100, [[0, 1, 2]])
        var broken = Self.page(granule: 441_000, flags: 4, [[0, 1, 2]])
        broken[broken.count - 1] ^= 0xFF
        let tags = try #require(OggTags.read(bytes + broken, picture: false))
        #expect(tags.format == .oggVorbis)
        #expect(tags.values(.title) == [String(repeating: "t", count: 560)] && tags.values(.artist) == ["One", "Two"])
        #expect(tags.length == .seconds(1))
        // With the last page's CRC right, it counts.
        #expect(OggTags.read(bytes + Self.page(granule: 441_000, flags: 4, [[0, 1, 2]]), picture: false)?.length == .seconds(10))
    }

    @Test("granule positions of -1, below Opus's pre-skip, or negative give no length; a rate of 0 none either")
    func noLength() throws {
        let tags = Self.page([Array("OpusTags".utf8) + Self.comments(["TITLE=Opus"])])
        for granule: Int64 in [-1, 100, Int64.min, -2] {
            let opus = Self.page(flags: 2, [Self.opusHeader(preSkip: 312)]) + tags + Self.page(granule: granule, [[0]])
            let read = try #require(OggTags.read(opus, picture: false))
            #expect(read.format == .oggOpus && read.values(.title) == ["Opus"])
            #expect(read.length == nil, "granule \(granule)")
        }
        let vorbis = Self.page(flags: 2, [Self.vorbisHeader(rate: 0)]) + Self.page([[3] + Array("vorbis".utf8) + Self.comments([])])
        let rateless = try #require(OggTags.read(vorbis + Self.page(granule: 1000, [[0]]), picture: false))
        #expect(rateless.format == .oggVorbis && rateless.length == nil)
    }

    @Test("a stream of no known codec, or an Opus header of a later major version, is not read")
    func unknownCodec() {
        #expect(OggTags.read(Self.page(flags: 2, [[0x80] + Array("theora".utf8) + [0, 0, 0]]), picture: false) == nil)
        var header = Self.opusHeader(preSkip: 0)
        header[8] = 0x10
        #expect(OggTags.read(Self.page(flags: 2, [header]), picture: false) == nil)
        #expect(OggTags.read(Array("OggS".utf8) + [1] + Array(repeating: 0, count: 40), picture: false) == nil)
    }

    @Test("another stream's pages between the header pages are passed over")
    func multiplexed() throws {
        var bytes = Self.page(serial: 7, flags: 2, [[0x80] + Array("theora".utf8) + [0, 0, 0]])
        bytes += Self.page(serial: 1, flags: 2, [Self.vorbisHeader(rate: 48000)])
        bytes += Self.page(serial: 7, [Array(repeating: 0xAA, count: 100)])
        bytes += Self.page(serial: 1, [[3] + Array("vorbis".utf8) + Self.comments(["TITLE=Audio"]) + [1]])
        bytes += Self.page(serial: 1, granule: 96000, [[0]]) + Self.page(serial: 7, granule: 5, [[0]])
        let tags = try #require(OggTags.read(bytes, picture: false))
        #expect(tags.values(.title) == ["Audio"] && tags.length == .seconds(2))
    }

    @Test("a packet that never ends, or thousands of empty pages, stops within bounds and gives no tags")
    func endless() throws {
        let open = Self.page(flags: 2, [Self.vorbisHeader(rate: 44100)])
        // 300 pages of 255 pieces of 255 bytes, all one packet (no packet ends on them, so their
        // granule position is -1): past the largest read.
        let piece = Array(repeating: UInt8(0x41), count: 255 * 255)
        var endless = open + Self.page(granule: -1, [piece], open: true)
        let more = Self.page(granule: -1, flags: 1, [piece], open: true)
        for _ in 1..<300 { endless += more }
        let tags = try #require(OggTags.read(endless, picture: true))
        #expect(tags.fields.isEmpty && tags.length == nil)
        var empty = open
        let blank = Self.page(flags: 1, [])
        for _ in 0..<20000 { empty += blank }
        let none = try #require(OggTags.read(empty, picture: false))
        #expect(none.format == .oggVorbis && none.fields.isEmpty)
    }

    @Test("bytes of every value in the page header's fields never trap the reader")
    func hostileHeaders() {
        let base = Self.page(flags: 2, [Self.vorbisHeader(rate: 44100)]) + Self.page([[3] + Array("vorbis".utf8) + Self.comments(["TITLE=x"]) + [1]])
        for index in 0..<base.count {
            for value: UInt8 in [0, 1, 0x7F, 0x80, 0xFE, 0xFF] {
                var bytes = base
                bytes[index] = value
                _ = OggTags.read(bytes, picture: true)
                _ = OggTags.read(Array(bytes.prefix(index)), picture: true)
            }
        }
    }

    // MARK: Helpers

    static func littleEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A Vorbis comment block (little-endian lengths).
    static func comments(_ fields: [String]) -> [UInt8] {
        var bytes = littleEndian(6, 4) + Array("vendor".utf8) + littleEndian(UInt64(fields.count), 4)
        for field in fields { bytes += littleEndian(UInt64(field.utf8.count), 4) + Array(field.utf8) }
        return bytes
    }

    /// Vorbis's identification header: version, 2 channels, the rate, three bitrates, the block
    /// sizes and the framing bit.
    static func vorbisHeader(rate: UInt32) -> [UInt8] {
        [1] + Array("vorbis".utf8) + littleEndian(0, 4) + [2] + littleEndian(UInt64(rate), 4) + Array(repeating: 0, count: 12) + [0xB8, 1]
    }

    /// OpusHead: version 1, 2 channels, the pre-skip, the input rate, the gain, mapping 0.
    static func opusHeader(preSkip: UInt16) -> [UInt8] {
        Array("OpusHead".utf8) + [1, 2] + littleEndian(UInt64(preSkip), 2) + littleEndian(48000, 4) + [0, 0, 0]
    }

    /// An Ogg page holding `packets`, with its CRC; the last packet left to run on into the next
    /// page if `open` (its size must then be a multiple of 255).
    static func page(serial: UInt32 = 1, granule: Int64 = 0, flags: UInt8 = 0, _ packets: [[UInt8]], open: Bool = false) -> [UInt8] {
        var table: [UInt8] = []
        for (index, packet) in packets.enumerated() {
            table += Array(repeating: 255, count: packet.count / 255)
            if !(open && index == packets.count - 1) { table.append(UInt8(packet.count % 255)) }
        }
        var bytes = Array("OggS".utf8) + [0, flags] + littleEndian(UInt64(bitPattern: granule), 8) + littleEndian(UInt64(serial), 4)
        bytes += littleEndian(0, 4) + littleEndian(0, 4) + [UInt8(table.count)] + table + packets.flatMap { $0 }
        var crc: UInt32 = 0
        for byte in bytes {
            crc ^= UInt32(byte) << 24
            for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? crc << 1 ^ 0x04C1_1DB7 : crc << 1 }
        }
        bytes.replaceSubrange(22..<26, with: littleEndian(UInt64(crc), 4))
        return bytes
    }
}
