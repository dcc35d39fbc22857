// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeEngineProtocol

/// A chapter of the current entry: where it starts, and its title if the file gives one.
public struct Chapter: Sendable, Equatable {
    /// Where it starts in the entry.
    public var start: Duration
    /// Its title; nil when the file gives none.
    public var title: String?

    /// Makes a chapter.
    public init(start: Duration, title: String?) {
        self.start = start
        self.title = title
    }

    /// The most chapters kept of one entry (as `RemoteBridgeTags` reads at most).
    static let mostChapters = 4096
    /// A chapter counts as playing from this much before its start: a step lands on the start
    /// give or take mpv's exactness, and must count as in the chapter it stepped to.
    static let startTolerance: Duration = .milliseconds(50)

    /// The index in `chapters` (ordered by start) of the chapter playing at `position`; nil
    /// before the first one starts, or when there are none.
    static func index(in chapters: [Chapter], at position: Duration) -> Int? {
        var low = 0
        var high = chapters.count
        // The first chapter that starts after the position (binary search: an audiobook has hundreds).
        while low < high {
            let middle = (low + high) / 2
            if chapters[middle].start <= position + startTolerance { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// Chapters from mpv's `chapter-list` (an array of maps with `time` in seconds and `title`),
    /// which comes from the engine: each checked (a finite time within the engine's limits, text
    /// of a bounded size), ordered by start, the first of equal starts kept.
    static func fromMPV(_ node: MPVNode) -> [Chapter] {
        var chapters: [Chapter] = []
        for item in (node.array ?? []).prefix(mostChapters) {
            guard let seconds = item["time"]?.double, seconds.isFinite, seconds >= 0, seconds <= EngineLimits.maximumSeconds,
                let start = Duration.milliseconds(rounding: seconds)
            else { continue }
            let title = item["title"]?.string.map { QueueEntry.Tags(title: $0).limited().title ?? "" }
            chapters.append(Chapter(start: start, title: title?.isEmpty == false ? title : nil))
        }
        return ordered(chapters)
    }

    /// `chapters` ordered by start, the first of equal starts kept, at most `mostChapters`.
    static func ordered(_ chapters: [Chapter]) -> [Chapter] {
        var result: [Chapter] = []
        for chapter in chapters.sorted(by: { $0.start < $1.start }).prefix(mostChapters) where result.last?.start != chapter.start {
            result.append(chapter)
        }
        return result
    }
}
