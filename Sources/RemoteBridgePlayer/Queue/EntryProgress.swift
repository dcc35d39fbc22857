// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore

/// How far a listener got in one entry, kept with it so that coming back to it resumes there
/// (`[player] remember-position`), and the rate it was last played at (`remember-rate =
/// "per-entry"`). Most entries have none: the queue holds it only for those that do.
public struct EntryProgress: Sendable, Hashable {
    /// Where the entry was left.
    public enum Place: Sendable, Hashable {
        /// Left part-way, at this position: it resumes there.
        case at(Duration)
        /// Played to its end: it starts from 0 next time.
        case finished
    }

    /// Where the entry was left; nil when it was never left part-way or at its end.
    public var place: Place?
    /// The rate it was last played at, when that is not 1; only with `remember-rate = "per-entry"`.
    public var rate: Double?

    /// Makes progress; nothing by default.
    public init(place: Place? = nil, rate: Double? = nil) {
        self.place = place
        self.rate = rate
    }

    /// Whether it holds nothing.
    public var isEmpty: Bool { place == nil && rate == nil }

    /// The position to resume at, if the entry was left part-way.
    public var resumePosition: Duration? {
        if case .at(let position) = place { return position }
        return nil
    }
}

extension QueueEntry {
    /// Whether it is spoken word (a podcast, an audiobook), whose skips and scans may be longer
    /// than music's: by its genre (`PlaybackDefaults.spokenWordGenres`), or an `.m4b` file.
    public var isSpokenWord: Bool {
        if url.utf8.count > 4, url.suffix(4).lowercased() == ".m4b" { return true }
        return tags.genres.contains { PlaybackDefaults.spokenWordGenres.contains($0.lowercased()) }
    }
}

extension QueueEntry {
    /// Where `url` points, for telling whether two entries are the same file: a local file's
    /// path (a plain path, or a `file://` URI decoded), else the URL as it is.
    static func location(of url: String) -> String {
        FolderArt.localPath(url) ?? url
    }
}
