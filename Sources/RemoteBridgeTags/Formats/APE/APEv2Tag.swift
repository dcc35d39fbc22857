// SPDX-License-Identifier: Apache-2.0

/// An APEv2 tag (or an APEv1 one) at the end of a file, as WavPack, Monkey's Audio and Musepack
/// carry it, and some MP3s. Its items are read as the APEv2 specification (Hydrogenaudio wiki)
/// lays them out: the value's size and flags (bits 1-2: 0 UTF-8 text, 1 binary, 2 external
/// link), a key of 2 to 255 printable ASCII characters ended by a NUL, then the value. A text
/// value holds several values separated by NULs, which become several fields.
package enum APEv2Tag {
    /// An item takes at least 11 bytes (8 of size and flags, a 2-character key and its NUL):
    /// with the tag's size this bounds the items read, whatever count the footer states.
    static let smallestItem = 11
    /// The most values taken from one tag, so that a text value of millions of NUL-separated
    /// parts is neither split whole in memory nor checked part by part for duplicates.
    static let mostValues = 4096

    /// The APEv2 tag at the end of `source` (before ID3v1 if any), and the offset it starts at:
    /// its header if it has one, else its first item. Keys are read as `TagKey(commonName:)`
    /// reads them (Title, Artist, Album Artist, Track, Disc, Year, REPLAYGAIN_TRACK_GAIN…);
    /// the cover is read only if `picture` is asked for. The format given is `.mp3`, the one
    /// other format an APE tag is found on: callers for the APE-tagged formats set their own.
    package static func read(_ source: some ByteSource, picture: Bool) -> (tags: AudioTags, start: Int)? {
        guard let footer = APEv2Footer.find(in: source) else { return nil }
        let tagStart = footer.claimedHeader ?? footer.itemsStart
        var window = APETagWindow(source, range: tagStart..<footer.itemsEnd)
        var start = footer.itemsStart
        if let header = footer.claimedHeader, window.bytes(at: header, count: 8)?.elementsEqual(APEv2Footer.magic) == true {
            start = header
        }
        var tags = AudioTags(format: .mp3)
        var cover = APECoverChoice()
        var offset = footer.itemsStart
        var valuesLeft = mostValues
        let mostItems = min(footer.itemCount, (footer.itemsEnd - footer.itemsStart) / smallestItem)
        for _ in 0..<mostItems {
            guard let item = APEItem.read(&window, at: offset, end: footer.itemsEnd) else { break }
            offset = item.valueStart + item.valueSize
            guard let key = item.key else { continue }
            if item.kind == APEItem.text || item.kind == APEItem.externalLink, let tagKey = TagKey(commonName: key) {
                guard valuesLeft > 0, let value = window.bytes(at: item.valueStart, count: item.valueSize) else { continue }
                // At most `valuesLeft` parts; the unsplit rest after them is dropped.
                for part in value.split(separator: 0, maxSplits: valuesLeft, omittingEmptySubsequences: true).prefix(valuesLeft) {
                    valuesLeft -= 1
                    tags.add(tagKey, TagText.utf8(part))
                }
            } else if picture, item.kind == APEItem.binary, let front = APECoverChoice.isCover(key), cover.wants(front: front) {
                if let value = window.bytes(at: item.valueStart, count: item.valueSize) {
                    cover.offer(value, front: front)
                }
            }
        }
        tags.picture = cover.chosen
        return (tags, start)
    }
}
