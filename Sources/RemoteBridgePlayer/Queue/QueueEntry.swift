// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol
import FoundationEssentials
import Glibc

/// One entry of the player's queue: where it is, and what is known about it.
public struct QueueEntry: Sendable, Equatable {
    /// The player's own id for the entry: unique for the player's lifetime.
    public var id: Int64
    /// The URL or path given to mpv.
    public var url: String
    /// Tags: from mpv once the entry has played, or given when it was queued.
    public var tags: Tags
    /// The length, once mpv knows it.
    public var length: Duration?
    /// Cover art as a file:// URI, once found.
    public var artURL: String?
    /// Whether `length` came with the queued item (and so is not replaced by mpv's).
    public var hasGivenLength: Bool
    /// Where it was left, and the rate it was played at (`EntryProgress`).
    public var progress: EntryProgress

    /// Makes an entry.
    public init(id: Int64, url: String, tags: Tags, length: Duration? = nil, artURL: String? = nil, progress: EntryProgress = EntryProgress()) {
        self.id = id
        self.url = url
        self.tags = tags
        self.length = length
        self.artURL = artURL
        self.hasGivenLength = length != nil
        self.progress = progress
    }

    /// The tags MPRIS shows.
    public struct Tags: Sendable, Hashable, Codable {
        /// The title.
        public var title: String?
        /// The artists.
        public var artists: [String] = []
        /// The album.
        public var album: String?
        /// The album artists.
        public var albumArtists: [String] = []
        /// The genres.
        public var genres: [String] = []
        /// The track number.
        public var trackNumber: Int?
        /// The disc number.
        public var discNumber: Int?
        /// The date, as tagged.
        public var date: String?
        /// The composers.
        public var composers: [String] = []
        /// The comment.
        public var comment: String?

        /// Decoded from the JSON state file of earlier releases (`LegacyStateFile`), which had no
        /// composers or comment; nothing is encoded as JSON.
        private enum CodingKeys: String, CodingKey {
            case title, artists, album, albumArtists, genres, trackNumber, discNumber, date
        }

        /// Makes tags; everything is optional.
        public init(title: String? = nil, artists: [String] = [], album: String? = nil) {
            self.title = title
            self.artists = artists
            self.album = album
        }

        /// These tags within `QueueLimits`: each value cut to its length, each list to its count.
        package func limited() -> Tags {
            func cut(_ value: String?) -> String? {
                guard let value, value.utf8.count > QueueLimits.maximumTagLength else { return value }
                var end = value.utf8.index(value.utf8.startIndex, offsetBy: QueueLimits.maximumTagLength)
                while !value.unicodeScalars.indices.contains(end) { end = value.utf8.index(before: end) }
                return String(value[..<end])
            }
            func cut(_ values: [String]) -> [String] { values.prefix(QueueLimits.maximumTagValues).compactMap { cut($0) } }
            var result = self
            result.title = cut(title)
            result.artists = cut(artists)
            result.album = cut(album)
            result.albumArtists = cut(albumArtists)
            result.genres = cut(genres)
            result.date = cut(date)
            result.composers = cut(composers)
            result.comment = cut(comment)
            return result
        }

        /// These tags, with blanks filled from `other`.
        func filled(from other: Tags) -> Tags {
            var result = self
            result.title = title ?? other.title
            if artists.isEmpty { result.artists = other.artists }
            result.album = album ?? other.album
            if albumArtists.isEmpty { result.albumArtists = other.albumArtists }
            if genres.isEmpty { result.genres = other.genres }
            result.trackNumber = trackNumber ?? other.trackNumber
            result.discNumber = discNumber ?? other.discNumber
            result.date = date ?? other.date
            if composers.isEmpty { result.composers = other.composers }
            result.comment = comment ?? other.comment
            return result
        }
    }

    /// The title to show: the tag, else the file name without its extension.
    public var displayTitle: String {
        if let title = tags.title, !title.isEmpty { return title }
        let name = URL(string: url)?.lastPathComponent ?? url.split(separator: "/").last.map(String.init) ?? url
        let decoded = name.percentDecoded ?? name
        // Without the extension; a name that only starts with a dot (".hidden") keeps it.
        let stem = decoded.lastIndex(of: ".").flatMap { $0 == decoded.startIndex ? nil : String(decoded[..<$0]) } ?? decoded
        return stem.isEmpty ? url : stem
    }
}

/// Something to put in the queue, before mpv has given it an id.
public struct QueueItem: Sendable, Equatable, Codable {
    /// The URL or path.
    public var url: String
    /// Tags known in advance (the demo's titles, or saved state), used until mpv reads the file's own.
    public var tags: QueueEntry.Tags
    /// The length, when known in advance (generated sources, whose mpv duration grows as they play).
    public var length: Duration?
    /// Where it was left and its rate, as saved state keeps them.
    public var progress: EntryProgress

    /// The JSON state file of earlier releases (`LegacyStateFile`) had no progress; nothing is
    /// encoded as JSON.
    private enum CodingKeys: String, CodingKey {
        case url, tags, length
    }

    /// Makes an item.
    public init(url: String, tags: QueueEntry.Tags = QueueEntry.Tags(), length: Duration? = nil, progress: EntryProgress = EntryProgress()) {
        self.url = url
        self.tags = tags
        self.length = length
        self.progress = progress
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(String.self, forKey: .url)
        tags = try container.decodeIfPresent(QueueEntry.Tags.self, forKey: .tags) ?? QueueEntry.Tags()
        length = try container.decodeIfPresent(Duration.self, forKey: .length)
        progress = EntryProgress()
    }
}

extension QueueEntry.Tags {
    /// Reads mpv's `metadata` map. Keys are matched without regard to case, as tag formats differ.
    init(mpvMetadata node: MPVNode) {
        self.init(fields: (node.entries ?? []).compactMap { key, value in value.string.map { (key, $0) } })
    }

    /// Reads tags from key–value pairs, as mpv or a file's own tags (`FileTags`) name them. Keys
    /// are matched without regard to case; a single value is the first given, a list (artists,
    /// genres) takes every value given, each split at `;`.
    package init(fields: some Sequence<(key: String, value: String)>) {
        var byKey: [String: String] = [:]
        var allByKey: [String: [String]] = [:]
        for (key, text) in fields {
            let key = key.lowercased()
            if byKey[key] == nil { byKey[key] = text }
            allByKey[key, default: []].append(text)
        }
        func list(_ keys: String...) -> [String] {
            for key in keys {
                let values = (allByKey[key] ?? []).flatMap { $0.split(separator: ";").map(\.trimmingWhitespace) }.filter { !$0.isEmpty }
                if !values.isEmpty { return values }
            }
            return []
        }
        func number(_ key: String) -> Int? {
            byKey[key].flatMap { Int($0.split(separator: "/").first?.trimmingWhitespace ?? "") }
        }
        self.init(title: byKey["title"], artists: list("artist"), album: byKey["album"])
        albumArtists = list("album_artist", "albumartist", "album artist")
        genres = list("genre")
        trackNumber = number("track") ?? number("tracknumber")
        discNumber = number("disc") ?? number("discnumber")
        date = byKey["date"] ?? byKey["year"]
        composers = list("composer")
        comment = byKey["comment"] ?? byKey["description"]
        self = limited()
    }
}

extension StringProtocol {
    /// The text without white space (spaces, tabs, line ends) at either end. By scalars, not
    /// Characters: walking back through one huge grapheme cluster costs time in its square.
    package var trimmingWhitespace: String {
        // Most text has none: printable ASCII at both ends is kept as it is, without a walk.
        let bytes = utf8
        if let first = bytes.first, (0x21...0x7E).contains(first), !bytes.isEmpty,
            (0x21...0x7E).contains(bytes[bytes.index(bytes.endIndex, offsetBy: -1)])
        {
            return String(self)
        }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[start...end])
        return result
    }
}

extension String {
    /// The text with %XX escapes decoded, or nil when an escape is malformed or the bytes are
    /// not UTF-8.
    var percentDecoded: String? {
        var bytes: [UInt8] = []
        var rest = utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
