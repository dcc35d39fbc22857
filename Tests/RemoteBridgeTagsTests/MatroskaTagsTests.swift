// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTags
import Testing

/// Matroska and WebM, compared with ffprobe (Mutagen reads no Matroska) on files ffmpeg makes:
/// the Tags, the title ffmpeg keeps in Info, the duration, the cover attached with `-attach`;
/// and hand-made segments for what ffmpeg does not write (Tags after the Clusters, target
/// levels, languages), and broken ones, which give what was read before the damage.
@Suite("Matroska tags")
struct MatroskaTagsTests: FormatTestSupport {
    /// An encoder and muxer ffmpeg writes Matroska or WebM with.
    struct Encoder: Sendable, CustomTestStringConvertible {
        var codec: String
        var ext = "mka"
        var sampleRate = 44100
        var testDescription: String { "\(codec) in .\(ext)" }
    }

    static let encoders = [
        Encoder(codec: "libvorbis"), Encoder(codec: "libopus", sampleRate: 48000), Encoder(codec: "flac"), Encoder(codec: "aac"),
        Encoder(codec: "libmp3lame"), Encoder(codec: "ac3"), Encoder(codec: "alac"), Encoder(codec: "pcm_s16le"),
        Encoder(codec: "wavpack"), Encoder(codec: "libopus", ext: "webm", sampleRate: 48000), Encoder(codec: "libvorbis", ext: "webm"),
    ]

    @Test("each encoder's Matroska or WebM file gives ffprobe's tags and duration, the title from Info", arguments: encoders)
    func encoder(_ encoder: Encoder) async throws {
        let path = try await TagOracle.make(encoder.ext, ["-c:a", encoder.codec], sampleRate: encoder.sampleRate)
        let ours = try #require(TagReader.read(path: path))
        let oracle = try await TagOracle.ffprobe(path)
        #expect(ours.format == .matroska)
        #expect(TagOracle.differences(ours, oracle) == [])
        // ffmpeg writes the title only as Info's Title, and the track number as PART_NUMBER.
        #expect(ours.values(.title) == [TagOracle.standardTags["title"]] && ours.values(.track) == ["3/12"])
        #expect(ours.length.map { abs(Self.seconds($0) - 3) < 0.05 } == true)
    }

    @Test("ReplayGain tags and a year given to ffmpeg come as their keys, as ffprobe reads them")
    func loudness() async throws {
        let tags = ["REPLAYGAIN_TRACK_GAIN": "-6.20 dB", "REPLAYGAIN_ALBUM_PEAK": "0.98", "year": "1999"]
        let path = try await TagOracle.make("mka", ["-c:a", "flac"], tags: tags, seconds: 1)
        let ours = try #require(TagReader.read(path: path))
        #expect(ours.values(.replayGainTrackGain) == ["-6.20 dB"] && ours.values(.replayGainAlbumPeak) == ["0.98"])
        #expect(ours.values(.date) == ["1999"])
        #expect(TagOracle.differences(ours, try await TagOracle.ffprobe(path)) == [])
    }

    @Test("a cover attached with -attach is the picture, only when asked for")
    func attachedCover() async throws {
        let cover = try await TagOracle.coverPNG()
        let path = try await TagOracle.make("mka", ["-c:a", "flac"], extra: ["-attach", cover, "-metadata:s:t", "mimetype=image/png"])
        let ours = try #require(TagReader.read(path: path, picture: true))
        #expect(ours.picture?.bytes == (try Self.bytes(cover)) && ours.picture?.mimeType == "image/png")
        // Named "cover.png", it is the front cover by Matroska's cover art guidelines.
        #expect(ours.picture?.isFrontCover == true)
        #expect(TagOracle.differences(ours, try await TagOracle.ffprobe(path)) == [])
        let without = try #require(TagReader.read(path: path))
        #expect(without.picture == nil && without.fields == ours.fields)
    }

    @Test("a live file (a Segment of unknown size, no duration) gives its tags and no length, as ffprobe")
    func live() async throws {
        let path = try await TagOracle.make("mka", ["-c:a", "flac"], tags: ["artist": "Live"], seconds: 2, extra: ["-f", "matroska", "-live", "1"])
        // The Segment's size (after the 40-byte EBML header and its id) is 8 bytes of "unknown".
        #expect(Array(try Self.bytes(path)[44..<52]) == [0x01] + Array(repeating: 0xFF, count: 7))
        let ours = try #require(TagReader.read(path: path))
        let oracle = try await TagOracle.ffprobe(path)
        #expect(ours.values(.artist) == ["Live"] && ours.length == nil)
        #expect(TagOracle.differences(ours, oracle) == [])
    }

    @Test("a long file is read within 64 KiB")
    func bytesRead() async throws {
        let path = try await TagOracle.make("mka", ["-c:a", "flac"], seconds: 120)
        let file = try #require(TagFile(regularFileAt: path))
        #expect(file.size > 1 << 20)
        #expect(MatroskaTags.read(file, picture: true)?.length != nil)
        #expect(file.bytesRead < 64 << 10)
    }

    // MARK: Hand-made segments

    @Test("Tags after the Clusters are found through the SeekHead, and agree with ffprobe; Tags' TITLE wins over Info's")
    func tagsAtEnd() async throws {
        let tags = Self.tag([Self.simpleTag("TITLE", "End Title"), Self.simpleTag("ARTIST", "Ärtist"), Self.simpleTag("PART_NUMBER", "4")])
        let bytes = Self.file(tags: [tags], tagsAtEnd: true, title: "Info Title")
        let path = try Self.write(bytes, ext: "mka")
        let ours = try #require(TagReader.read(path: path))
        #expect(ours.values(.title) == ["End Title"] && ours.values(.artist) == ["Ärtist"] && ours.values(.track) == ["4"])
        #expect(ours.length == .seconds(5))
        #expect(TagOracle.differences(ours, try await TagOracle.ffprobe(path)) == [])
        // Without the SeekHead entry, Tags after the Clusters are still reached by walking past
        // them by their sizes when there is no SeekHead at all.
        let noSeekHead = Self.file(tags: [tags], tagsAtEnd: true, title: "Info Title", seekHead: false)
        #expect(try #require(TagReader.read(noSeekHead)).values(.title) == ["End Title"])
    }

    @Test("stated target levels follow the Matroska tagging specification (50: album, 30: track); ffprobe names them ALBUM/…, TRACK/…")
    func targetLevels() async throws {
        let album = Self.tag(
            [Self.simpleTag("TITLE", "The Album"), Self.simpleTag("ARTIST", "Album Artist"), Self.simpleTag("PART_NUMBER", "2"),
             Self.simpleTag("DATE_RELEASED", "2004-04"), Self.simpleTag("GENRE", "Jazz"), Self.simpleTag("REPLAYGAIN_GAIN", "-3.00 dB")],
            level: 50, type: "ALBUM")
        let track = Self.tag(
            [Self.simpleTag("TITLE", "The Track"), Self.simpleTag("ARTIST", "Track Artist"), Self.simpleTag("PART_NUMBER", "7"),
             Self.simpleTag("REPLAYGAIN_GAIN", "-6.20 dB")],
            level: 30, type: "TRACK")
        let path = try Self.write(Self.file(tags: [album, track], tagsAtEnd: false), ext: "mka")
        let ours = try #require(TagReader.read(path: path))
        #expect(ours.values(.title) == ["The Track"] && ours.values(.artist) == ["Track Artist"] && ours.values(.track) == ["7"])
        #expect(ours.values(.album) == ["The Album"] && ours.values(.albumArtist) == ["Album Artist"] && ours.values(.disc) == ["2"])
        // DATE_RELEASED is the specification's date; an album-level GENRE applies to the track.
        #expect(ours.values(.date) == ["2004-04"] && ours.values(.genre) == ["Jazz"])
        #expect(ours.values(.replayGainTrackGain) == ["-6.20 dB"] && ours.values(.replayGainAlbumGain) == ["-3.00 dB"])
        // ffprobe prefixes each name with its TargetType ("ALBUM/TITLE", "TRACK/TITLE"): no
        // field of the oracle's.
        let oracle = try await TagOracle.ffprobe(path)
        #expect(oracle.fields.isEmpty)
        // With levels stated only by TargetTypeValue, ffprobe keeps the plain names, the last
        // one winning (the track's, written last here): the title and artist agree.
        let plain = try Self.write(
            Self.file(tags: [Self.tag([Self.simpleTag("TITLE", "The Album"), Self.simpleTag("ARTIST", "Album Artist")], level: 50),
                             Self.tag([Self.simpleTag("TITLE", "The Track"), Self.simpleTag("ARTIST", "Track Artist")], level: 30)],
                      tagsAtEnd: false), ext: "mka")
        let plainOurs = try #require(TagReader.read(path: plain))
        #expect(plainOurs.values(.album) == ["The Album"] && plainOurs.values(.albumArtist) == ["Album Artist"])
        #expect(TagOracle.differences(plainOurs, try await TagOracle.ffprobe(plain), keys: [.title, .artist]) == [])
    }

    @Test("the file's own tags (no level) come before a track's (TagTrackUID), as ffprobe ranks format tags before stream tags")
    func fileBeforeTrack() async throws {
        let file = Self.tag([Self.simpleTag("TITLE", "File Title")])
        let track = Self.tag([Self.simpleTag("TITLE", "Stream Title"), Self.simpleTag("ARTIST", "Stream Artist")], trackUID: 1234)
        let chapter = Self.tag([Self.simpleTag("GENRE", "Chapter Genre")], chapterUID: 99)
        let path = try Self.write(Self.file(tags: [track, file, chapter], tagsAtEnd: false), ext: "mka")
        let ours = try #require(TagReader.read(path: path))
        #expect(ours.values(.title) == ["File Title"] && ours.values(.artist) == ["Stream Artist"])
        // A Tag aimed at a chapter is the chapter's, not the file's.
        #expect(ours.values(.genre) == [])
        // ffprobe gives a track's tags to a stream of that UID: this file has no track entry,
        // so it shows only the file's.
        #expect(TagOracle.differences(ours, try await TagOracle.ffprobe(path), keys: [.title, .genre]) == [])
    }

    @Test("several SimpleTags of one name give several values (ffprobe keeps the last); nested SimpleTags and non-default languages are passed over")
    func valuesAndLanguages() async throws {
        let tags = Self.tag([
            Self.simpleTag("ARTIST", "One", nested: Self.simpleTag("SORT_WITH", "Sorted")), Self.simpleTag("ARTIST", "Two"),
            Self.simpleTag("TITLE", "Titre", language: "fre", isDefault: 0), Self.simpleTag("TITLE", "Title", language: "eng"),
            Self.simpleTag("ALBUM", "Album", language: "und", isDefault: 0),
        ])
        let path = try Self.write(Self.file(tags: [tags], tagsAtEnd: false), ext: "mka")
        let ours = try #require(TagReader.read(path: path))
        #expect(ours.values(.artist) == ["One", "Two"])
        // TagDefault is 1 unless stated (the specification); ffprobe takes it as 0 and gives an
        // English title only as "TITLE-eng". A non-default French one is left out by both.
        #expect(ours.values(.title) == ["Title"])
        #expect(ours.values(.album) == ["Album"])
        let oracle = try await TagOracle.ffprobe(path)
        #expect(oracle.fields[.artist] == ["Two"] && oracle.fields[.title] == nil)
        #expect(TagOracle.differences(ours, oracle, keys: [.album, .genre, .composer]) == [])
    }

    @Test("the duration is in TimestampScale units; a 4-byte float is read too; the DocType must be matroska or webm")
    func infoAndDocType() throws {
        let tags = [Self.tag([Self.simpleTag("TITLE", "T")])]
        #expect(TagReader.read(Self.file(tags: tags, tagsAtEnd: false, duration: 3, scale: 1_000_000_000))?.length == .seconds(3))
        #expect(TagReader.read(Self.file(tags: tags, tagsAtEnd: false, duration: 2500, floatSize: 4))?.length == .milliseconds(2500))
        #expect(TagReader.read(Self.file(tags: tags, tagsAtEnd: false, duration: 0))?.length == nil)
        #expect(TagReader.read(Self.file(tags: tags, tagsAtEnd: false, duration: -5))?.length == nil)
        #expect(TagReader.read(Self.file(tags: tags, tagsAtEnd: false, duration: .infinity))?.length == nil)
        #expect(TagReader.read(Self.file(tags: tags, tagsAtEnd: false, docType: "webm"))?.values(.title) == ["T"])
        #expect(TagReader.read(Self.file(tags: tags, tagsAtEnd: false, docType: "other")) == nil)
    }

    @Test("the attachment named cover.* is the front cover, else the first image; other files and their data are passed over")
    func attachments() throws {
        let png = [0x89, 0x50, 0x4E, 0x47] + Array(repeating: UInt8(7), count: 60)
        let jpeg = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: UInt8(9), count: 40)
        let notes = Self.attachedFile("notes.txt", "text/plain", Array("hello".utf8))
        let small = Self.attachedFile("small_cover.png", "image/png", png)
        let front = Self.attachedFile("cover.jpg", "image/jpeg", jpeg)
        let chosen = TagReader.read(Self.file(tags: [], tagsAtEnd: true, attachments: notes + small + front), picture: true)?.picture
        #expect(chosen?.bytes == jpeg && chosen?.mimeType == "image/jpeg" && chosen?.isFrontCover == true)
        let fallback = TagReader.read(Self.file(tags: [], tagsAtEnd: true, attachments: notes + small), picture: true)?.picture
        #expect(fallback?.bytes == png && fallback?.mimeType == "image/png" && fallback?.isFrontCover == false)
        #expect(TagReader.read(Self.file(tags: [], tagsAtEnd: true, attachments: notes), picture: true)?.picture == nil)
        // A cover.* of no image media type is taken by its signature.
        let untyped = Self.attachedFile("Cover.PNG", "application/octet-stream", png)
        #expect(TagReader.read(Self.file(tags: [], tagsAtEnd: true, attachments: untyped), picture: true)?.picture?.mimeType == "image/png")
    }

    // MARK: Hostile bytes

    @Test("a file cut short anywhere gives nil or what was read before the cut, never more")
    func truncated() async throws {
        let cover = try await TagOracle.coverPNG()
        let path = try await TagOracle.make("mka", ["-c:a", "flac"], seconds: 0.5, extra: ["-attach", cover, "-metadata:s:t", "mimetype=image/png"])
        let bytes = try Self.bytes(path)
        let whole = try #require(TagReader.read(bytes, picture: true))
        #expect(whole.picture != nil && whole.fields.count == 10)
        for cut in stride(from: 0, through: bytes.count, by: 3) {
            guard let part = TagReader.read(Array(bytes[..<cut]), picture: true) else { continue }
            #expect(part.fields.allSatisfy { whole.fields.contains($0) }, "cut at \(cut)")
            #expect(part.picture == nil || part.picture == whole.picture, "cut at \(cut)")
            #expect(part.length == nil || part.length == whole.length, "cut at \(cut)")
        }
    }

    @Test("unknown and huge sizes, zero-size elements, and SeekHeads pointing at themselves or each other stay bounded")
    func hostileSizes() throws {
        let tags = [Self.tag([Self.simpleTag("TITLE", "Kept")])]
        let good = Self.file(tags: tags, tagsAtEnd: true)
        #expect(TagReader.read(good)?.values(.title) == ["Kept"])
        // Every size field set in turn to "unknown" (all value bits set), to the largest size its
        // width holds, and to 0.
        for (offset, width) in Self.sizeFields(good) {
            let unknown = [UInt8(0xFF) >> (width - 1)] + Array(repeating: 0xFF, count: width - 1)
            var largest = unknown
            largest[width - 1] &= 0xFE
            let zero = [UInt8(0x80) >> (width - 1)] + Array(repeating: 0, count: width - 1)
            for value in [unknown, largest, zero] {
                var bytes = good
                bytes.replaceSubrange(offset..<(offset + width), with: value)
                if let read = TagReader.read(bytes, picture: true) {
                    #expect(read.fields.allSatisfy { $0 == TagField(.title, "Kept") })
                }
            }
        }
        // A SeekHead whose entries point at itself, at each other and past the end.
        let seekHead = Self.element(
            0x114D_9B74,
            Self.seek(0x114D_9B74, 0) + Self.seek(0x114D_9B74, 40) + Self.seek(0x1254_C367, 1 << 40) + Self.seek(0x1254_C367, 0))
        let loop = Self.element(0x1A45_DFA3, Self.string(0x4282, "matroska")) + Self.element(0x1853_8067, seekHead + seekHead + Self.cluster())
        #expect(TagReader.read(loop, picture: true)?.fields == [])
        // Thousands of zero-size elements, then Tags: within the walk's bound or not, no trap.
        let voids: [UInt8] = Array(repeating: [0xEC, 0x80], count: 5000).flatMap { $0 }
        let many = Self.element(0x1A45_DFA3, Self.string(0x4282, "matroska")) + Self.element(0x1853_8067, voids + Self.element(0x1254_C367, tags[0]))
        _ = TagReader.read(many, picture: true)
        // A Tags element of thousands of SimpleTags: bounded.
        let flood = Self.tag(Array(repeating: Self.simpleTag("ARTIST", "x"), count: 10000))
        #expect(TagReader.read(Self.file(tags: [flood], tagsAtEnd: false))?.values(.artist) == ["x"])
        // Each byte of a small file set to each extreme value.
        let small = Self.file(tags: tags, tagsAtEnd: true, attachments: Self.attachedFile("cover.png", "image/png", [0x89, 0x50, 0x4E, 0x47, 1, 2]))
        for index in 0..<small.count where index < 200 || index > small.count - 400 {
            for value: UInt8 in [0, 0x01, 0x7F, 0x80, 0xFF] {
                var bytes = small
                bytes[index] = value
                _ = TagReader.read(bytes, picture: true)
            }
        }
    }

    // MARK: Helpers

    static func bigEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(count - 1 - $0))) }
    }

    /// An element: its id's bytes, its size (in `width` bytes, or the fewest), its data.
    static func element(_ id: UInt32, _ data: [UInt8], width: Int? = nil) -> [UInt8] {
        let idLength = id > 0xFF_FFFF ? 4 : id > 0xFFFF ? 3 : id > 0xFF ? 2 : 1
        let sizeLength = width ?? (1...8).first { data.count < (1 << (7 * $0)) - 1 } ?? 8
        return bigEndian(UInt64(id), idLength) + bigEndian(UInt64(data.count) | 1 << UInt64(7 * sizeLength), sizeLength) + data
    }

    static func unsigned(_ id: UInt32, _ value: UInt64) -> [UInt8] {
        element(id, bigEndian(value, max(1, (64 - value.leadingZeroBitCount + 7) / 8)))
    }

    static func string(_ id: UInt32, _ text: String) -> [UInt8] { element(id, Array(text.utf8)) }

    static func simpleTag(_ name: String, _ value: String, language: String? = nil, isDefault: UInt64? = nil, nested: [UInt8] = []) -> [UInt8] {
        var data = string(0x45A3, name)
        if let language { data += string(0x447A, language) }
        if let isDefault { data += unsigned(0x4484, isDefault) }
        return element(0x67C8, data + string(0x4487, value) + nested)
    }

    static func tag(_ simpleTags: [[UInt8]], level: UInt64? = nil, type: String? = nil, trackUID: UInt64? = nil, chapterUID: UInt64? = nil) -> [UInt8] {
        var targets: [UInt8] = []
        if let level { targets += unsigned(0x68CA, level) }
        if let type { targets += string(0x63CA, type) }
        if let trackUID { targets += unsigned(0x63C5, trackUID) }
        if let chapterUID { targets += unsigned(0x63C4, chapterUID) }
        return element(0x7373, element(0x63C0, targets) + simpleTags.flatMap { $0 })
    }

    static func attachedFile(_ name: String, _ mimeType: String, _ data: [UInt8]) -> [UInt8] {
        element(0x61A7, string(0x466E, name) + string(0x4660, mimeType) + element(0x465C, data) + unsigned(0x46AE, 1))
    }

    static func seek(_ id: UInt32, _ position: UInt64) -> [UInt8] {
        element(0x4DBB, element(0x53AB, bigEndian(UInt64(id), 4)) + element(0x53AC, bigEndian(position, 8)))
    }

    /// A Cluster of 3000 bytes of "audio" in a SimpleBlock.
    static func cluster() -> [UInt8] {
        element(0x1F43_B675, unsigned(0xE7, 0) + element(0xA3, [0x81, 0, 0, 0x80] + Array(repeating: 0x55, count: 3000)))
    }

    /// A Matroska file: the EBML header, then a Segment of a SeekHead (to Info, Tags and the
    /// Attachments, unless `seekHead` is false), Info, a Cluster, and the Tags and Attachments
    /// before or after the Cluster.
    static func file(
        tags: [[UInt8]], tagsAtEnd: Bool, duration: Double = 5000, scale: UInt64? = nil, floatSize: Int = 8, title: String? = nil,
        docType: String = "matroska", attachments: [UInt8] = [], seekHead: Bool = true
    ) -> [UInt8] {
        let header = element(0x1A45_DFA3, unsigned(0x4286, 1) + string(0x4282, docType))
        let durationBytes = floatSize == 4 ? bigEndian(UInt64(Float(duration).bitPattern), 4) : bigEndian(duration.bitPattern, 8)
        var infoData = (scale.map { unsigned(0x2A_D7B1, $0) } ?? []) + element(0x4489, durationBytes)
        if let title { infoData += string(0x7BA9, title) }
        let info = element(0x1549_A966, infoData)
        let tagsElement = element(0x1254_C367, tags.flatMap { $0 })
        let attachmentsElement = attachments.isEmpty ? [] : element(0x1941_A469, attachments)
        let parts = tagsAtEnd ? [info, cluster(), attachmentsElement, tagsElement] : [info, tagsElement, attachmentsElement, cluster()]
        // A Seek's position is always 8 bytes: the SeekHead's size is known before the positions.
        let entries = attachments.isEmpty ? 2 : 3
        let seekHeadSize = seekHead ? element(0x114D_9B74, Array(repeating: seek(0, 0), count: entries).flatMap { $0 }).count : 0
        var positions: [Int] = []
        var position = seekHeadSize
        for part in parts {
            positions.append(position)
            position += part.count
        }
        var body: [UInt8] = []
        if seekHead {
            let infoAt = positions[0]
            let tagsAt = tagsAtEnd ? positions[3] : positions[1]
            let attachmentsAt = positions[2]
            var seeks = seek(0x1549_A966, UInt64(infoAt)) + seek(0x1254_C367, UInt64(tagsAt))
            if !attachments.isEmpty { seeks += seek(0x1941_A469, UInt64(attachmentsAt)) }
            body += element(0x114D_9B74, seeks)
        }
        return header + element(0x1853_8067, body + parts.flatMap { $0 }, width: 8)
    }

    /// Where each size field of `bytes` is and its width, for every element reached by walking
    /// the masters the hand-made files use.
    static func sizeFields(_ bytes: [UInt8]) -> [(offset: Int, width: Int)] {
        let masters: Set<UInt32> = [0x1A45_DFA3, 0x1853_8067, 0x114D_9B74, 0x4DBB, 0x1549_A966, 0x1254_C367, 0x7373, 0x63C0, 0x67C8, 0x1941_A469, 0x61A7]
        var found: [(offset: Int, width: Int)] = []
        func walk(_ start: Int, _ end: Int) {
            var offset = start
            while offset < end, found.count < 10000 {
                let first = bytes[offset]
                guard first != 0 else { return }
                let idLength = first.leadingZeroBitCount + 1
                let id = bytes[offset..<(offset + idLength)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                let sizeAt = offset + idLength
                let width = bytes[sizeAt].leadingZeroBitCount + 1
                let size = bytes[sizeAt..<(sizeAt + width)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } & ((1 << UInt64(7 * width)) - 1)
                found.append((sizeAt, width))
                let data = sizeAt + width
                if masters.contains(id) { walk(data, data + Int(size)) }
                offset = data + Int(size)
            }
        }
        walk(0, bytes.count)
        return found
    }
}
