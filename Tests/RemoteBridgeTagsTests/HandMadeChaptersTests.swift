// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTags
import Testing

/// Chapters from bytes built by hand: what no encoder here writes (a `CTOC` in another order,
/// hidden Matroska chapters, a `chpl` alone), and hostile files (starts past the length, 5000
/// chapters, counts and offsets past the end, a title of 1 MB), which give a sensible list
/// and never a trap.
@Suite("Chapters: hand-made bytes")
struct HandMadeChaptersTests: FormatTestSupport {
    // MARK: ID3v2

    @Test("CHAP frames in a WAV's ID3 chunk: those at or past the length are dropped; a top-level CTOC says which are kept of one start")
    func id3PastLengthAndTableOfContents() throws {
        let frames = [
            Self.chap("c1", 0, title: "Eins"), Self.chap("c2", 500, title: "Zwei"), Self.chap("c2b", 500, title: "Zwei bis"),
            Self.chap("c3", 1000, title: "At the end"), Self.chap("c4", 5000, title: "Past the end"), Self.chap("sub", 250, title: "Nested"),
        ]
        // One second of 8 kHz 8-bit mono.
        let plain = try #require(TagReader.read(Self.wav(id3: Self.id3(version: 4, frames)), chapters: true))
        #expect(plain.length == .seconds(1))
        // Without a CTOC, every CHAP in the tag's order: the first of one start is kept.
        #expect(plain.chapters == [
            AudioChapter(start: .zero, title: "Eins"), AudioChapter(start: .milliseconds(250), title: "Nested"),
            AudioChapter(start: .milliseconds(500), title: "Zwei"),
        ])
        // A top-level CTOC listing c2b before c2 and leaving out "sub" (a nested CTOC's child),
        // and an ID it has no CHAP for; the list is still sorted by start.
        let toc = Self.ctoc("toc", topLevel: true, ["c4", "c2b", "c1", "gone", "c2", "c3"])
        let nested = Self.ctoc("inner", topLevel: false, ["sub"])
        let ordered = try #require(TagReader.read(Self.wav(id3: Self.id3(version: 3, [nested] + frames + [toc])), chapters: true))
        #expect(ordered.chapters == [AudioChapter(start: .zero, title: "Eins"), AudioChapter(start: .milliseconds(500), title: "Zwei bis")])
        #expect(TagReader.read(Self.wav(id3: Self.id3(version: 4, frames))).map(\.chapters) == [])
        // An ID3v2 tag before a FLAC stream: its chapters come first, as its fields do; the
        // stream's own when it has none.
        let flac = Self.flac(comments: ["CHAPTER000=00:00:00.000", "CHAPTER000NAME=From FLAC"])
        let before = try #require(TagReader.read(Self.id3(version: 4, [Self.chap("c1", 100, title: "From ID3")]) + flac, chapters: true))
        #expect(before.format == .flac && before.chapters == [AudioChapter(start: .milliseconds(100), title: "From ID3")])
        let untagged = try #require(TagReader.read(Self.id3(version: 4, [("TIT2", [3] + Array("T".utf8))]) + flac, chapters: true))
        #expect(untagged.chapters == [AudioChapter(start: .zero, title: "From FLAC")])
    }

    @Test("a CHAP frame cut short, with no NUL, or with a TIT2 past its end gives no trap; 5000 CHAP frames give 4096 chapters")
    func id3Hostile() throws {
        var broken = Self.chap("ok", 0, title: nil)
        broken.1 += Array("TIT2".utf8) + [0x7F, 0x7F, 0x7F, 0x7F, 0, 0, 3] + Array("Fine".utf8)  // a TIT2 said to be 268 MB
        let frames = [broken, ("CHAP", Array("no-nul".utf8)), ("CHAP", Array("x\0".utf8) + [0, 0]), Self.chap("late", 0x7FFF_FFFF, title: "Late")]
        let tags = try #require(TagReader.read(Self.id3(version: 4, frames), chapters: true))
        // The TIT2 is read as far as its CHAP goes; a file of unknown length keeps a
        // start of 24 days.
        #expect(tags.length == nil)
        #expect(tags.chapters == [AudioChapter(start: .zero, title: "Fine"), AudioChapter(start: .milliseconds(0x7FFF_FFFF), title: "Late")])
        let many = (0..<5000).map { Self.chap("c\($0)", UInt32($0), title: "\($0)") }
        let clock = ContinuousClock()
        let start = clock.now
        let all = try #require(TagReader.read(Self.id3(version: 4, many), chapters: true)).chapters
        #expect(clock.now - start < .seconds(5))
        #expect(all.count == AudioTags.mostChapters && all.last == AudioChapter(start: .milliseconds(4095), title: "4095"))
    }

    // MARK: MP4

    @Test("a QuickTime chapter track: 5000 samples give 4096 chapters; offsets past the file give none, and chpl is read instead")
    func mp4ChapterTrack() throws {
        let titles = (0..<5000).map { "Kapitel \($0)" }
        let many = Self.mp4(samples: titles.map { Array($0.utf8) }, delta: 2)
        let clock = ContinuousClock()
        let start = clock.now
        let found = try #require(TagReader.read(many, chapters: true)).chapters
        #expect(clock.now - start < .seconds(5))
        #expect(found.count == AudioTags.mostChapters)
        #expect(found.last == AudioChapter(start: .milliseconds(2 * 4095), title: "Kapitel 4095"))
        // UTF-16 after a byte-order mark, an empty sample (no title), a length past the sample.
        let utf16: [UInt8] = [0xFE, 0xFF] + Array("Ölf".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let mixed = Self.mp4(samples: [utf16, [], Array("Drei".utf8)], delta: 1000, brokenLength: 2)
        #expect(try #require(TagReader.read(mixed, chapters: true)).chapters == [
            AudioChapter(start: .zero, title: "Ölf"), AudioChapter(start: .seconds(1), title: nil),
        ])
        // Samples said to be past the end of the file, or at an offset of nearly 2^64.
        let nero = Self.chpl([(0, "Nero One"), (30_000_000, "Nero Two")])
        let away = Self.mp4(samples: [Array("Lost".utf8)], delta: 1000, chunkOffset: 1 << 31, udta: nero)
        #expect(try #require(TagReader.read(away, chapters: true)).chapters == [
            AudioChapter(start: .zero, title: "Nero One"), AudioChapter(start: .seconds(3), title: "Nero Two"),
        ])
        let farAway = Self.mp4(samples: [Array("Lost".utf8)], delta: 1000, chunkOffset: UInt64.max - 10, wideOffsets: true)
        #expect(try #require(TagReader.read(farAway, chapters: true)).chapters == [])
    }

    @Test("chpl alone: a count larger than the box gives the chapters it holds; version 0 has no reserved bytes")
    func neroChapters() throws {
        var body = Self.chpl([(0, "A"), (10_000_000, "B")])
        body[8] = 200  // the count, after version, flags and 4 reserved bytes
        let tags = try #require(TagReader.read(Self.mp4(samples: nil, delta: 0, udta: body), chapters: true))
        #expect(tags.chapters == [AudioChapter(start: .zero, title: "A"), AudioChapter(start: .seconds(1), title: "B")])
        let version0 = [0, 0, 0, 0, 1] + Self.bigEndian(25_000_000, 8) + [2] + Array("V0".utf8)
        #expect(TagReader.read(Self.mp4(samples: nil, delta: 0, udta: version0), chapters: true)?.chapters
            == [AudioChapter(start: .milliseconds(2500), title: "V0")])
        // A chapter at the length (10 s) or past it is dropped.
        let late = Self.chpl([(0, "In"), (100_000_000, "At"), (200_000_000, "Past")])
        #expect(TagReader.read(Self.mp4(samples: nil, delta: 0, udta: late), chapters: true)?.chapters == [AudioChapter(start: .zero, title: "In")])
    }

    // MARK: Matroska

    @Test("Matroska: an atom with no start, hidden or disabled is left out, nested atoms are passed over, the default edition is read")
    func matroska() throws {
        let atoms = [
            Self.atom(start: 0, title: "Null"), Self.atom(start: nil, title: "No start"),
            Self.atom(start: 1_000_000_000, title: "Eins", nested: Self.atom(start: 1_500_000_000, title: "Sub")),
            Self.atom(start: 2_000_000_000, title: "Hidden", hidden: true), Self.atom(start: 3_000_000_000, title: "Off", enabled: false),
            Self.atom(start: 4_000_000_000, title: nil), Self.atom(start: UInt64.max, title: "Huge"),
        ]
        let first = Self.edition([Self.atom(start: 0, title: "Other edition")], isDefault: false)
        let tags = try #require(TagReader.read(Self.matroska(chapters: first + Self.edition(atoms, isDefault: true)), chapters: true))
        #expect(tags.chapters == [
            AudioChapter(start: .zero, title: "Null"), AudioChapter(start: .seconds(1), title: "Eins"), AudioChapter(start: .seconds(4), title: nil),
        ])
        // No default: the first edition.
        let plain = try #require(TagReader.read(Self.matroska(chapters: first + Self.edition(atoms, isDefault: false)), chapters: true))
        #expect(plain.chapters == [AudioChapter(start: .zero, title: "Other edition")])
        // 5000 atoms: 4096, at once.
        let many = Self.edition((0..<5000).map { Self.atom(start: UInt64($0) * 1_000_000, title: "\($0)") }, isDefault: false)
        let clock = ContinuousClock()
        let start = clock.now
        let found = try #require(TagReader.read(Self.matroska(chapters: many), chapters: true)).chapters
        #expect(clock.now - start < .seconds(5))
        #expect(found.count == AudioTags.mostChapters && found.last?.title == "4095")
        // A 1 MB title: cut to 4096 bytes where a scalar begins ("€" is 3 bytes: 1365 of them).
        let huge = Self.edition([Self.atom(start: 0, title: String(repeating: "€", count: 350_000))], isDefault: false)
        #expect(TagReader.read(Self.matroska(chapters: huge), chapters: true)?.chapters.first?.title == String(repeating: "€", count: 1365))
    }

    // MARK: Vorbis comments

    @Test("CHAPTERxxx comments: garbage starts, names without starts and two-digit numbers; a 1 MB title is cut")
    func vorbisComments() throws {
        let comments = [
            "CHAPTER001=garbage", "CHAPTER001NAME=Garbage", "CHAPTER002=00:00:01.000", "chapter002name=  Zwei  ",
            "CHAPTER03=00:00:00.5", "CHAPTER03NAME=Drei", "CHAPTER004NAME=No start", "CHAPTER0005=00:00:00.100",
            "CHAPTER006=00:61:00.000", "CHAPTER007=00:00:02", "CHAPTER007URL=http://example.com", "CHAPTER008=00:00:09.000",
            "CHAPTER009=00:00:02.000", "CHAPTER009NAME=Same start as seven", "TITLE=Still a title",
        ]
        let tags = try #require(TagReader.read(Self.flac(comments: comments), chapters: true))
        #expect(tags.values(.title) == ["Still a title"])
        // 8 is at or past the 5-second length; 9 starts where 7 does, and 7 comes first.
        #expect(tags.chapters == [
            AudioChapter(start: .milliseconds(500), title: "Drei"), AudioChapter(start: .seconds(1), title: "Zwei"),
            AudioChapter(start: .seconds(2), title: nil),
        ])
        #expect(TagReader.read(Self.flac(comments: comments))?.chapters == [])
        let huge = ["CHAPTER000=00:00:00.000", "CHAPTER000NAME=" + String(repeating: "é", count: 500_000) + "x"]
        let cut = try #require(TagReader.read(Self.flac(comments: huge), chapters: true)?.chapters.first?.title)
        #expect(cut == String(repeating: "é", count: 2048))
        // 5000 chapters' comments: the block's 4096 entries are read, of which the numbers
        // 000 to 999 are chapters.
        let many = (0..<5000).flatMap { ["CHAPTER\(String(format: "%03d", $0))=00:00:00.\(String(format: "%03d", $0 % 1000))"] }
        #expect(TagReader.read(Self.flac(comments: many), chapters: true)?.chapters.count == 1000)
    }

    // MARK: The list

    @Test("the list is sorted, one a start, trimmed, and none at or past the length")
    func finishing() {
        let raw = [
            AudioChapter(start: .seconds(3), title: " Drei\0"), AudioChapter(start: .seconds(1), title: "Eins"),
            AudioChapter(start: .seconds(1), title: "Also one"), AudioChapter(start: .seconds(-1), title: "Before"),
            AudioChapter(start: .seconds(2), title: " \0 "), AudioChapter(start: .seconds(9), title: "At the end"),
        ]
        #expect(AudioChapter.finished(raw, length: .seconds(9)) == [
            AudioChapter(start: .seconds(1), title: "Eins"), AudioChapter(start: .seconds(2), title: nil),
            AudioChapter(start: .seconds(3), title: "Drei"),
        ])
        #expect(AudioChapter.finished(raw, length: nil).last?.title == "At the end")
    }

    @Test("a file with chapters cut short anywhere, or with any byte changed, gives no trap and no chapter it does not hold")
    func truncated() throws {
        let files: [[UInt8]] = [
            Self.mp4(samples: ["Eins", "Zwei", "Drei"].map { Array($0.utf8) }, delta: 1000, udta: Self.chpl([(0, "N")])),
            Self.matroska(chapters: Self.edition([Self.atom(start: 0, title: "A"), Self.atom(start: 1_000_000_000, title: "B")], isDefault: true)),
            Self.wav(id3: Self.id3(version: 4, [Self.chap("a", 0, title: "A"), Self.chap("b", 30, title: "B"), Self.ctoc("t", topLevel: true, ["a", "b"])]), samples: 400),
            Self.flac(comments: ["CHAPTER000=00:00:00.000", "CHAPTER000NAME=A", "CHAPTER001=00:00:01.000"]),
        ]
        for bytes in files {
            let whole = try #require(TagReader.read(bytes, chapters: true)).chapters
            #expect(!whole.isEmpty)
            for cut in 0..<bytes.count {
                let part = TagReader.read(Array(bytes[..<cut]), chapters: true)?.chapters ?? []
                #expect(part.allSatisfy { chapter in whole.contains { $0.start == chapter.start } }, "cut at \(cut)")
            }
            for index in 0..<bytes.count {
                for value: UInt8 in [0, 0x7F, 0x80, 0xFF] {
                    var changed = bytes
                    changed[index] = value
                    _ = TagReader.read(changed, picture: true, chapters: true)
                }
            }
        }
    }

    // MARK: Helpers

    static func bigEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(count - 1 - $0))) }
    }

    static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A CHAP frame: element ID, start and end in ms, offsets unused, a TIT2 in UTF-8.
    static func chap(_ id: String, _ start: UInt32, title: String?) -> (String, [UInt8]) {
        var body = Array(id.utf8) + [0] + bigEndian(UInt64(start), 4) + bigEndian(UInt64(start) + 1, 4) + Array(repeating: 0xFF, count: 8)
        if let title {
            let text = [3] + Array(title.utf8)
            body += Array("TIT2".utf8) + bigEndian(UInt64(text.count), 4) + [0, 0] + text
        }
        return ("CHAP", body)
    }

    /// A CTOC frame listing `children`.
    static func ctoc(_ id: String, topLevel: Bool, _ children: [String]) -> (String, [UInt8]) {
        ("CTOC", Array(id.utf8) + [0, topLevel ? 3 : 1, UInt8(children.count)] + children.flatMap { Array($0.utf8) + [0] })
    }

    /// An ID3v2 tag of `version` (sizes under 128 bytes a frame are the same synchsafe or not).
    static func id3(version: UInt8, _ frames: [(String, [UInt8])]) -> [UInt8] {
        func size(_ value: Int, synchsafe: Bool) -> [UInt8] {
            synchsafe ? [21, 14, 7, 0].map { UInt8((value >> $0) & 0x7F) } : [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) }
        }
        var body: [UInt8] = []
        for (id, content) in frames { body += Array(id.utf8) + size(content.count, synchsafe: version == 4) + [0, 0] + content }
        return Array("ID3".utf8) + [version, 0, 0] + size(body.count, synchsafe: true) + body
    }

    /// A WAV of `samples` at 8 kHz (8-bit, mono; one second unless said) with `id3` in an
    /// "id3 " chunk.
    static func wav(id3: [UInt8], samples: Int = 8000) -> [UInt8] {
        let format = [1, 0, 1, 0] + littleEndian(8000, 4) + littleEndian(8000, 4) + [1, 0, 8, 0]
        var chunks = Array("fmt ".utf8) + littleEndian(format.count, 4) + format
        chunks += Array("data".utf8) + littleEndian(samples, 4) + Array(repeating: 0x80, count: samples) + (samples % 2 == 1 ? [0] : [])
        chunks += Array("id3 ".utf8) + littleEndian(id3.count, 4) + id3 + (id3.count % 2 == 1 ? [0] : [])
        return Array("RIFF".utf8) + littleEndian(chunks.count + 4, 4) + Array("WAVE".utf8) + chunks
    }

    /// A FLAC file of 5 seconds at 8 kHz whose VORBIS_COMMENT block holds `comments`.
    static func flac(comments: [String]) -> [UInt8] {
        // STREAMINFO: block sizes, frame sizes, then 20 bits of rate, 3 of channels, 5 of bits,
        // 36 of samples, then the MD5.
        let fields = UInt64(8000) << 44 | UInt64(15) << 36 | UInt64(40000)
        let streamInfo = [0, 16, 0, 16, 0, 0, 0, 0, 0, 0] + bigEndian(fields, 8) + Array(repeating: 0, count: 16)
        var block = littleEndian(6, 4) + Array("vendor".utf8) + littleEndian(comments.count, 4)
        for comment in comments { block += littleEndian(comment.utf8.count, 4) + Array(comment.utf8) }
        return Array("fLaC".utf8) + [0] + bigEndian(UInt64(streamInfo.count), 3) + streamInfo + [0x84] + bigEndian(UInt64(block.count), 3) + block
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        bigEndian(UInt64(payload.count + 8), 4) + Array(type.utf8) + payload
    }

    /// A chpl payload (version 1) of (start in 100 ns, title).
    static func chpl(_ chapters: [(UInt64, String)]) -> [UInt8] {
        [1, 0, 0, 0, 0, 0, 0, 0, UInt8(chapters.count)] + chapters.flatMap { bigEndian($0.0, 8) + [UInt8($0.1.utf8.count)] + Array($0.1.utf8) }
    }

    /// An M4A of a 10-second sound track (ID 1, timescale 1000) and, unless `samples` is nil, a
    /// text chapter track (ID 2) the sound track names in `tref/chap`, its samples one chunk
    /// in `mdat`, each `delta` ms long. `brokenLength` makes that sample's length field claim
    /// more than the sample; `chunkOffset` puts the chunk elsewhere. `chpl` is a chpl box's
    /// payload.
    static func mp4(
        samples: [[UInt8]]?, delta: UInt32, brokenLength: Int? = nil, chunkOffset: UInt64? = nil, wideOffsets: Bool = false, udta chpl: [UInt8]? = nil
    ) -> [UInt8] {
        let ftyp = box("ftyp", Array("M4A ".utf8) + [0, 0, 0, 0] + Array("M4A isom".utf8))
        func tkhd(_ id: UInt64) -> [UInt8] { box("tkhd", [0, 0, 0, 7] + Array(repeating: 0, count: 8) + bigEndian(id, 4) + Array(repeating: 0, count: 68)) }
        func mdhd(_ duration: UInt64) -> [UInt8] { box("mdhd", [0, 0, 0, 0] + Array(repeating: 0, count: 8) + bigEndian(1000, 4) + bigEndian(duration, 4) + [0, 0, 0, 0]) }
        func hdlr(_ type: String) -> [UInt8] { box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array(type.utf8) + Array(repeating: 0, count: 13)) }
        var sound = tkhd(1)
        if samples != nil { sound += box("tref", box("chap", bigEndian(2, 4))) }
        sound += box("mdia", mdhd(10_000) + hdlr("soun"))
        var moovParts = box("mvhd", [0, 0, 0, 0] + Array(repeating: 0, count: 8) + bigEndian(1000, 4) + bigEndian(10_000, 4) + Array(repeating: 0, count: 80))
        moovParts += box("trak", sound)
        var mdatData: [UInt8] = []
        var sizes: [UInt64] = []
        for (index, sample) in (samples ?? []).enumerated() {
            let stated = index == brokenLength ? sample.count + 100 : sample.count
            let bytes = bigEndian(UInt64(stated), 2) + sample + box("encd", [0, 0, 1, 0])
            mdatData += bytes
            sizes.append(UInt64(bytes.count))
        }
        // The chunk offset is known once moov's size is: it is laid out with a stand-in first.
        func layout(chunkOffset: UInt64) -> [UInt8] {
            var moov = moovParts
            if let samples {
                let stsd = box("stsd", [0, 0, 0, 0, 0, 0, 0, 1] + box("text", Array(repeating: 0, count: 51)))
                let stts = box("stts", [0, 0, 0, 0, 0, 0, 0, 1] + bigEndian(UInt64(samples.count), 4) + bigEndian(UInt64(delta), 4))
                let stsc = box("stsc", [0, 0, 0, 0, 0, 0, 0, 1] + bigEndian(1, 4) + bigEndian(UInt64(samples.count), 4) + bigEndian(1, 4))
                let stsz = box("stsz", [0, 0, 0, 0, 0, 0, 0, 0] + bigEndian(UInt64(samples.count), 4) + sizes.flatMap { bigEndian($0, 4) })
                let offsets = wideOffsets ? box("co64", [0, 0, 0, 0, 0, 0, 0, 1] + bigEndian(chunkOffset, 8)) : box("stco", [0, 0, 0, 0, 0, 0, 0, 1] + bigEndian(chunkOffset, 4))
                let stbl = box("stbl", stsd + stts + stsc + stsz + offsets)
                let media = box("mdia", mdhd(UInt64(samples.count) * UInt64(delta)) + hdlr("text") + box("minf", box("gmhd", []) + stbl))
                moov += box("trak", tkhd(2) + media)
            }
            if let chpl { moov += box("udta", box("chpl", chpl)) }
            return box("moov", moov)
        }
        let moovSize = UInt64(layout(chunkOffset: 0).count)
        let dataStart = UInt64(ftyp.count) + moovSize + 8
        return ftyp + layout(chunkOffset: chunkOffset ?? dataStart) + box("mdat", mdatData)
    }

    /// A Matroska element: its ID, its size in the fewest bytes, its data.
    static func element(_ id: UInt32, _ data: [UInt8]) -> [UInt8] {
        let idLength = id > 0xFF_FFFF ? 4 : id > 0xFFFF ? 3 : id > 0xFF ? 2 : 1
        let sizeLength = (1...8).first { data.count < (1 << (7 * $0)) - 1 } ?? 8
        return bigEndian(UInt64(id), idLength) + bigEndian(UInt64(data.count) | 1 << UInt64(7 * sizeLength), sizeLength) + data
    }

    /// A ChapterAtom; its ChapterUID is made from its start (ffprobe takes one UID for one chapter).
    static func atom(start: UInt64?, title: String?, hidden: Bool = false, enabled: Bool = true, nested: [UInt8] = []) -> [UInt8] {
        var data = element(0x73C4, bigEndian((start ?? 0) / 1000 + 1, 8))
        if let start { data += element(0x91, bigEndian(start, 8)) }
        if hidden { data += element(0x98, [1]) }
        if !enabled { data += element(0x4598, [0]) }
        if let title { data += element(0x80, element(0x85, Array(title.utf8)) + element(0x437C, Array("und".utf8))) }
        return element(0xB6, data + nested)
    }

    static func edition(_ atoms: [[UInt8]], isDefault: Bool) -> [UInt8] {
        element(0x45B9, element(0x45DB, [isDefault ? 1 : 0]) + atoms.flatMap { $0 })
    }

    /// A Matroska file of 10 hours: the EBML header, then a Segment of Info and Chapters.
    static func matroska(chapters editions: [UInt8]) -> [UInt8] {
        let header = element(0x1A45_DFA3, element(0x4282, Array("matroska".utf8)))
        let info = element(0x1549_A966, element(0x4489, bigEndian((36_000_000.0).bitPattern, 8)))
        return header + element(0x1853_8067, info + element(0x1043_A770, editions))
    }
}
