// SPDX-License-Identifier: Apache-2.0

/// A chapter of an audio file: where it starts, and its title if the file gives one.
public struct AudioChapter: Equatable, Sendable {
    public var start: Duration
    public var title: String?

    public init(start: Duration, title: String?) {
        self.start = start
        self.title = title
    }

    /// The longest title kept, in UTF-8 bytes: no format bounds its chapter titles (a
    /// Vorbis comment's may run to the block's 16 MiB), and a player shows a line of one.
    package static let longestTitle = 4096

    /// No chapter starts this late (about 31 years), whatever a file of unknown length says.
    static let latestStart = Duration.seconds(1_000_000_000)

    /// `chapters` as a reader gathered them (in the file's order, titles as stored) made into
    /// the list `AudioTags.chapters` promises: sorted by start, one chapter a start (the first
    /// in the file's order), none at or past `length` when the length is known (nor past any
    /// real file, as `Duration.samples` bounds lengths), at most `AudioTags.mostChapters`, and
    /// each title trimmed as tag values are, cut to `longestTitle` bytes at a scalar's
    /// boundary, and nil when nothing is left.
    package static func finished(_ chapters: [AudioChapter], length: Duration?) -> [AudioChapter] {
        guard !chapters.isEmpty else { return [] }
        var kept: [AudioChapter] = []
        kept.reserveCapacity(min(chapters.count, AudioTags.mostChapters))
        var starts: Set<Duration> = []
        let end = min(length ?? latestStart, latestStart)
        for chapter in chapters.prefix(AudioTags.mostChapters) {
            guard chapter.start >= .zero, chapter.start < end, starts.insert(chapter.start).inserted else { continue }
            kept.append(AudioChapter(start: chapter.start, title: chapter.title.flatMap(cleanTitle)))
        }
        // Most files list their chapters in order already: then a look, and no sort. The starts
        // are all different by now, so any sort gives one order.
        if zip(kept, kept.dropFirst()).contains(where: { $0.start > $1.start }) {
            kept.sort { $0.start < $1.start }
        }
        return kept
    }

    /// A title trimmed as `AudioTags.add` trims values, cut to `longestTitle` bytes where a
    /// scalar begins, and trimmed again (the cut may leave a space last); nil if empty.
    static func cleanTitle(_ title: String) -> String? {
        var trimmed = title.trimmingNULsAndSpaces
        if trimmed.utf8.count > longestTitle {
            let utf8 = trimmed.utf8
            var end = utf8.index(utf8.startIndex, offsetBy: longestTitle)
            // A UTF-8 continuation byte (10xxxxxx) is not where a scalar begins.
            while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
            trimmed = String(decoding: utf8[utf8.startIndex..<end], as: UTF8.self).trimmingNULsAndSpaces
        }
        return trimmed.isEmpty ? nil : trimmed
    }
}
