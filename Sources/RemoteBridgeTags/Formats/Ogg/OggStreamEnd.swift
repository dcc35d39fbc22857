// SPDX-License-Identifier: Apache-2.0

/// Finds where an Ogg stream ends: the granule position of its last page, which counts the
/// samples up to there.
enum OggStreamEnd {
    /// How much of the file's end is searched: Mutagen's window (256 × 256 bytes), more than the
    /// largest page (27 + 255 + 255 × 255 bytes), so the last page is always there whole.
    static let window = 1 << 16

    /// The granule position of the last page of stream `serial` in the file's last
    /// `window` bytes (but not before `after`, where the header pages already read end) on
    /// which a packet finishes (granule -1 means none does); nil if no such page is there.
    ///
    /// Pages are found by their "OggS" and version 0, and believed only with a valid CRC, so
    /// that those bytes inside audio data are not taken for a page. They are looked for from the
    /// end back, so that only the last page's CRC is worked out in the common case, not the
    /// whole window's (the CRC over 64 KiB was a third of an Opus file's read). A chained file
    /// (one stream after another) whose first stream ends before the window has no length:
    /// Mutagen then reads every page from the start, which this reader does not.
    static func lastGranule(_ source: some ByteSource, serial: UInt32, after: Int) -> Int64? {
        let start = max(0, after, source.size - window)
        guard start < source.size else { return nil }
        guard let bytes = source.read(at: start, count: source.size - start) else { return nil }
        let capture = Array("OggS".utf8)
        var end = bytes.endIndex
        // Each step moves back by at least one byte, so the window bounds the loop. A candidate
        // within a page's fixed size of the window's start is still looked at: the last page
        // often starts right there (a short file, whose window starts where its header pages
        // end), and an "O" (0x4F) in its serial, CRC or granule came first from the end; the
        // loop stopped there, and 1 Opus file in 20 had no length.
        while end - bytes.startIndex >= capture.count {
            guard let index = bytes[..<(end - 3)].lastIndex(of: capture[0]) else { break }
            end = index
            let rest = bytes[index...]
            guard rest.starts(with: capture), let page = OggPage(rest), page.serial == serial, page.granule != -1,
                page.hasValidChecksum(in: rest)
            else { continue }
            return page.granule
        }
        return nil
    }
}
