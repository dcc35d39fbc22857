// SPDX-License-Identifier: Apache-2.0

/// A RIFF "LIST" chunk of type "INFO": items each a four-character id, a little-endian size and
/// NUL-terminated text, padded to an even length.
enum RIFFInfo {
    /// The items read, by the names ffmpeg gives them (its `ff_riff_info_conv`, which ffprobe,
    /// the oracle for INFO, shows): others (ISFT, ICOP…) stand for no `TagKey`.
    static let keys: [String: TagKey] = [
        "INAM": .title, "IART": .artist, "IPRD": .album, "ICMT": .comment, "ICRD": .date, "IGNR": .genre,
        "ITRK": .track, "IPRT": .track,
    ]

    /// More items than any real file has, to bound a hostile one made of empty items, or of
    /// thousands of INFO lists: the items read from all of a file's lists together.
    static let mostItems = 1024

    /// The items of `list` (a LIST chunk's body: its type, then the items) added to `tags` in
    /// file order, if its type is "INFO"; at most `itemsLeft` of them, which counts down.
    static func read(_ list: [UInt8], into tags: inout AudioTags, itemsLeft: inout Int) {
        var cursor = ByteCursor(list)
        guard cursor.bytes(4).map(Array.init) == Array("INFO".utf8) else { return }
        while itemsLeft > 0 {
            itemsLeft -= 1
            guard let id = cursor.bytes(4), let size = cursor.u32LE(), let text = cursor.bytes(Int(size)) else { break }
            if let key = keys[TagText.latin1(id)] { tags.add(key, IFFText.decode(text)) }
            if size & 1 == 1, !cursor.skip(1) { break }
        }
    }
}
