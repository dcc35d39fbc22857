// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTags
import Testing

/// MP4 audio (M4A with AAC or ALAC, M4B, ffmpeg's `mp4` and `ipod` muxers): ffmpeg's files read
/// as Mutagen reads them, whichever side of `mdat` the `moov` box is; the box walk's edge cases
/// on bytes built by hand; and hostile bytes.
@Suite("MP4 tags")
struct MP4TagsTests {
    /// One way ffmpeg writes MP4 audio.
    struct Encoding: Sendable, CustomTestStringConvertible {
        let name: String
        let ext: String
        let codec: [String]
        let extra: [String]
        /// Whether `moov` comes before `mdat` (`-movflags +faststart`); ffmpeg puts it after by default.
        let moovFirst: Bool
        var testDescription: String { name }
    }

    static let encodings = [
        Encoding(name: "AAC in M4A", ext: "m4a", codec: ["-c:a", "aac"], extra: [], moovFirst: false),
        Encoding(name: "ALAC in M4A", ext: "m4a", codec: ["-c:a", "alac"], extra: [], moovFirst: false),
        Encoding(name: "AAC in M4B (-f ipod)", ext: "m4b", codec: ["-c:a", "aac"], extra: ["-f", "ipod"], moovFirst: false),
        Encoding(name: "AAC with -f mp4", ext: "mp4", codec: ["-c:a", "aac"], extra: ["-f", "mp4"], moovFirst: false),
        Encoding(name: "AAC with +faststart", ext: "m4a", codec: ["-c:a", "aac"], extra: ["-movflags", "+faststart"], moovFirst: true),
        Encoding(name: "ALAC with +faststart", ext: "m4a", codec: ["-c:a", "alac"], extra: ["-movflags", "+faststart"], moovFirst: true),
    ]

    @Test("ffmpeg's MP4 files give Mutagen's tags and length, with moov before or after mdat, reading only box headers and the tags", arguments: encodings)
    func ffmpegFiles(_ encoding: Encoding) async throws {
        let path = try await TagOracle.make(encoding.ext, encoding.codec, extra: encoding.extra)
        let types = try MP4Bytes.topLevelTypes(path)
        let moov = try #require(types.firstIndex(of: "moov"))
        let mdat = try #require(types.firstIndex(of: "mdat"))
        #expect((moov < mdat) == encoding.moovFirst)

        let file = try #require(TagFile(regularFileAt: path))
        let ours = try #require(TagReader.read(file))
        #expect(ours.format == .mp4)
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(path)) == [])
        #expect(ours.values(.track) == ["3/12"])
        #expect(ours.values(.disc) == ["1/2"])
        // The audio (about 50 KB here) is stepped over, never read: the box headers and the tags
        // come in at most two of TagFile's 8 KiB windows (the start, and moov at the end).
        #expect(file.bytesRead <= 2 * 8192, "read \(file.bytesRead) of \(file.size) bytes")
    }

    @Test("the cover ffmpeg attaches is given as Mutagen gives it, and only when asked for")
    func ffmpegCover() async throws {
        let path = try await TagOracle.make("m4a", ["-c:a", "aac"], cover: true)
        let oracle = try await TagOracle.mutagen(path)
        let withPicture = try #require(TagReader.read(path: path, picture: true))
        #expect(TagOracle.differences(withPicture, oracle, picture: true) == [])
        #expect(withPicture.picture?.mimeType == "image/png")
        let without = try #require(TagReader.read(path: path, picture: false))
        #expect(without.picture == nil)
        #expect(TagOracle.differences(without, oracle) == [])
    }

    @Test("of several covers the first is given (JPEG typed 13), and a cover not asked for is never read")
    func firstOfSeveralCovers() async throws {
        let path = try await TagOracle.make("m4a", ["-c:a", "alac"])
        let jpeg = try await MP4Bytes.noiseJPEG()
        _ = try await TagOracle.python(
            """
            import sys
            from mutagen.mp4 import MP4, MP4Cover
            f = MP4(sys.argv[1])
            f['covr'] = [MP4Cover(open(sys.argv[2], 'rb').read(), MP4Cover.FORMAT_JPEG),
                         MP4Cover(open(sys.argv[3], 'rb').read(), MP4Cover.FORMAT_PNG)]
            f.save()
            """, [path, jpeg, try await TagOracle.coverPNG()])
        let jpegSize = try Data(contentsOf: URL(fileURLWithPath: jpeg)).count
        let oracle = try await TagOracle.mutagen(path)
        let withPicture = try #require(TagReader.read(path: path, picture: true))
        #expect(TagOracle.differences(withPicture, oracle, picture: true) == [])
        #expect(withPicture.picture?.mimeType == "image/jpeg")
        #expect(withPicture.picture?.bytes.count == jpegSize)

        let file = try #require(TagFile(regularFileAt: path))
        let without = try #require(TagReader.read(file, picture: false))
        #expect(without.picture == nil)
        #expect(TagOracle.differences(without, oracle) == [])
        // Not asked for, the cover is stepped over: less is read than the cover alone holds.
        #expect(file.bytesRead < jpegSize, "read \(file.bytesRead) bytes; the cover is \(jpegSize)")
    }

    @Test("freeform ReplayGain atoms added with Mutagen are read in any case and namespace; other freeform names are not")
    func freeformReplayGain() async throws {
        let path = try await TagOracle.make("m4a", ["-c:a", "aac"])
        _ = try await TagOracle.python(
            """
            import sys
            from mutagen.mp4 import MP4
            f = MP4(sys.argv[1])
            f['----:com.apple.iTunes:REPLAYGAIN_TRACK_GAIN'] = [b'-6.20 dB']
            f['----:com.apple.iTunes:REPLAYGAIN_TRACK_PEAK'] = [b'0.988']
            f['----:org.example:replaygain_album_gain'] = [b'-5.00 dB']
            f['----:com.apple.iTunes:ARTIST'] = [b'A freeform artist']
            f['----:com.apple.iTunes:MusicBrainz Track Id'] = [b'0b4c']
            f.save()
            """, [path])
        let ours = try #require(TagReader.read(path: path))
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(path)) == [])
        #expect(ours.values(.replayGainTrackGain) == ["-6.20 dB"])
        #expect(ours.values(.replayGainTrackPeak) == ["0.988"])
        #expect(ours.values(.replayGainAlbumGain) == ["-5.00 dB"])
        // The oracle reads only the loudness names from freeform atoms: the tags have atoms of their own.
        #expect(ours.values(.artist) == ["Artist Øne"])
    }

    @Test("a track with no total reads as its number alone, and a disc numbered 0 gives nothing, as with Mutagen")
    func numberPairs() async throws {
        let path = try await TagOracle.make("m4a", ["-c:a", "aac"])
        _ = try await TagOracle.python(
            """
            import sys
            from mutagen.mp4 import MP4
            f = MP4(sys.argv[1])
            f['trkn'] = [(4, 0)]
            f['disk'] = [(0, 3)]
            f.save()
            """, [path])
        let ours = try #require(TagReader.read(path: path))
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(path)) == [])
        #expect(ours.values(.track) == ["4"])
        #expect(ours.values(.disc) == [])
    }

    // MARK: Built by hand

    @Test("gnre counts ID3v1 genres from 1 and comes among ©gen values in file order, as with Mutagen; 0 and numbers past the table give nothing")
    func genreNumbers() async throws {
        let bytes = MP4Bytes.file(items: [
            MP4Bytes.text("©gen", "Bebop"),
            MP4Bytes.item("gnre", type: 0, [0, 9]),
            MP4Bytes.item("gnre", type: 0, [0x01, 0xF4]),  // 500: past the table
            MP4Bytes.text("©nam", "Numbers"),
        ])
        let ours = try #require(TagReader.read(bytes))
        #expect(ours.values(.genre) == ["Bebop", "Jazz"])
        #expect(try await TagOracle.mutagen(MP4Bytes.write(bytes)).fields[.genre] == ["Bebop", "Jazz"])
        // Mutagen indexes its table with 0 - 1, which Python takes as the last name ("Psybient");
        // a gnre of 0 is no genre.
        let zero = try #require(TagReader.read(MP4Bytes.file(items: [MP4Bytes.item("gnre", type: 0, [0, 0])])))
        #expect(zero.values(.genre) == [])
    }

    @Test("several data atoms in one atom give several values in order (UTF-8 typed 1, or implicit 0), as with Mutagen")
    func severalValues() async throws {
        let title = MP4Bytes.box("©nam", MP4Bytes.data(1, Array("One".utf8)) + MP4Bytes.data(0, Array("Two".utf8)))
        let bytes = MP4Bytes.file(items: [title, MP4Bytes.item("trkn", type: 0, [0, 0, 0, 3, 0, 12, 0, 0])])
        let ours = try #require(TagReader.read(bytes))
        #expect(ours.values(.title) == ["One", "Two"])
        #expect(ours.values(.track) == ["3/12"])
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(MP4Bytes.write(bytes))) == [])
    }

    @Test("a data atom of another type (an integer, 21) among text ones is not text; the text ones are kept")
    func nonTextData() throws {
        // Mutagen drops the whole atom when one of its data atoms is not text; the text is kept here.
        let title = MP4Bytes.box("©nam", MP4Bytes.data(1, Array("Kept".utf8)) + MP4Bytes.data(21, [0x41]))
        let ours = try #require(TagReader.read(MP4Bytes.file(items: [title])))
        #expect(ours.values(.title) == ["Kept"])
    }

    @Test("QuickTime's meta box, without version and flags, is read as the ISO full box is")
    func quickTimeMeta() throws {
        let items = [MP4Bytes.text("©nam", "Either way"), MP4Bytes.text("©ART", "Someone")]
        for quickTime in [false, true] {
            let ours = try #require(TagReader.read(MP4Bytes.file(items: items, quickTimeMeta: quickTime)))
            #expect(ours.values(.title) == ["Either way"])
            #expect(ours.values(.artist) == ["Someone"])
        }
    }

    @Test("a version 1 media header (64-bit times) and a 64-bit mdat size before moov give the length, as with Mutagen")
    func largeSizes() async throws {
        let bytes = MP4Bytes.file(
            items: [MP4Bytes.text("©nam", "Long")], tracks: [MP4Bytes.track("soun", version: 1, scale: 48000, duration: 48000 * 125)],
            largeMediaData: true)
        let ours = try #require(TagReader.read(bytes))
        #expect(ours.length == .seconds(125))
        #expect(ours.values(.title) == ["Long"])
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(MP4Bytes.write(bytes))) == [])
    }

    @Test("the length is the first sound track's, not an earlier video track's")
    func firstSoundTrack() async throws {
        let bytes = MP4Bytes.file(items: [], tracks: [
            MP4Bytes.track("vide", version: 0, scale: 600, duration: 600 * 10),
            MP4Bytes.track("soun", version: 0, scale: 44100, duration: 44100 * 20),
            MP4Bytes.track("soun", version: 0, scale: 44100, duration: 44100 * 30),
        ])
        let ours = try #require(TagReader.read(bytes))
        #expect(ours.length == .seconds(20))
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(MP4Bytes.write(bytes))) == [])
    }

    @Test("without a sound track the movie header's length is taken; a duration of 0 or all ones is no length")
    func movieHeaderLength() throws {
        // Mutagen gives no length without a sound track; the movie header states one all the same.
        let video = MP4Bytes.file(items: [], tracks: [MP4Bytes.track("vide", version: 0, scale: 600, duration: 600 * 10)], movieSeconds: 7)
        #expect(TagReader.read(video)?.length == .seconds(7))
        let unknown = MP4Bytes.file(items: [], tracks: [MP4Bytes.track("soun", version: 0, scale: 1000, duration: 0xFFFF_FFFF)], movieSeconds: 0)
        #expect(try #require(TagReader.read(unknown)).length == nil)
        let empty = MP4Bytes.file(items: [], tracks: [MP4Bytes.track("soun", version: 1, scale: 1000, duration: 0)], movieSeconds: 0)
        #expect(try #require(TagReader.read(empty)).length == nil)
    }

    @Test("a last box of size 0 runs to the end of the file; inside a box, size 0 ends the walk there")
    func zeroSizes() throws {
        let tagged = MP4Bytes.file(items: [MP4Bytes.text("©nam", "Zero")])
        let lastMediaData = tagged + [0, 0, 0, 0] + Array("mdat".utf8) + [UInt8](repeating: 0x55, count: 100)
        #expect(TagReader.read(lastMediaData)?.values(.title) == ["Zero"])

        let ilst = MP4Bytes.box("ilst", MP4Bytes.text("©ART", "Before") + [0, 0, 0, 0] + MP4Bytes.fourCC("©nam") + MP4Bytes.text("©alb", "After"))
        let moov = MP4Bytes.box("moov", MP4Bytes.box("udta", MP4Bytes.box("meta", [0, 0, 0, 0] + MP4Bytes.handler("mdir") + ilst)))
        let ours = try #require(TagReader.read(MP4Bytes.ftyp + moov))
        #expect(ours.values(.artist) == ["Before"])
        #expect(ours.values(.album) == [])
    }

    @Test("a file without moov is not read")
    func noMovie() {
        #expect(TagReader.read(MP4Bytes.ftyp + MP4Bytes.box("mdat", [UInt8](repeating: 1, count: 64))) == nil)
        #expect(TagReader.read(MP4Bytes.ftyp) == nil)
    }

    // MARK: Hostile bytes

    @Test("a file cut short anywhere gives nil or some of its fields and cover, never others, and never traps")
    func truncated() async throws {
        let path = try await TagOracle.make("m4a", ["-c:a", "aac"], cover: true, seconds: 1, extra: ["-movflags", "+faststart"])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let whole = try #require(TagReader.read(bytes, picture: true))
        #expect(whole.fields.count == 10)
        var partial = 0
        for cut in Array(stride(from: 0, to: min(bytes.count, 4096), by: 3)) + Array(stride(from: 4096, to: bytes.count, by: 499)) {
            guard let tags = TagReader.read(Array(bytes.prefix(cut)), picture: true) else { continue }
            #expect(tags.fields.allSatisfy { whole.fields.contains($0) }, "cut at \(cut)")
            #expect(tags.picture == nil || tags.picture == whole.picture, "cut at \(cut)")
            if tags.fields.count < whole.fields.count { partial += 1 }
        }
        #expect(partial > 0)
    }

    @Test("sizes of 0, 1, 7 and 0xFFFFFFFF written over any word of the boxes are survived, with bounded results")
    func hostileSizes() async throws {
        let path = try await TagOracle.make("m4a", ["-c:a", "aac"], cover: true, seconds: 1, extra: ["-movflags", "+faststart"])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let types = try MP4Bytes.topLevelTypes(path)
        let moovEnd = min(bytes.count, 28 + 4096)  // ftyp is 28 bytes; moov follows
        #expect(Array(types.prefix(2)) == ["ftyp", "moov"])
        for offset in 28..<moovEnd - 4 {
            for word: [UInt8] in [[0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 0, 7], [0xFF, 0xFF, 0xFF, 0xFF]] {
                var hostile = bytes
                hostile.replaceSubrange(offset..<offset + 4, with: word)
                let tags = TagReader.read(hostile, picture: true)
                #expect((tags?.fields.count ?? 0) <= 64, "at \(offset)")
                #expect((tags?.picture?.bytes.count ?? 0) <= bytes.count, "at \(offset)")
            }
        }
    }

    @Test("a flood of boxes is walked within bounded reads: 200 000 empty boxes before moov, 100 000 items in ilst")
    func floods() throws {
        let free = MP4Bytes.box("free", [])
        let flooded = CountingSource(MP4Bytes.ftyp + Array([[UInt8]](repeating: free, count: 200_000).joined()) + MP4Bytes.file(items: [MP4Bytes.text("©nam", "Far")]).dropFirst(MP4Bytes.ftyp.count))
        _ = TagReader.read(flooded)
        #expect(flooded.bytesRead <= 64 * 1024)
        #expect(flooded.reads <= 4096)

        let items = [[UInt8]](repeating: MP4Bytes.text("©nam", "Again"), count: 100_000)
        let many = CountingSource(MP4Bytes.file(items: items))
        let tags = try #require(TagReader.read(many))
        #expect(tags.values(.title) == ["Again"])
        #expect(many.reads <= 4096)
    }

    @Test("random bytes after an ftyp box never trap")
    func randomBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let noise = (0..<Int.random(in: 0..<400, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Box-like noise: a few plausible types among the random words.
            var bytes = MP4Bytes.ftyp + noise
            for type in ["moov", "udta", "meta", "ilst", "trak", "mdia"] where Bool.random(using: &generator) {
                let at = Int.random(in: MP4Bytes.ftyp.count...bytes.count, using: &generator)
                bytes.insert(contentsOf: MP4Bytes.be32(UInt32.random(in: 0...64, using: &generator)) + Array(type.utf8), at: at)
            }
            let tags = TagReader.read(bytes, picture: true)
            #expect((tags?.fields.count ?? 0) <= 512)
        }
    }
}

/// MP4 boxes built by hand.
private enum MP4Bytes {
    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    static func be64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }
    /// A four-character type, one byte per character ("©" is 0xA9).
    static func fourCC(_ type: String) -> [UInt8] { type.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(UInt32(8 + payload.count)) + fourCC(type) + payload }
    static func data(_ type: UInt32, _ value: [UInt8]) -> [UInt8] { box("data", be32(type) + be32(0) + value) }
    static func item(_ type: String, type dataType: UInt32, _ value: [UInt8]) -> [UInt8] { box(type, data(dataType, value)) }
    static func text(_ type: String, _ value: String) -> [UInt8] { item(type, type: 1, Array(value.utf8)) }
    static func handler(_ type: String) -> [UInt8] { box("hdlr", [0, 0, 0, 0] + [0, 0, 0, 0] + fourCC(type) + [UInt8](repeating: 0, count: 13)) }

    static let ftyp = box("ftyp", Array("M4A ".utf8) + be32(0) + Array("M4A mp42isom".utf8))

    /// A trak whose media has handler `handler` and a media header of `version`.
    static func track(_ handler: String, version: UInt8, scale: UInt32, duration: UInt64) -> [UInt8] {
        let times: [UInt8] = version == 1 ? be64(0) + be64(0) + be32(scale) + be64(duration) : be32(0) + be32(0) + be32(scale) + be32(UInt32(truncatingIfNeeded: duration))
        let mdhd = box("mdhd", [version, 0, 0, 0] + times + [0x55, 0xC4, 0, 0])
        return box("trak", box("mdia", mdhd + Self.handler(handler) + box("minf", [])))
    }

    /// An MP4 file: ftyp, an optional mdat before moov, and moov with a movie header, `tracks`,
    /// and `items` in udta/meta/ilst.
    static func file(items: [[UInt8]], tracks: [[UInt8]] = [], quickTimeMeta: Bool = false, largeMediaData: Bool = false, movieSeconds: UInt32 = 0) -> [UInt8] {
        let mvhd = box("mvhd", [0, 0, 0, 0] + be32(0) + be32(0) + be32(1000) + be32(movieSeconds * 1000) + [UInt8](repeating: 0, count: 80))
        let meta = box("meta", (quickTimeMeta ? [] : [0, 0, 0, 0]) + handler("mdir") + box("ilst", Array(items.joined())))
        let moov = box("moov", mvhd + Array(tracks.joined()) + box("udta", meta))
        let mdat = largeMediaData ? be32(1) + fourCC("mdat") + be64(16 + 32) + [UInt8](repeating: 0xAA, count: 32) : []
        return ftyp + mdat + moov
    }

    /// Writes `bytes` to a new .m4a file for the oracle; its path.
    static func write(_ bytes: [UInt8]) throws -> String {
        let path = TagOracle.folder.appendingPathComponent("\(UUID().uuidString).m4a").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The types of the top-level boxes of the file at `path`.
    static func topLevelTypes(_ path: String) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var types: [String] = []
        var offset = 0
        while offset + 8 <= bytes.count, types.count < 100 {
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if size == 1, offset + 16 <= bytes.count { size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) } }
            if size == 0 { size = bytes.count - offset }
            types.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            guard size >= 8 else { break }
            offset += size
        }
        return types
    }

    /// A JPEG of noise (512×512, some 240 KB), made once per call.
    static func noiseJPEG() async throws -> String {
        let path = TagOracle.folder.appendingPathComponent("\(UUID().uuidString).jpg").path
        try await TagOracle.ffmpeg(["-f", "lavfi", "-i", "nullsrc=s=512x512,geq=random(1)*255:random(1)*255:128", "-frames:v", "1", "-q:v", "1", path])
        return path
    }
}
