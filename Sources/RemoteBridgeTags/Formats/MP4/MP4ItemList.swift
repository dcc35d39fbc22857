// SPDX-License-Identifier: Apache-2.0

/// The iTunes item list (`moov/udta/meta/ilst`): one atom per tag, each holding `data` atoms
/// (a 4-byte type, a 4-byte locale, then the value). The atoms are read as Mutagen's
/// `MP4Tags` reads them.
enum MP4ItemList {
    /// The text atoms read, by their keys.
    static let textAtoms: [UInt32: TagKey] = [
        MP4Box.type("©nam"): .title, MP4Box.type("©ART"): .artist, MP4Box.type("aART"): .albumArtist,
        MP4Box.type("©alb"): .album, MP4Box.type("©wrt"): .composer, MP4Box.type("©gen"): .genre,
        MP4Box.type("©day"): .date, MP4Box.type("©cmt"): .comment,
    ]
    static let track = MP4Box.type("trkn")
    static let disc = MP4Box.type("disk")
    static let genreNumber = MP4Box.type("gnre")
    static let freeform = MP4Box.type("----")
    static let cover = MP4Box.type("covr")
    static let data = MP4Box.type("data")
    static let name = MP4Box.type("name")
    /// The largest atom read for its text or numbers (1 MiB): one that claims more is not
    /// believed. A cover is bounded by `ByteSourceLimits.largestRead` instead.
    static let largestTextAtom = 1 << 20

    /// The tags in `ilst` added to `tags`, and its first cover if `picture` is asked for. Each
    /// atom is read on its own, so that a cover not asked for is never read.
    static func read<Source>(_ ilst: MP4Box, walker: inout MP4BoxWalker<Source>, into tags: inout AudioTags, picture: Bool) {
        for item in walker.children(of: ilst) {
            if item.type == cover {
                if picture, tags.picture == nil { tags.picture = firstCover(in: item, walker: &walker) }
                continue
            }
            guard textAtoms[item.type] != nil || [track, disc, genreNumber, freeform].contains(item.type),
                item.payloadSize <= largestTextAtom, let payload = walker.payload(of: item)
            else { continue }
            read(item.type, payload[...], into: &tags)
        }
    }

    /// The tags of one atom, of type `type`, whose payload is `payload`.
    static func read(_ type: UInt32, _ payload: ArraySlice<UInt8>, into tags: inout AudioTags) {
        let children = MP4InlineBoxes.list(payload)
        let values = children.filter { $0.type == data }.compactMap(dataValue)
        if let key = textAtoms[type] {
            // Text is UTF-8, typed 1 (or 0, "implicit", which Mutagen also takes as UTF-8).
            for value in values where value.type <= 1 { tags.add(key, TagText.utf8(value.bytes)) }
        } else if type == track || type == disc {
            // Two bytes of padding, then the number and the total (ISO/IEC 14496-12 leaves it to
            // iTunes; Mutagen reads bytes 2..<6). A number of 0 is no number.
            for value in values {
                var cursor = ByteCursor(value.bytes)
                guard cursor.skip(2), let number = cursor.u16BE(), let total = cursor.u16BE(), number > 0 else { continue }
                tags.add(type == track ? .track : .disc, total > 0 ? "\(number)/\(total)" : "\(number)")
            }
        } else if type == genreNumber {
            // An ID3v1 genre index plus one, in two bytes; Mutagen files it under `©gen`.
            for value in values where value.bytes.count == 2 {
                if let name = MP4Genres.name(Int(value.bytes.unsignedInteger(bigEndian: true))) { tags.add(.genre, name) }
            }
        } else if type == freeform {
            readFreeform(children, values: values, into: &tags)
        }
    }

    /// A freeform atom (`----`): its `mean` (the namespace, `com.apple.iTunes` most often) and
    /// `name`, then its values. As the oracle does, only the loudness names are read (the other
    /// tags have atoms of their own), whatever the namespace, and the values as UTF-8.
    static func readFreeform(_ children: [(type: UInt32, body: ArraySlice<UInt8>)], values: [(type: UInt32, bytes: ArraySlice<UInt8>)], into tags: inout AudioTags) {
        // `mean` and `name` are full boxes: 4 bytes of version and flags before the text.
        guard let nameBox = children.first(where: { $0.type == name }), nameBox.body.count > 4,
            let key = TagKey(commonName: TagText.utf8(nameBox.body.dropFirst(4))),
            key.rawValue.hasPrefix("replaygain") || key.rawValue.hasPrefix("r128")
        else { return }
        for value in values { tags.add(key, TagText.utf8(value.bytes)) }
    }

    /// The well-known type (the low 24 bits of the first word) and the value of a `data` atom.
    static func dataValue(_ child: (type: UInt32, body: ArraySlice<UInt8>)) -> (type: UInt32, bytes: ArraySlice<UInt8>)? {
        var cursor = ByteCursor(child.body)
        guard let typeWord = cursor.u32BE(), cursor.skip(4) else { return nil }
        return (typeWord & 0xFF_FFFF, cursor.rest)
    }

    /// The first picture of a `covr` atom: its first `data` atom (a `name` atom may come
    /// before), typed 13 for JPEG and 14 for PNG. Any other type is taken by the bytes'
    /// signature (Mutagen calls all of them JPEG).
    static func firstCover<Source>(in covr: MP4Box, walker: inout MP4BoxWalker<Source>) -> EmbeddedPicture? {
        guard let box = walker.first(data, in: covr), let body = walker.payload(of: box),
            let value = dataValue((data, body[...])), !value.bytes.isEmpty
        else { return nil }
        let mimeType = value.type == 13 ? "image/jpeg" : value.type == 14 ? "image/png" : ""
        var found = EmbeddedPicture(bytes: Array(value.bytes), mimeType: mimeType)
        found.isFrontCover = true  // iTunes' `covr` is the cover art.
        return found
    }
}
