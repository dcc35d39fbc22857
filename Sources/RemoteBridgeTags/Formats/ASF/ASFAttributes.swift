// SPDX-License-Identifier: Apache-2.0

/// The ASF objects that hold tags, in the order Mutagen gathers them (`ASF.load`): the
/// order the values of one tag come in, and the order pictures are chosen in.
enum ASFTagObject: Int, CaseIterable {
    case contentDescription, extendedContentDescription, metadata, metadataLibrary
}

/// Where a `WM/Picture` value lies in the file, so that only the one chosen is read.
struct ASFPictureLocation {
    let object: ASFTagObject
    /// Whether its type byte says front cover (3, as in ID3's APIC).
    let isFrontCover: Bool
    let offset: Int
    let length: Int
}

/// The tags of an ASF header's tag objects, gathered object by object and then given in
/// Mutagen's order, whatever order the objects come in.
struct ASFAttributeList {
    /// The fields each tag object gave, by `ASFTagObject`.
    private(set) var fields: [[TagField]] = Array(repeating: [], count: ASFTagObject.allCases.count)
    /// The `WM/Picture` values found, if a picture is asked for.
    private(set) var pictures: [ASFPictureLocation] = []
    /// The fields in `fields`, all objects together.
    private var fieldCount = 0
    /// The most attributes read from one object.
    static let mostAttributes = 4096
    /// The most pictures noted.
    static let mostPictures = 64
    /// The largest value read as text (1 MiB): one that claims more is skipped unread.
    static let largestText = 1 << 20

    /// Names as the oracle maps them (its `ASF_NAMES`), in lower case; other names are read as
    /// `TagKey(commonName:)` reads them (ffmpeg writes `title` and `date` so).
    static let names: [String: TagKey] = [
        "title": .title, "author": .artist, "wm/albumtitle": .album, "wm/albumartist": .albumArtist,
        "wm/composer": .composer, "wm/genre": .genre, "wm/tracknumber": .track, "wm/partofset": .disc,
        "wm/year": .date, "description": .comment,
    ]

    /// The key `name` stands for. Names are stored with an ending NUL, which Mutagen strips.
    static func key(_ name: String) -> TagKey? {
        let lowered = name.trimmingNULsAndSpaces.lowercased()
        return names[lowered] ?? TagKey(commonName: lowered)
    }

    /// All the fields, in Mutagen's order.
    var allFields: [TagField] { fields.flatMap { $0 } }

    /// Adds `text` for the attribute `name`, found in `object`, unless `AudioTags.mostFields`
    /// fields are held already (a header of endless objects, each of 4096 attributes, would
    /// else keep them all, and check each against the others when they are added to the tags).
    mutating func add(_ name: String, text: String, from object: ASFTagObject) {
        guard fieldCount < AudioTags.mostFields, let key = Self.key(name) else { return }
        fields[object.rawValue].append(TagField(key, text))
        fieldCount += 1
    }

    /// The attributes of an Extended Content Description Object (ASF 1.2 §3.11): a count, then
    /// for each a name length, the name (UTF-16LE), a value type, a value length (16 bits) and
    /// the value.
    mutating func readExtendedContentDescription<Source>(_ cursor: inout ASFStreamCursor<Source>, picture: Bool) {
        guard let count = cursor.u16LE() else { return }
        for _ in 0..<min(Int(count), Self.mostAttributes) {
            guard let nameLength = cursor.u16LE(), let name = cursor.bytes(Int(nameLength)), let type = cursor.u16LE(),
                let valueLength = cursor.u16LE(),
                take(TagText.utf16(name, bigEndian: false), type: type, length: Int(valueLength), from: &cursor,
                     object: .extendedContentDescription, picture: picture)
            else { return }
        }
    }

    /// The attributes of a Metadata Object or Metadata Library Object (ASF 1.2 §4.7, §4.8),
    /// found in the Header Extension Object: a count, then for each a language index (reserved
    /// in Metadata), a stream number, a name length, a value type, a value length (32 bits),
    /// the name and the value.
    mutating func readMetadata<Source>(_ cursor: inout ASFStreamCursor<Source>, object: ASFTagObject, picture: Bool) {
        guard let count = cursor.u16LE() else { return }
        for _ in 0..<min(Int(count), Self.mostAttributes) {
            guard cursor.skip(4), let nameLength = cursor.u16LE(), let type = cursor.u16LE(), let valueLength = cursor.u32LE(),
                let name = cursor.bytes(Int(nameLength)),
                take(TagText.utf16(name, bigEndian: false), type: type, length: Int(valueLength), from: &cursor, object: object, picture: picture)
            else { return }
        }
    }

    /// Takes one attribute's value of `length` bytes from `cursor`: its text if its name is a
    /// tag read, where it lies if it is a `WM/Picture` (a byte array) and a picture is asked
    /// for; any other value is skipped unread. False if the object ends before the value does.
    mutating func take<Source>(
        _ name: String, type: UInt16, length: Int, from cursor: inout ASFStreamCursor<Source>, object: ASFTagObject, picture: Bool
    ) -> Bool {
        guard length <= cursor.remaining else { return false }
        if name.trimmingNULsAndSpaces.lowercased() == "wm/picture" {
            guard picture, type == 1, length > 0, pictures.count < Self.mostPictures else { return cursor.skip(length) }
            let start = cursor.offset
            guard let kind = cursor.bytes(1) else { return false }
            pictures.append(ASFPictureLocation(object: object, isFrontCover: kind.first == 3, offset: start, length: length))
            return cursor.skip(length - 1)
        }
        guard Self.key(name) != nil, length <= Self.largestText else { return cursor.skip(length) }
        guard let value = cursor.bytes(length) else { return false }
        if let text = Self.text(value, type: type) { add(name, text: text, from: object) }
        return true
    }

    /// A value as text, as Mutagen gives it: a string (type 0, UTF-16LE), or a DWORD, QWORD or
    /// WORD (types 3, 4, 5) in decimal. Byte arrays, booleans and GUIDs are not text.
    static func text(_ value: ArraySlice<UInt8>, type: UInt16) -> String? {
        switch (type, value.count) {
        case (0, _): TagText.utf16(value, bigEndian: false)
        case (3, 4), (4, 8), (5, 2): String(value.unsignedInteger(bigEndian: false))
        default: nil
        }
    }

    /// The picture chosen among those found: the first front cover, else the first, in
    /// Mutagen's order (the oracle's rule). One that cannot be read gives way to the next.
    func picture(in source: some ByteSource) -> EmbeddedPicture? {
        func rank(_ found: (offset: Int, element: ASFPictureLocation)) -> (Int, Int, Int) {
            (found.element.isFrontCover ? 0 : 1, found.element.object.rawValue, found.offset)
        }
        let ordered = pictures.enumerated().sorted { rank($0) < rank($1) }
        for (_, location) in ordered.prefix(8) {
            if let bytes = source.readExactly(at: location.offset, count: location.length), let found = Self.picture(bytes[...]) {
                return found
            }
        }
        return nil
    }

    /// A `WM/Picture` value: a type byte, the data's size (32 bits), the MIME type and the
    /// description (each UTF-16LE ending in a NUL), then the data (the WM_PICTURE structure).
    static func picture(_ value: ArraySlice<UInt8>) -> EmbeddedPicture? {
        var cursor = ByteCursor(value)
        guard let type = cursor.u8(), let size = cursor.u32LE(), let mime = nulTerminatedUTF16(&cursor),
            nulTerminatedUTF16(&cursor) != nil, let data = cursor.bytes(Int(size)), !data.isEmpty
        else { return nil }
        var found = EmbeddedPicture(bytes: Array(data), mimeType: mime)
        found.isFrontCover = type == 3
        return found
    }

    /// UTF-16LE text up to a NUL code unit, which is taken too; nil if there is none.
    static func nulTerminatedUTF16(_ cursor: inout ByteCursor) -> String? {
        let rest = cursor.rest
        var index = 0
        while index + 1 < rest.count {
            if rest[relative: index] == 0, rest[relative: index + 1] == 0 {
                defer { _ = cursor.skip(index + 2) }
                return TagText.utf16(rest.prefix(index), bigEndian: false)
            }
            index += 2
        }
        return nil
    }
}
