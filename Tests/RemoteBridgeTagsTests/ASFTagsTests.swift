// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTags
import Testing

/// ASF (WMA): ffmpeg's files read as Mutagen reads them; attributes and pictures added with
/// Mutagen (which moves large or stream-bound ones to the Header Extension's Metadata and
/// Metadata Library objects); headers built by hand; and hostile bytes.
@Suite("ASF tags")
struct ASFTagsTests {
    @Test("ffmpeg's WMA files give Mutagen's tags and length, reading only the header", arguments: ["wmav1", "wmav2"])
    func ffmpegFiles(_ codec: String) async throws {
        let path = try await TagOracle.make("wma", ["-c:a", codec])
        let file = try #require(TagFile(regularFileAt: path))
        let ours = try #require(TagReader.read(file))
        #expect(ours.format == .asf)
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(path)) == [])
        #expect(ours.values(.title) == ["Tëst Títle ♫"])  // in the Content Description and, from ffmpeg, as `title` too
        #expect(ours.values(.date) == ["2024"])  // ffmpeg writes `date`, read as its common name
        #expect(ours.values(.track) == ["3/12"])
        // The header only, in one of TagFile's 8 KiB windows; the audio after it is never read.
        #expect(file.bytesRead <= 8192, "read \(file.bytesRead) of \(file.size) bytes")
    }

    @Test("a WM/Picture added with Mutagen is given as the oracle gives it, and only when asked for")
    func picture() async throws {
        let path = try await TagOracle.make("wma", ["-c:a", "wmav2"])
        _ = try await TagOracle.python(ASFBytes.addPictures, [path, "3", try await TagOracle.coverPNG()])
        let oracle = try await TagOracle.mutagen(path)
        let ours = try #require(TagReader.read(path: path, picture: true))
        #expect(TagOracle.differences(ours, oracle, picture: true) == [])
        #expect(ours.picture?.mimeType == "image/png")
        #expect(ours.picture?.isFrontCover == true)
        let without = try #require(TagReader.read(path: path, picture: false))
        #expect(without.picture == nil)
        #expect(TagOracle.differences(without, oracle) == [])
    }

    @Test("the front cover is preferred to an earlier picture, also from the Metadata Library (where Mutagen puts one over 64 KiB), and is never read unasked")
    func frontCoverInMetadataLibrary() async throws {
        let path = try await TagOracle.make("wma", ["-c:a", "wmav1"])
        let jpeg = try await ASFBytes.noiseJPEG()
        _ = try await TagOracle.python(ASFBytes.addPictures, [path, "0", try await TagOracle.coverPNG(), "3", jpeg])
        let librarySize = try await TagOracle.python(
            """
            import sys
            from mutagen.asf import ASF
            from mutagen.asf._objects import HeaderExtensionObject, MetadataLibraryObject
            f = ASF(sys.argv[1])
            print(len(f._header.get_child(HeaderExtensionObject.GUID).get_child(MetadataLibraryObject.GUID).data))
            """, [path])
        let jpegSize = try Data(contentsOf: URL(fileURLWithPath: jpeg)).count
        #expect(jpegSize > 65536)
        #expect((Int(librarySize.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > jpegSize)

        let oracle = try await TagOracle.mutagen(path)
        let ours = try #require(TagReader.read(path: path, picture: true))
        #expect(TagOracle.differences(ours, oracle, picture: true) == [])
        #expect(ours.picture?.mimeType == "image/jpeg")
        #expect(ours.picture?.bytes.count == jpegSize)

        let file = try #require(TagFile(regularFileAt: path))
        let without = try #require(TagReader.read(file, picture: false))
        #expect(without.picture == nil)
        #expect(TagOracle.differences(without, oracle) == [])
        #expect(file.bytesRead < 32 * 1024)
    }

    @Test("DWORD and QWORD numbers read as decimal text, and the Metadata and Metadata Library objects' values come after the others, as with Mutagen")
    func numbersAndMetadataObjects() async throws {
        let path = try await TagOracle.make("wma", ["-c:a", "wmav2"])
        _ = try await TagOracle.python(
            """
            import sys
            from mutagen.asf import ASF, ASFDWordAttribute, ASFQWordAttribute, ASFUnicodeAttribute
            f = ASF(sys.argv[1])
            f['WM/TrackNumber'] = ASFDWordAttribute(7)
            f['WM/PartOfSet'] = ASFQWordAttribute(2)
            del f['date']
            f['WM/Year'] = '1999'
            f['WM/Genre'] = [ASFUnicodeAttribute('Rock', stream=1), ASFUnicodeAttribute('Pop', language=2)]
            f.save()
            """, [path])
        let ours = try #require(TagReader.read(path: path))
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(path)) == [])
        #expect(ours.values(.track) == ["7"])
        #expect(ours.values(.disc) == ["2"])
        #expect(ours.values(.date) == ["1999"])
        #expect(ours.values(.genre) == ["Rock", "Pop"])
    }

    @Test("a boolean is not text: Mutagen's oracle gives \"True\" for one, the reader nothing")
    func booleanIsNotText() async throws {
        let path = try await TagOracle.make("wma", ["-c:a", "wmav2"])
        _ = try await TagOracle.python(
            """
            import sys
            from mutagen.asf import ASF, ASFBoolAttribute
            f = ASF(sys.argv[1])
            f['WM/AlbumArtist'] = ASFBoolAttribute(True)
            f.save()
            """, [path])
        let ours = try #require(TagReader.read(path: path))
        let oracle = try await TagOracle.mutagen(path)
        #expect(oracle.fields[.albumArtist] == ["True"])
        #expect(ours.values(.albumArtist) == [])
        #expect(TagOracle.differences(ours, oracle, keys: TagKey.allCases.filter { $0 != .albumArtist }) == [])
    }

    // MARK: Built by hand

    @Test("the length is the play duration less the preroll, as Mutagen takes it; none when the preroll is longer")
    func length() async throws {
        let plain = ASFBytes.header([ASFBytes.fileProperties(play: 50_000_000, preroll: 1000)])
        let ours = try #require(TagReader.read(plain))
        #expect(ours.length == .seconds(4))
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(ASFBytes.write(plain))) == [])

        let longPreroll = ASFBytes.header([ASFBytes.fileProperties(play: 20_000_000, preroll: 3100)])
        let none = try #require(TagReader.read(longPreroll))
        #expect(none.length == nil)
        #expect(TagOracle.differences(none, try await TagOracle.mutagen(ASFBytes.write(longPreroll))) == [])
    }

    @Test("values come in Mutagen's object order whatever the file's: Content Description, Extended, Metadata, Metadata Library")
    func objectOrder() async throws {
        let bytes = ASFBytes.header([
            ASFBytes.headerExtension([
                ASFBytes.metadata(ASFBytes.metadataLibraryGUID, [("Author", 0, ASFBytes.utf16("Fourth"))]),
                ASFBytes.metadata(ASFBytes.metadataGUID, [("Author", 0, ASFBytes.utf16("Third"))]),
            ]),
            ASFBytes.extended([("Author", 0, ASFBytes.utf16("Second")), ("WM/TrackNumber", 3, [5, 0, 0, 0])]),
            ASFBytes.contentDescription(title: "Order", author: "First"),
            ASFBytes.fileProperties(play: 30_000_000, preroll: 0),
        ])
        let ours = try #require(TagReader.read(bytes))
        #expect(ours.values(.artist) == ["First", "Second", "Third", "Fourth"])
        #expect(ours.values(.track) == ["5"])
        #expect(TagOracle.differences(ours, try await TagOracle.mutagen(ASFBytes.write(bytes))) == [])
    }

    // MARK: Hostile bytes

    @Test("a header cut short anywhere gives nil or some of its fields and picture, never others, and never traps")
    func truncated() async throws {
        let path = try await TagOracle.make("wma", ["-c:a", "wmav2"], seconds: 1)
        _ = try await TagOracle.python(ASFBytes.addPictures, [path, "3", try await TagOracle.coverPNG()])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let whole = try #require(TagReader.read(bytes, picture: true))
        #expect(whole.fields.count == 10)
        #expect(whole.picture != nil)
        var partial = 0
        for cut in stride(from: 0, to: min(bytes.count, 4096), by: 2) {
            guard let tags = TagReader.read(Array(bytes.prefix(cut)), picture: true) else { continue }
            #expect(tags.fields.allSatisfy { whole.fields.contains($0) }, "cut at \(cut)")
            #expect(tags.picture == nil || tags.picture == whole.picture, "cut at \(cut)")
            if tags.fields.count < whole.fields.count { partial += 1 }
        }
        #expect(partial > 0)
    }

    @Test("sizes, counts and lengths of 0, 1 and all ones written over any word of the header are survived, with bounded results")
    func hostileWords() async throws {
        let path = try await TagOracle.make("wma", ["-c:a", "wmav1"], seconds: 1)
        _ = try await TagOracle.python(ASFBytes.addPictures, [path, "3", try await TagOracle.coverPNG()])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let headerSize = Int(bytes[16..<24].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        #expect(headerSize > 30 && headerSize < bytes.count)
        for offset in 16..<headerSize - 8 {
            for word: [UInt8] in [[0, 0], [1, 0], [0xFF, 0xFF], [0, 0, 0, 0, 0, 0, 0, 0], [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]] {
                var hostile = bytes
                hostile.replaceSubrange(offset..<offset + word.count, with: word)
                let tags = TagReader.read(hostile, picture: true)
                #expect((tags?.fields.count ?? 0) <= 64, "at \(offset)")
                #expect((tags?.picture?.bytes.count ?? 0) <= bytes.count, "at \(offset)")
            }
        }
    }

    @Test("lengths past their object are not believed: the attributes before them are kept")
    func lengthsPastTheObject() throws {
        let good = ("WM/AlbumTitle", UInt16(0), ASFBytes.utf16("Kept"))
        // An Extended Content Description whose second attribute's value claims 0xFFFF bytes.
        var extended = ASFBytes.extended([good, ("WM/Genre", 0, ASFBytes.utf16("Lost"))])
        let genreLength = extended.count - ASFBytes.utf16("Lost").count - 2
        extended.replaceSubrange(genreLength..<genreLength + 2, with: [0xFF, 0xFF])
        let ours = try #require(TagReader.read(ASFBytes.header([extended])))
        #expect(ours.values(.album) == ["Kept"])
        #expect(ours.values(.genre) == [])

        // A Metadata Library value claiming 0xFFFFFFFF bytes, in a Header Extension whose data size says the same.
        var library = ASFBytes.metadata(ASFBytes.metadataLibraryGUID, [good, ("WM/Genre", 0, ASFBytes.utf16("Lost"))])
        let valueLength = library.count - ASFBytes.utf16("Lost").count - ASFBytes.utf16("WM/Genre").count - 4
        library.replaceSubrange(valueLength..<valueLength + 4, with: [0xFF, 0xFF, 0xFF, 0xFF])
        var headerExtension = ASFBytes.headerExtension([library])
        headerExtension.replaceSubrange(24 + 18..<24 + 22, with: [0xFF, 0xFF, 0xFF, 0xFF])
        let fromLibrary = try #require(TagReader.read(ASFBytes.header([headerExtension])))
        #expect(fromLibrary.values(.album) == ["Kept"])
        #expect(fromLibrary.values(.genre) == [])
    }

    @Test("a header claiming endless objects or attributes is read within bounded reads")
    func floods() throws {
        // 0xFFFFFFFF objects claimed, 100 000 present (padding objects of 24 bytes).
        let padding = ASFBytes.object([0x74, 0xD4, 0x06, 0x18, 0xDF, 0xCA, 0x09, 0x45, 0xA4, 0xBA, 0x9A, 0xAB, 0xCB, 0x96, 0xAA, 0xE8], [])
        var flooded = ASFBytes.header([ASFBytes.contentDescription(title: "Flood", author: "")] + [[UInt8]](repeating: padding, count: 100_000))
        flooded.replaceSubrange(24..<28, with: [0xFF, 0xFF, 0xFF, 0xFF])
        let source = CountingSource(flooded)
        #expect(TagReader.read(source)?.values(.title) == ["Flood"])
        #expect(source.reads <= 1024)
        #expect(source.bytesRead <= 64 * 1024)

        // Objects of size 0 can never be stepped over: the walk ends at the first.
        var zero = ASFBytes.header([ASFBytes.contentDescription(title: "Zero", author: "")] + [[UInt8]](repeating: padding, count: 4))
        zero.replaceSubrange(30 + 16..<30 + 24, with: [UInt8](repeating: 0, count: 8))
        #expect(try #require(TagReader.read(zero)).fields == [])

        // 65 535 attributes claimed, 3 present.
        var extended = ASFBytes.extended([("WM/AlbumTitle", 0, ASFBytes.utf16("One")), ("WM/Genre", 0, ASFBytes.utf16("Two")), ("Author", 0, ASFBytes.utf16("Three"))])
        extended.replaceSubrange(24..<26, with: [0xFF, 0xFF])
        let many = CountingSource(ASFBytes.header([extended]))
        let tags = try #require(TagReader.read(many))
        #expect(tags.fields.count == 3)
        #expect(many.reads <= 16)
    }

    @Test("200 objects of 1000 genres each give at most 4096 fields, at once")
    func endlessAttributes() throws {
        // Before, all 200 000 were kept, each checked against all before it when added.
        let objects = (0..<200).map { object in ASFBytes.extended((0..<1000).map { ("WM/Genre", UInt16(0), ASFBytes.utf16("\(object * 1000 + $0)")) }) }
        let tags = try #require(TagReader.read(ASFBytes.header(objects)))
        #expect(tags.fields.count == AudioTags.mostFields)
    }

    @Test("random bytes after the header GUID never trap")
    func randomBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let noise = (0..<Int.random(in: 0..<600, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Plausible objects among the noise.
            let objects = [ASFBytes.contentDescription(title: "T", author: "A"), ASFBytes.extended([("Author", 0, ASFBytes.utf16("B"))]),
                           ASFBytes.headerExtension([ASFBytes.metadata(ASFBytes.metadataGUID, [("WM/Genre", 0, ASFBytes.utf16("G"))])])]
            var bytes = ASFBytes.header(objects.filter { _ in Bool.random(using: &generator) } + [noise])
            if Bool.random(using: &generator), bytes.count > 40 {
                let at = Int.random(in: 30..<bytes.count, using: &generator)
                bytes[at] = UInt8.random(in: 0...255, using: &generator)
            }
            let tags = TagReader.read(bytes, picture: true)
            #expect((tags?.fields.count ?? 0) <= 64)
        }
    }
}

/// ASF headers built by hand (ASF 1.2 §3), and a Mutagen script adding pictures.
private enum ASFBytes {
    static let filePropertiesGUID: [UInt8] = [0xA1, 0xDC, 0xAB, 0x8C, 0x47, 0xA9, 0xCF, 0x11, 0x8E, 0xE4, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65]
    static let contentDescriptionGUID: [UInt8] = [0x33, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C]
    static let extendedGUID: [UInt8] = [0x40, 0xA4, 0xD0, 0xD2, 0x07, 0xE3, 0xD2, 0x11, 0x97, 0xF0, 0x00, 0xA0, 0xC9, 0x5E, 0xA8, 0x50]
    static let headerExtensionGUID: [UInt8] = [0xB5, 0x03, 0xBF, 0x5F, 0x2E, 0xA9, 0xCF, 0x11, 0x8E, 0xE3, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65]
    static let metadataGUID: [UInt8] = [0xEA, 0xCB, 0xF8, 0xC5, 0xAF, 0x5B, 0x77, 0x48, 0x84, 0x67, 0xAA, 0x8C, 0x44, 0xFA, 0x4C, 0xCA]
    static let metadataLibraryGUID: [UInt8] = [0x94, 0x1C, 0x23, 0x44, 0x98, 0x94, 0xD1, 0x49, 0xA1, 0x41, 0x1D, 0x13, 0x4E, 0x45, 0x70, 0x54]

    static func le16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func le64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    /// UTF-16LE with an ending NUL, as ASF stores names and strings.
    static func utf16(_ text: String) -> [UInt8] { text.utf16.flatMap { le16(Int($0)) } + [0, 0] }

    static func object(_ guid: [UInt8], _ payload: [UInt8]) -> [UInt8] { guid + le64(UInt64(24 + payload.count)) + payload }

    /// A Header Object holding `objects`.
    static func header(_ objects: [[UInt8]]) -> [UInt8] {
        let body = Array(objects.joined())
        return ASFTags.headerGUID + le64(UInt64(30 + body.count)) + le32(objects.count) + [1, 2] + body
    }

    static func fileProperties(play: UInt64, preroll: UInt64) -> [UInt8] {
        let times = le64(0) + le64(1) + le64(play) + le64(play) + le64(preroll)
        return object(filePropertiesGUID, [UInt8](repeating: 0, count: 16) + le64(1000) + times + le32(2) + le32(3200) + le32(3200) + le32(128_000))
    }

    static func contentDescription(title: String, author: String) -> [UInt8] {
        let texts = [title, author, "", "", ""].map { $0.isEmpty ? [] : utf16($0) }
        return object(contentDescriptionGUID, texts.flatMap { le16($0.count) } + Array(texts.joined()))
    }

    /// An Extended Content Description Object of (name, type, value) attributes.
    static func extended(_ attributes: [(String, UInt16, [UInt8])]) -> [UInt8] {
        var body: [UInt8] = le16(attributes.count)
        for (name, type, value) in attributes {
            let encoded = utf16(name)
            body += le16(encoded.count) + encoded
            body += le16(Int(type)) + le16(value.count) + value
        }
        return object(extendedGUID, body)
    }

    /// A Metadata or Metadata Library Object (by `guid`) of (name, type, value) attributes.
    static func metadata(_ guid: [UInt8], _ attributes: [(String, UInt16, [UInt8])]) -> [UInt8] {
        var body: [UInt8] = le16(attributes.count)
        for (name, type, value) in attributes {
            let encoded = utf16(name)
            body += le16(0) + le16(0) + le16(encoded.count)
            body += le16(Int(type)) + le32(value.count)
            body += encoded + value
        }
        return object(guid, body)
    }

    static func headerExtension(_ objects: [[UInt8]]) -> [UInt8] {
        let body = Array(objects.joined())
        let reserved: [UInt8] = [0x11, 0xD2, 0xD3, 0xAB, 0xBA, 0xA9, 0xCF, 0x11, 0x8E, 0xE6, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65]
        return object(headerExtensionGUID, reserved + le16(6) + le32(body.count) + body)
    }

    /// Writes `bytes` to a new .wma file for the oracle; its path.
    static func write(_ bytes: [UInt8]) throws -> String {
        let path = TagOracle.folder.appendingPathComponent("\(UUID().uuidString).wma").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A JPEG of noise (512×512, some 240 KB: over the 64 KiB an Extended Content Description value holds).
    static func noiseJPEG() async throws -> String {
        let path = TagOracle.folder.appendingPathComponent("\(UUID().uuidString).jpg").path
        try await TagOracle.ffmpeg(["-f", "lavfi", "-i", "nullsrc=s=512x512,geq=random(1)*255:random(1)*255:128", "-frames:v", "1", "-q:v", "1", path])
        return path
    }

    /// Sets WM/Picture of the file (argument 1) to pictures given as type and path pairs: the
    /// WM_PICTURE structure (type, size, MIME and description in UTF-16LE ending in NUL, data).
    static let addPictures = """
        import sys, struct
        from mutagen.asf import ASF, ASFByteArrayAttribute
        def wm_picture(kind, mime, data):
            head = struct.pack("<bI", kind, len(data))
            return ASFByteArrayAttribute(head + mime.encode("utf-16-le") + b"\\x00\\x00" + "A cover".encode("utf-16-le") + b"\\x00\\x00" + data)
        f = ASF(sys.argv[1])
        pictures = []
        for kind, path in zip(sys.argv[2::2], sys.argv[3::2]):
            pictures.append(wm_picture(int(kind), "image/png" if path.endswith(".png") else "image/jpeg", open(path, "rb").read()))
        f["WM/Picture"] = pictures
        f.save()
        """
}
