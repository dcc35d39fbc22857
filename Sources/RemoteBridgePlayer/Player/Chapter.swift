// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeEngineProtocol
import RemoteBridgeTags

/// A chapter of the current entry: where it starts, and its title if the file gives one. The
/// tag reader's own type, so that chapters read from a file and from mpv are one list, made by
/// one rule (`AudioChapter.finished`).
public typealias Chapter = AudioChapter

extension AudioChapter {
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
    /// which comes from the engine: each time checked (finite, within the engine's limits), then
    /// made into a list as a file's are (ordered, bounded, titles trimmed and cut).
    static func fromMPV(_ node: MPVNode, length: Duration?) -> [Chapter] {
        var chapters: [Chapter] = []
        for item in (node.array ?? []).prefix(AudioTags.mostChapters) {
            guard let seconds = item["time"]?.double, seconds.isFinite, seconds >= 0, seconds <= EngineLimits.maximumSeconds,
                let start = Duration.milliseconds(rounding: seconds)
            else { continue }
            chapters.append(Chapter(start: start, title: item["title"]?.string))
        }
        return finished(chapters, length: length)
    }
}
