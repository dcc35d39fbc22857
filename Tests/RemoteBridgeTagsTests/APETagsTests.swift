// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTags
import Testing

/// WavPack, Monkey's Audio and Musepack: the APEv2 tag at their end (before an ID3v1 tag if
/// there is one), compared with Mutagen; the length from each stream's header. ffmpeg encodes
/// only WavPack here, so Monkey's Audio and Musepack headers are made by hand and tagged by
/// Mutagen. Broken tags and headers give what was read before the damage and never trap.
@Suite("APEv2, WavPack, Monkey's Audio and Musepack")
struct APETagsTests: FormatTestSupport {
    /// A WavPack file as ffmpeg encodes it.
    struct WavPackFile: Sendable, CustomTestStringConvertible {
        var name: String
        var sampleRate = 44100
        var channels = 2
        var extra: [String] = []
        var testDescription: String { name }
    }

    static let wavPackFiles = [
        WavPackFile(name: "mono, 44.1 kHz", channels: 1),
        WavPackFile(name: "stereo, 44.1 kHz"),
        WavPackFile(name: "mono, 48 kHz", sampleRate: 48000, channels: 1),
        WavPackFile(name: "stereo, 48 kHz", sampleRate: 48000),
        WavPackFile(name: "5.1 (three blocks a frame), 44.1 kHz", channels: 6),
        WavPackFile(name: "8 kHz", sampleRate: 8000, channels: 1),
        WavPackFile(name: "96 kHz", sampleRate: 96000),
        WavPackFile(name: "32-bit integer samples", extra: ["-sample_fmt", "s32p"]),
        WavPackFile(name: "float samples", extra: ["-sample_fmt", "fltp"]),
    ]

    /// The tags Mutagen writes on hand-made files (one value each: see `multipleValues`).
    static let mutagenTags = #"""
        import sys, mutagen.apev2 as a
        t = a.APEv2()
        for key, value in [("Title", "Hånd Title"), ("Artist", "Hand Ärtist"), ("Album", "Hand Album"), ("Album Artist", "AA"),
                           ("Composer", "Cömposer"), ("Genre", "Jazz"), ("Track", "2/9"), ("Disc", "1/2"), ("Year", "2001"),
                           ("Comment", "A cömment"), ("REPLAYGAIN_TRACK_GAIN", "-6.20 dB"), ("REPLAYGAIN_ALBUM_PEAK", "0.98")]:
            t[key] = value
        t.save(sys.argv[1])
        """#

    // MARK: WavPack, made by ffmpeg

    @Test("each WavPack file ffmpeg makes gives Mutagen's tags and length", arguments: wavPackFiles)
    func wavPack(_ file: WavPackFile) async throws {
        let path = try await TagOracle.make(
            "wv", ["-c:a", "wavpack"], sampleRate: file.sampleRate, channels: file.channels, extra: file.extra)
        let ours = try #require(TagReader.read(path: path))
        let oracle = try await TagOracle.mutagen(path)
        #expect(ours.format == .wavPack)
        #expect(TagOracle.differences(ours, oracle) == [])
        #expect(ours.values(.title) == [TagOracle.standardTags["title"]])
        #expect(ours.length.map { abs(Self.seconds($0) - 3) < 0.001 } == true)
    }

    @Test("ReplayGain tags and a year given to ffmpeg come as their keys, as Mutagen reads them")
    func loudness() async throws {
        let tags = ["REPLAYGAIN_TRACK_GAIN": "-6.20 dB", "REPLAYGAIN_ALBUM_PEAK": "0.98", "year": "1999"]
        let path = try await TagOracle.make("wv", ["-c:a", "wavpack"], tags: tags, seconds: 1)
        let ours = try #require(TagReader.read(path: path))
        #expect(ours.values(.replayGainTrackGain) == ["-6.20 dB"] && ours.values(.replayGainAlbumPeak) == ["0.98"])
        #expect(ours.values(.date) == ["1999"])
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(path)) == [])
    }

    @Test("a custom sample rate (index 15) comes from the ID_SAMPLE_RATE sub-block, as ffprobe reads it; Mutagen 1.46 cannot read it")
    func customRate() async throws {
        let path = try await TagOracle.make("wv", ["-c:a", "wavpack"], sampleRate: 12345, channels: 1)
        let bytes = try Self.bytes(path)
        // The rate index (flag bits 23-26) says "custom".
        #expect(Self.littleEndian(bytes, at: 24, 4) >> 23 & 0xF == 15)
        let ours = try #require(TagReader.read(path: path))
        #expect(ours.length.map { abs(Self.seconds($0) - 3) < 0.001 } == true)
        #expect(TagOracle.differences(ours, try await TagOracle.ffprobe(path)) == [])
        // Mutagen 1.46 indexes its 15-rate table with 15 and raises; a later one that reads the
        // sub-block must agree.
        if let oracle = try? await TagOracle.mutagen(path) {
            #expect(TagOracle.differences(ours, oracle) == [])
        }
    }

    @Test("a WavPack header whose total is unknown (0xFFFFFFFF) takes the length from the last block, as libwavpack does")
    func unknownTotal() async throws {
        for (channels, seconds) in [(2, 3.0), (2, 40.0), (6, 3.0)] {
            let made = try await TagOracle.make("wv", ["-c:a", "wavpack"], seconds: seconds, channels: channels)
            var bytes = try Self.bytes(made)
            bytes.replaceSubrange(12..<16, with: [0xFF, 0xFF, 0xFF, 0xFF])
            let path = try Self.write(bytes, ext: "wv")
            let ours = try #require(TagReader.read(path: path))
            #expect(ours.length.map { abs(Self.seconds($0) - seconds) < 0.001 } == true, "\(channels) channels")
            var oracle = try await TagOracle.mutagen(path)
            if channels == 6 {
                // Mutagen adds up every block's samples, and a 5.1 frame is three blocks (one a
                // channel pair) of the same samples: it says three times the length.
                #expect(oracle.length.map { abs($0 - 3 * seconds) < 0.01 } == true)
                oracle.length = seconds
            }
            #expect(TagOracle.differences(ours, oracle) == [])
            // Without its tag, the last block ends the file.
            let untagged = try #require(Self.index(of: Array("APETAGEX".utf8), in: bytes))
            let bare = try #require(APETaggedTags.read(Array(bytes[..<untagged]), format: .wavPack, picture: false))
            #expect(bare.length == ours.length && bare.fields.isEmpty)
        }
    }

    @Test("a WavPack file written to a pipe states 0 samples: no length, as Mutagen and ffprobe give none")
    func piped() async throws {
        let made = try await TagOracle.make("wv", ["-c:a", "wavpack"], tags: ["title": "Piped"], seconds: 2)
        // ffmpeg fills the total in at the end when it can seek back; written to a pipe, it
        // leaves the 0 it wrote first. This makes the file as a pipe leaves it.
        var bytes = try Self.bytes(made)
        #expect(Self.littleEndian(bytes, at: 12, 4) == 88200)
        bytes.replaceSubrange(12..<16, with: [0, 0, 0, 0])
        let zeroed = try Self.write(bytes, ext: "wv")
        let ours = try #require(TagReader.read(path: zeroed))
        #expect(ours.values(.title) == ["Piped"] && ours.length == nil)
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(zeroed)) == [])
        #expect(TagOracle.differences(ours, try await TagOracle.ffprobe(zeroed)) == [])
    }

    @Test("a long WavPack file is read within 64 KiB beyond its tag, even when its length must be searched for")
    func bytesRead() async throws {
        let path = try await TagOracle.make("wv", ["-c:a", "wavpack"], seconds: 60)
        let file = try #require(TagFile(regularFileAt: path))
        #expect(file.size > 1 << 20)
        #expect(APETaggedTags.read(file, format: .wavPack, picture: true)?.length != nil)
        #expect(file.bytesRead < 64 << 10)
        var bytes = try Self.bytes(path)
        bytes.replaceSubrange(12..<16, with: [0xFF, 0xFF, 0xFF, 0xFF])
        let unknown = try #require(TagFile(regularFileAt: try Self.write(bytes, ext: "wv")))
        #expect(APETaggedTags.read(unknown, format: .wavPack, picture: false)?.length.map { abs(Self.seconds($0) - 60) < 0.01 } == true)
        #expect(unknown.bytesRead < 64 << 10)
    }

    // MARK: The tag's items

    @Test("the front cover (a file name, a NUL, the image) is taken over another cover, only when asked for; its type from its signature")
    func cover() async throws {
        let path = try await TagOracle.make("wv", ["-c:a", "wavpack"])
        let coverPath = try await TagOracle.coverPNG()
        let png = try Self.bytes(coverPath)
        _ = try await TagOracle.python(
            #"""
            import sys, mutagen.apev2 as a
            from mutagen.wavpack import WavPack
            f = WavPack(sys.argv[1])
            png = open(sys.argv[2], "rb").read()
            f.tags["Cover Art (Back)"] = a.APEValue(b"back.jpg\x00\xff\xd8\xff\xe0" + bytes(200), a.BINARY)
            f.tags["Cover Art (Front)"] = a.APEValue(b"cover.png\x00" + png, a.BINARY)
            f.save()
            """#, [path, coverPath])
        let ours = try #require(TagReader.read(path: path, picture: true))
        // Mutagen's reading has no picture for APE tags: the cover is compared with the file.
        #expect(ours.picture?.bytes == png && ours.picture?.mimeType == "image/png" && ours.picture?.isFrontCover == true)
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(path)) == [])
        let without = try #require(TagReader.read(path: path))
        #expect(without.picture == nil && without.fields == ours.fields)
        // With only the back cover, that one is taken, and not as the front.
        _ = try await TagOracle.python(
            #"""
            import sys, mutagen.apev2 as a
            t = a.APEv2(sys.argv[1]); del t["Cover Art (Front)"]; t.save(sys.argv[1])
            """#, [path])
        let back = try #require(TagReader.read(path: path, picture: true)?.picture)
        #expect(back.mimeType == "image/jpeg" && back.bytes.count == 204 && !back.isFrontCover)
    }

    @Test("a text value of several NUL-separated values gives several fields; Mutagen's reading keeps them as one string")
    func multipleValues() async throws {
        let path = try await TagOracle.make("wv", ["-c:a", "wavpack"], tags: [:])
        _ = try await TagOracle.python(
            #"""
            import sys, mutagen.apev2 as a
            t = a.APEv2(); t["Artist"] = ["One", "Two", "Three"]; t["Title"] = "Several"
            t["Comment"] = a.APEValue("http://example.org/", a.EXTERNAL); t.save(sys.argv[1])
            """#, [path])
        let ours = try #require(TagReader.read(path: path))
        #expect(ours.values(.artist) == ["One", "Two", "Three"])
        let oracle = try await TagOracle.mutagen(path)
        #expect(oracle.fields[.artist] == ["One\0Two\0Three"])
        // An external-link item's text is its value, as Mutagen reads it.
        #expect(ours.values(.comment) == ["http://example.org/"])
        #expect(TagOracle.differences(ours, oracle, keys: TagKey.allCases.filter { $0 != .artist }) == [])
    }

    @Test("an APEv2 tag before an ID3v1 tag (and before Lyrics3v2 and ID3v1) is found; ID3v1 fills the keys the APE tag lacks")
    func beforeID3v1() async throws {
        let id3v1 = Array("TAG".utf8) + Self.padded("V1 Title", 30) + Self.padded("V1 Artist", 30) + Self.padded("V1 Album", 30)
            + Array("1990".utf8) + Self.padded("V1 comment", 28) + [0, 5, 8]
        let lyrics = Array("LYRICSBEGININD00003110".utf8)
        let lyricsBlock = lyrics + Array("000022".utf8) + Array("LYRICS200".utf8)
        for between in [[], lyricsBlock] {
            let path = try await TagOracle.make("wv", ["-c:a", "wavpack"], tags: [:])
            _ = try await TagOracle.python(
                #"""
                import sys, mutagen.apev2 as a
                t = a.APEv2(); t["Title"] = "Ape Title"; t["Artist"] = "Ape Artist"; t.save(sys.argv[1])
                """#, [path])
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(between + id3v1))
            try handle.close()
            let ours = try #require(TagReader.read(path: path))
            #expect(ours.values(.title) == ["Ape Title"] && ours.values(.artist) == ["Ape Artist"])
            #expect(ours.values(.album) == ["V1 Album"] && ours.values(.date) == ["1990"])
            #expect(ours.length.map { abs(Self.seconds($0) - 3) < 0.001 } == true)
            // Mutagen reads the APE tag and leaves ID3v1 out.
            #expect(TagOracle.differences(ours, try await TagOracle.mutagen(path), keys: [.title, .artist]) == [])
            let bytes = try Self.bytes(path)
            let tag = try #require(APEv2Tag.read(bytes, picture: false))
            #expect(tag.start == Self.index(of: Array("APETAGEX".utf8), in: bytes))
        }
    }

    @Test("an APEv1 tag (version 1000, no header) is read; its start is its first item")
    func version1() throws {
        let items = Self.item("Title", "Old Title") + Self.item("Artist", "Old Artist")
        let bytes = Array(repeating: 0, count: 100) + items + Self.footer(version: 1000, size: items.count + 32, count: 2, flags: 0)
        let tag = try #require(APEv2Tag.read(bytes, picture: false))
        #expect(tag.tags.values(.title) == ["Old Title"] && tag.tags.values(.artist) == ["Old Artist"])
        #expect(tag.start == 100)
    }

    // MARK: Monkey's Audio and Musepack, made by hand

    @Test("hand-made Monkey's Audio headers of 3.98 on and before give Mutagen's length, and Mutagen's tag fields")
    func monkeysAudio() async throws {
        let cases: [([UInt8], Double)] = [
            (Self.monkeysAudio(version: 3990, totalFrames: 3, finalFrameBlocks: 1000, rate: 44100), (2 * 294_912 + 1000) / 44100),
            (Self.monkeysAudio(version: 3980, totalFrames: 40, finalFrameBlocks: 7000, rate: 48000), (39 * 294_912 + 7000) / 48000),
            (Self.oldMonkeysAudio(version: 3970, compression: 2000, totalFrames: 2, finalFrameBlocks: 5000), (294_912 + 5000) / 44100),
            (Self.oldMonkeysAudio(version: 3900, compression: 1000, totalFrames: 5, finalFrameBlocks: 100), (4 * 73728 + 100) / 44100),
            (Self.oldMonkeysAudio(version: 3800, compression: 3000, totalFrames: 5, finalFrameBlocks: 100), (4 * 9216 + 100) / 44100),
            (Self.oldMonkeysAudio(version: 3700, compression: 2000, totalFrames: 50, finalFrameBlocks: 100), (49 * 9216 + 100) / 44100),
        ]
        for (bytes, seconds) in cases {
            let path = try Self.write(bytes, ext: "ape")
            _ = try await TagOracle.python(Self.mutagenTags, [path])
            let ours = try #require(TagReader.read(path: path))
            #expect(ours.format == .monkeysAudio)
            #expect(ours.length.map { abs(Self.seconds($0) - seconds) < 0.000_01 } == true)
            #expect(ours.values(.title) == ["Hånd Title"] && ours.values(.replayGainTrackGain) == ["-6.20 dB"])
            #expect(TagOracle.differences(ours, try await TagOracle.mutagen(path)) == [])
        }
    }

    @Test("a Monkey's Audio 3.80 header at extra high compression has 73728 samples a frame, as the SDK says; Mutagen says 9216")
    func monkeysAudioExtraHigh() async throws {
        let path = try Self.write(Self.oldMonkeysAudio(version: 3800, compression: 4000, totalFrames: 5, finalFrameBlocks: 100), ext: "ape")
        let ours = try #require(TagReader.read(path: path))
        #expect(ours.length.map { abs(Self.seconds($0) - (4 * 73728 + 100) / 44100) < 0.000_01 } == true)
        // Mutagen compares the compression level with 4, where the SDK and ffmpeg compare it
        // with 4000 (COMPRESSION_LEVEL_EXTRA_HIGH).
        let oracle = try await TagOracle.mutagen(path)
        #expect(oracle.length.map { abs($0 - (4 * 9216 + 100) / 44100) < 0.000_01 } == true)
    }

    @Test("hand-made Musepack SV7 and SV8 headers give Mutagen's length at each rate, and Mutagen's tag fields")
    func musepack() async throws {
        var cases: [([UInt8], Double)] = []
        for (index, rate) in [44100.0, 48000, 37800, 32000].enumerated() {
            // SV7: frames × 1152 less 576, as Mutagen counts.
            cases.append((Self.musepack7(frames: 1000, rateIndex: index), (1000 * 1152 - 576) / rate))
            // SV8: the samples less the silence at the start.
            cases.append((Self.musepack8(samples: 441_000, silence: 576, rateIndex: index), (441_000 - 576) / rate))
        }
        for (bytes, seconds) in cases {
            let path = try Self.write(bytes, ext: "mpc")
            _ = try await TagOracle.python(Self.mutagenTags, [path])
            let ours = try #require(TagReader.read(path: path))
            #expect(ours.format == .musepack)
            #expect(ours.length.map { abs(Self.seconds($0) - seconds) < 0.000_01 } == true)
            #expect(TagOracle.differences(ours, try await TagOracle.mutagen(path)) == [])
        }
    }

    @Test("an SV8 stream without the RG packet still has its length, which Mutagen refuses to give")
    func musepackWithoutReplayGain() async throws {
        let path = try Self.write(Self.musepack8(samples: 96000, silence: 0, rateIndex: 1, replayGain: false), ext: "mpc")
        let ours = try #require(TagReader.read(path: path))
        #expect(ours.length == .seconds(2))
        await #expect(throws: (any Error).self) { try await TagOracle.mutagen(path) }
    }

    @Test("a file in one of these formats with no tag at all gives its format and length, and no fields")
    func untagged() throws {
        let tags = try #require(TagReader.read(Self.musepack7(frames: 100, rateIndex: 0)))
        #expect(tags.format == .musepack && tags.fields.isEmpty && tags.length != nil)
        #expect(APETaggedTags.read(Self.musepack7(frames: 100, rateIndex: 0), format: .flac, picture: false) == nil)
    }

    // MARK: Hostile bytes

    @Test("a file cut short anywhere gives nil or what was read before the cut, never more")
    func truncated() async throws {
        let path = try await TagOracle.make("wv", ["-c:a", "wavpack"], seconds: 0.5)
        _ = try await TagOracle.python(
            #"""
            import sys, mutagen.apev2 as a
            t = a.APEv2(sys.argv[1]); t["Cover Art (Front)"] = a.APEValue(b"c.png\x00\x89PNG" + bytes(300), a.BINARY); t.save(sys.argv[1])
            """#, [path])
        let bytes = try Self.bytes(path)
        let whole = try #require(TagReader.read(bytes, picture: true))
        #expect(whole.picture != nil && whole.fields.count == 10)
        for cut in stride(from: 0, through: bytes.count, by: 7) {
            for part in [Array(bytes[..<cut]), Array(bytes[cut...])] {
                guard let read = TagReader.read(part, picture: true) ?? APEv2Tag.read(part, picture: true)?.tags else { continue }
                #expect(read.fields.allSatisfy { whole.fields.contains($0) }, "cut at \(cut)")
                #expect(read.picture == nil || read.picture == whole.picture, "cut at \(cut)")
            }
        }
    }

    @Test("tag sizes, item counts and value sizes of 0xFFFFFFFF, keys without a NUL or out of range: bounded, the good items kept")
    func hostileTag() throws {
        let good = Self.item("Title", "Kept")
        // A size that runs past the start of the file: no tag.
        #expect(APEv2Tag.read(good + Self.footer(version: 2000, size: 0xFFFF_FFFF, count: 1, flags: 0), picture: true) == nil)
        #expect(APEv2Tag.read(good + Self.footer(version: 2000, size: 31, count: 1, flags: 0), picture: true) == nil)
        // A count of 0xFFFFFFFF: the items the size holds.
        let counted = try #require(APEv2Tag.read(good + Self.footer(version: 2000, size: good.count + 32, count: 0xFFFF_FFFF, flags: 0), picture: true))
        #expect(counted.tags.values(.title) == ["Kept"])
        // A value size of 0xFFFFFFFF, or a key with no NUL: the items before it.
        let huge = Self.littleEndian(0xFFFF_FFFF, 4) + [0, 0, 0, 0] + Array("Artist".utf8) + [0] + Array("x".utf8)
        let noNUL = Self.littleEndian(1, 4) + [0, 0, 0, 0] + Array(repeating: UInt8(ascii: "k"), count: 300)
        for bad in [huge, noNUL] {
            let items = good + bad
            let read = try #require(APEv2Tag.read(items + Self.footer(version: 2000, size: items.count + 32, count: 3, flags: 0), picture: true))
            #expect(read.tags.fields == [TagField(.title, "Kept")])
        }
        // Keys of one character, of 256, or not ASCII are passed over; the items after them kept.
        let odd = Self.item("T", "x") + Self.item(String(repeating: "k", count: 256), "x") + Self.item("Tïtle", "x") + Self.item("Album", "After")
        let read = try #require(APEv2Tag.read(odd + Self.footer(version: 2000, size: odd.count + 32, count: 4, flags: 0), picture: true))
        #expect(read.tags.fields == [TagField(.album, "After")])
        // A header the footer claims but that is not there: the tag starts at its first item.
        let claimed = try #require(
            APEv2Tag.read(Array(repeating: 0, count: 40) + good + Self.footer(version: 2000, size: good.count + 32, count: 1, flags: 1 << 31), picture: true))
        #expect(claimed.start == 40 && claimed.tags.values(.title) == ["Kept"])
        // A version other than 1000 or 2000 is not a tag.
        #expect(APEv2Tag.read(good + Self.footer(version: 3000, size: good.count + 32, count: 1, flags: 0), picture: true) == nil)
        // A Lyrics3v2 size past the start of the file.
        let lyrics = Array("999999LYRICS200".utf8) + Array("TAG".utf8) + Array(repeating: 0, count: 125)
        #expect(APEv2Tag.read(Array(repeating: 0, count: 40) + lyrics, picture: true) == nil)
    }

    @Test("a text value of 200 000 NUL-separated values gives at most 4096 fields, at once")
    func endlessValues() throws {
        // Before, every part was split out and checked against all the fields before it.
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var value: [UInt8] = []
        for index in 0..<200_000 {
            value += [letters[index % 62], letters[index / 62 % 62], letters[index / 3844 % 62], 0]
        }
        let item = Self.littleEndian(UInt64(value.count), 4) + [0, 0, 0, 0] + Array("Title".utf8) + [0] + value
        let read = try #require(APEv2Tag.read(item + Self.footer(version: 2000, size: item.count + 32, count: 1, flags: 0), picture: false))
        #expect(read.tags.fields.count == AudioTags.mostFields)
    }

    @Test("stream headers with sizes, counts and indexes of every extreme never trap, and give no impossible length")
    func hostileHeaders() {
        var wavPack = Array("wvpk".utf8) + Self.littleEndian(0xFFFF_FFFF, 4) + [0x10, 0x04, 0xFF, 0xFF] + Self.littleEndian(0xFFFF_FFFF, 4)
        wavPack += Self.littleEndian(0xFFFF_FFFF, 4) + Self.littleEndian(0xFFFF_FFFF, 4) + Self.littleEndian(0xFFFF_FFFF, 4) + [0, 0, 0, 0]
        wavPack += [0xA7, 0xFF, 0xFF, 0xFF, 0x27, 0x02, 0x39, 0x30, 0, 0] + Array(repeating: 0xFF, count: 64)
        var customRate = Array(wavPack[..<32])
        customRate.replaceSubrange(10..<16, with: [0, 0] + Self.littleEndian(44100, 4))
        customRate.replaceSubrange(16..<20, with: [0, 0, 0, 0])
        customRate.replaceSubrange(24..<28, with: Self.littleEndian(15 << 23, 4))
        let monkeys = Self.monkeysAudio(version: 3990, totalFrames: 0xFFFF_FFFF, finalFrameBlocks: 0xFFFF_FFFF, rate: 1)
        var bigDescriptor = monkeys
        bigDescriptor.replaceSubrange(8..<12, with: Self.littleEndian(0xFFFF_FFFF, 4))
        let zeroRate = Self.monkeysAudio(version: 3990, totalFrames: 3, finalFrameBlocks: 1, rate: 0)
        let packets: [[UInt8]] = [
            Array("MPCK".utf8) + Array("SH".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F],
            Array("MPCK".utf8) + Array("SH".utf8) + [0],
            Array("MPCK".utf8) + Array("SH".utf8) + [8, 0, 0, 0, 0, 8, 0xFF],
            Array("MPCK".utf8) + Array(repeating: Array("XX".utf8) + [3], count: 100).flatMap { $0 },
        ]
        for bytes in [wavPack, customRate, monkeys, bigDescriptor, zeroRate] + packets {
            for format in [AudioFormat.wavPack, .monkeysAudio, .musepack] {
                let tags = APETaggedTags.read(bytes, format: format, picture: true)
                #expect(tags?.length.map { $0 >= .zero && $0 < .seconds(1e9) } ?? true)
            }
        }
        // A custom rate with no sub-block to state it is 44100, as libwavpack takes it.
        #expect(APETaggedTags.read(customRate, format: .wavPack, picture: false)?.length == .seconds(1))
        #expect(APETaggedTags.read(zeroRate, format: .monkeysAudio, picture: false)?.length == nil)
        // Each byte of each header set to each extreme value.
        for base in [Self.monkeysAudio(version: 3990, totalFrames: 3, finalFrameBlocks: 1000, rate: 44100),
                     Self.oldMonkeysAudio(version: 3970, compression: 2000, totalFrames: 2, finalFrameBlocks: 5000),
                     Self.musepack7(frames: 1000, rateIndex: 1), Self.musepack8(samples: 441_000, silence: 576, rateIndex: 2), customRate] {
            for index in 0..<min(base.count, 96) {
                for value: UInt8 in [0, 0x7F, 0x80, 0xFF] {
                    var bytes = base
                    bytes[index] = value
                    _ = TagReader.read(bytes, picture: true)
                }
            }
        }
    }

    // MARK: Helpers

    static func littleEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    static func littleEndian(_ bytes: [UInt8], at offset: Int, _ count: Int) -> UInt64 {
        bytes[offset..<(offset + count)].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    static func padded(_ text: String, _ count: Int) -> [UInt8] {
        Array(Array(text.utf8).prefix(count)) + Array(repeating: 0, count: max(0, count - text.utf8.count))
    }

    /// An APE text item.
    static func item(_ key: String, _ value: String) -> [UInt8] {
        littleEndian(UInt64(value.utf8.count), 4) + [0, 0, 0, 0] + Array(key.utf8) + [0] + Array(value.utf8)
    }

    /// An APE footer.
    static func footer(version: UInt32, size: Int, count: UInt32, flags: UInt32) -> [UInt8] {
        Array("APETAGEX".utf8) + littleEndian(UInt64(version), 4) + littleEndian(UInt64(size), 4) + littleEndian(UInt64(count), 4)
            + littleEndian(UInt64(flags), 4) + Array(repeating: 0, count: 8)
    }

    /// Monkey's Audio 3.98 on: a 52-byte descriptor, then the header (compression 2000,
    /// 73728 × 4 blocks a frame, 16 bits, 2 channels), then some bytes of "audio".
    static func monkeysAudio(version: UInt16, totalFrames: UInt32, finalFrameBlocks: UInt32, rate: UInt32) -> [UInt8] {
        var bytes = Array("MAC ".utf8) + littleEndian(UInt64(version), 2) + [0, 0] + littleEndian(52, 4) + littleEndian(24, 4)
        bytes += Array(repeating: 0, count: 20 + 16)
        bytes += littleEndian(2000, 2) + [0, 0] + littleEndian(73728 * 4, 4) + littleEndian(UInt64(finalFrameBlocks), 4)
        bytes += littleEndian(UInt64(totalFrames), 4) + littleEndian(16, 2) + littleEndian(2, 2) + littleEndian(UInt64(rate), 4)
        return bytes + Array(repeating: 0, count: 200)
    }

    /// Monkey's Audio before 3.98: the header inline (2 channels at 44.1 kHz), padded to the 76
    /// bytes Mutagen reads, then some bytes of "audio".
    static func oldMonkeysAudio(version: UInt16, compression: UInt16, totalFrames: UInt32, finalFrameBlocks: UInt32) -> [UInt8] {
        var bytes = Array("MAC ".utf8) + littleEndian(UInt64(version), 2) + littleEndian(UInt64(compression), 2) + [0, 0]
        bytes += littleEndian(2, 2) + littleEndian(44100, 4) + littleEndian(0, 4) + littleEndian(0, 4)
        bytes += littleEndian(UInt64(totalFrames), 4) + littleEndian(UInt64(finalFrameBlocks), 4)
        return bytes + Array(repeating: 0, count: 76 - bytes.count + 200)
    }

    /// Musepack SV7: "MP+", version 7, the frame count, the flags (the rate index at bit 16),
    /// padded to 32 bytes, then some bytes of "audio".
    static func musepack7(frames: UInt32, rateIndex: Int) -> [UInt8] {
        Array("MP+".utf8) + [0x17] + littleEndian(UInt64(frames), 4) + littleEndian(UInt64(rateIndex) << 16, 4)
            + Array(repeating: 0, count: 20 + 200)
    }

    /// An SV8 varint.
    static func varint(_ value: Int) -> [UInt8] {
        var bytes = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            bytes.insert(UInt8(0x80 | rest & 0x7F), at: 0)
            rest >>= 7
        }
        return bytes
    }

    /// An SV8 packet: its key, its size (counting the key and itself), its data.
    static func packet(_ key: String, _ data: [UInt8]) -> [UInt8] {
        let sizeLength = (1...4).first { varint(data.count + 2 + $0).count == $0 } ?? 4
        return Array(key.utf8) + varint(data.count + 2 + sizeLength) + data
    }

    /// Musepack SV8: "MPCK", a stream header (CRC, version 8, samples, silence, rate index and
    /// band, channels), a ReplayGain packet (Mutagen requires one), an encoder packet, the end.
    static func musepack8(samples: Int, silence: Int, rateIndex: Int, replayGain: Bool = true) -> [UInt8] {
        let header = [0, 0, 0, 0, 8] + varint(samples) + varint(silence) + [UInt8(rateIndex << 5 | 21), 1 << 4]
        var bytes = Array("MPCK".utf8) + packet("SH", header)
        if replayGain { bytes += packet("RG", [1] + Array(repeating: 0, count: 8)) }
        return bytes + packet("EI", [0, 0, 0]) + packet("SE", []) + Array(repeating: 0, count: 100)
    }
}
