// SPDX-License-Identifier: Apache-2.0

/// ASF (WMA): the objects of the Header Object (ASF 1.2 §3) that say what the file holds. The
/// File Properties Object gives the length; the Content Description, Extended Content
/// Description, and the Header Extension Object's Metadata and Metadata Library objects give
/// the tags and `WM/Picture`, as Mutagen's `ASF` reads them.
///
/// Only the headers of the other objects are read (24 bytes each), and a picture's bytes only
/// when one is asked for; the Data Object after the header never is.
package enum ASFTags {
    /// 75B22630-668E-11CF-A6D9-00AA0062CE6C, as stored (the first three parts little-endian).
    package static let headerGUID: [UInt8] = [0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C]
    /// 8CABDCA1-A947-11CF-8EE4-00C00C205365.
    static let filePropertiesGUID: [UInt8] = [0xA1, 0xDC, 0xAB, 0x8C, 0x47, 0xA9, 0xCF, 0x11, 0x8E, 0xE4, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65]
    /// 75B22633-668E-11CF-A6D9-00AA0062CE6C.
    static let contentDescriptionGUID: [UInt8] = [0x33, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C]
    /// D2D0A440-E307-11D2-97F0-00A0C95EA850.
    static let extendedContentDescriptionGUID: [UInt8] = [0x40, 0xA4, 0xD0, 0xD2, 0x07, 0xE3, 0xD2, 0x11, 0x97, 0xF0, 0x00, 0xA0, 0xC9, 0x5E, 0xA8, 0x50]
    /// 5FBF03B5-A92E-11CF-8EE3-00C00C205365.
    static let headerExtensionGUID: [UInt8] = [0xB5, 0x03, 0xBF, 0x5F, 0x2E, 0xA9, 0xCF, 0x11, 0x8E, 0xE3, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65]
    /// C5F8CBEA-5BAF-4877-8467-AA8C44FA4CCA.
    static let metadataGUID: [UInt8] = [0xEA, 0xCB, 0xF8, 0xC5, 0xAF, 0x5B, 0x77, 0x48, 0x84, 0x67, 0xAA, 0x8C, 0x44, 0xFA, 0x4C, 0xCA]
    /// 44231C94-9498-49D1-A141-1D134E457054.
    static let metadataLibraryGUID: [UInt8] = [0x94, 0x1C, 0x23, 0x44, 0x98, 0x94, 0xD1, 0x49, 0xA1, 0x41, 0x1D, 0x13, 0x4E, 0x45, 0x70, 0x54]

    /// The most objects read from the Header Object, and from the Header Extension Object.
    static let mostObjects = 256

    /// One object: its GUID and where its payload lies (after the GUID and 64-bit size).
    struct Object {
        let guid: ArraySlice<UInt8>
        let payload: Int
        let end: Int
    }

    /// The tags of the ASF file in `source`; nil if it does not begin with a Header Object.
    package static func read(_ source: some ByteSource, picture: Bool) -> AudioTags? {
        // The Header Object: GUID, size (64 bits), number of objects (32 bits), two reserved bytes.
        guard let head = source.readExactly(at: 0, count: 30), head.starts(with: headerGUID) else { return nil }
        var cursor = ByteCursor(head[16...])
        guard let headerSize = cursor.u64LE(), let count = cursor.u32LE(), headerSize >= 30 else { return nil }
        let headerEnd = Int(min(headerSize, UInt64(source.size)))
        var tags = AudioTags(format: .asf)
        var list = ASFAttributeList()
        var offset = 30
        for _ in 0..<min(Int(count), mostObjects) {
            guard let object = object(in: source, at: offset, before: headerEnd) else { break }
            var body = ASFStreamCursor(source, from: object.payload, to: object.end)
            switch object.guid {
            case filePropertiesGUID[...]:
                tags.length = length(&body)
            case contentDescriptionGUID[...]:
                readContentDescription(&body, into: &list)
            case extendedContentDescriptionGUID[...]:
                list.readExtendedContentDescription(&body, picture: picture)
            case headerExtensionGUID[...]:
                readHeaderExtension(source, object, into: &list, picture: picture)
            default:
                break
            }
            offset = object.end
        }
        for field in list.allFields { tags.add(field.key, field.value) }
        if picture { tags.picture = list.picture(in: source) }
        return tags
    }

    /// The object whose header is at `offset`, in a container that ends at `end`; nil if no
    /// whole header fits or its size is under one. An object that claims more than its
    /// container holds is cut short at the container's end (a file cut off in its header).
    static func object(in source: some ByteSource, at offset: Int, before end: Int) -> Object? {
        guard offset >= 0, end - offset >= 24, let header = source.readExactly(at: offset, count: 24) else { return nil }
        let size = header[16..<24].unsignedInteger(bigEndian: false)
        guard size >= 24 else { return nil }
        return Object(guid: header[0..<16], payload: offset + 24, end: offset + Int(min(size, UInt64(end - offset))))
    }

    /// The length the File Properties Object (ASF 1.2 §3.2) states: its play duration (in 100 ns
    /// units, at byte 40) less its preroll (in milliseconds, at byte 56), as Mutagen takes it;
    /// nil if that is not above zero.
    static func length<Source>(_ body: inout ASFStreamCursor<Source>) -> Duration? {
        guard body.skip(40), let play = body.u64LE(), body.skip(8), let preroll = body.u64LE() else { return nil }
        let seconds = Double(play) / 10_000_000 - Double(preroll) / 1000
        return seconds > 0 ? Duration.seconds(checked: seconds) : nil
    }

    /// The Content Description Object (ASF 1.2 §3.10): five lengths (16 bits), then the title,
    /// author, copyright, description and rating, in UTF-16LE.
    static func readContentDescription<Source>(_ body: inout ASFStreamCursor<Source>, into list: inout ASFAttributeList) {
        var lengths: [Int] = []
        for _ in 0..<5 {
            guard let length = body.u16LE() else { return }
            lengths.append(Int(length))
        }
        for (name, length) in zip(["Title", "Author", "Copyright", "Description", "Rating"], lengths) {
            guard let text = body.bytes(length) else { return }
            list.add(name, text: TagText.utf16(text, bigEndian: false), from: .contentDescription)
        }
    }

    /// The Header Extension Object (ASF 1.2 §3.4): a reserved GUID and 16 bits, the size of its
    /// data (32 bits), then objects of its own, of which the Metadata and Metadata Library
    /// objects hold tags.
    static func readHeaderExtension(_ source: some ByteSource, _ extensionObject: Object, into list: inout ASFAttributeList, picture: Bool) {
        var head = ASFStreamCursor(source, from: extensionObject.payload, to: extensionObject.end)
        guard head.skip(18), let dataSize = head.u32LE() else { return }
        let end = min(extensionObject.end, head.offset + Int(dataSize))
        var offset = head.offset
        for _ in 0..<mostObjects {
            guard let object = object(in: source, at: offset, before: end) else { return }
            var body = ASFStreamCursor(source, from: object.payload, to: object.end)
            switch object.guid {
            case metadataGUID[...]: list.readMetadata(&body, object: .metadata, picture: picture)
            case metadataLibraryGUID[...]: list.readMetadata(&body, object: .metadataLibrary, picture: picture)
            default: break
            }
            offset = object.end
        }
    }
}
