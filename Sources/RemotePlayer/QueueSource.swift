import FoundationEssentials
import Glibc
import MPVPlayer
import RemoteBridgeText
import SystemPackage

/// Turns command-line arguments into queue items: files; folders, expanded recursively and
/// sorted; M3U and PLS playlists; and URLs.
public enum QueueSource {
    /// File extensions taken from folders.
    static let audioExtensions: Set<String> = [
        "mp3", "flac", "ogg", "oga", "opus", "m4a", "aac", "wav", "wma", "mka", "webm", "aiff", "aif", "ape", "wv", "mpc", "alac",
    ]

    /// A local playlist's entries, read by the player's own parser, when `uri` names one by its
    /// name or its first bytes; nil when it names no playlist (it is queued as it is). A
    /// playlist is never handed to mpv whole: each of its entries is checked on its own.
    public static func playlistItems(_ uri: String) -> (items: [QueueItem], problems: [String])? {
        // Past the length limit the queue's check refuses it anyway, and costs nothing to read.
        guard uri.utf8.count <= QueueLimits.maximumURILength else { return nil }
        if MPVPlayer.scheme(of: uri) != nil, !uri.hasPrefix("file:") { return nil }
        let path = uri.hasPrefix("file:") ? (URL(string: uri)?.path ?? uri) : uri
        guard let format = PlaylistFile.Format(fileExtension: FilePath(path).extension ?? "") ?? PlaylistFile.Format(sniffing: path)
        else { return nil }
        var items: [QueueItem] = []
        var problems: [String] = []
        expand(uri, relativeTo: FileManager.default.currentDirectoryPath, depth: 0, format: format, into: &items, problems: &problems)
        return (items, problems)
    }

    /// The items, and a description of each argument that could not be used.
    public static func expand(_ arguments: [String]) -> (items: [QueueItem], problems: [String]) {
        var items: [QueueItem] = []
        var problems: [String] = []
        for argument in arguments {
            expand(argument, relativeTo: FileManager.default.currentDirectoryPath, depth: 0, into: &items, problems: &problems)
        }
        return (items, problems)
    }

    /// Expands one argument or playlist entry; `format`, when known already, spares a second read.
    private static func expand(
        _ argument: String, relativeTo base: String, depth: Int, format known: PlaylistFile.Format? = nil, into items: inout [QueueItem],
        problems: inout [String]
    ) {
        guard argument.utf8.count <= QueueLimits.maximumURILength else {
            problems.append("\(OutsideText.bareOrQuoted(argument)): longer than \(QueueLimits.maximumURILength) bytes; skipped")
            return
        }
        if MPVPlayer.scheme(of: argument) != nil, !argument.hasPrefix("file:") {
            items.append(QueueItem(url: argument))
            return
        }
        let given = FilePath(argument.hasPrefix("file:") ? (URL(string: argument)?.path ?? argument) : argument)
        let filePath = (given.isAbsolute ? given : FilePath(base).pushing(given)).lexicallyNormalized()
        let path = filePath.string
        var info = stat()
        guard stat(path, &info) == 0 else {
            problems.append("\(OutsideText.bareOrQuoted(argument)): no such file or folder; skipped")
            return
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            let files = ((try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? [])
                .filter { audioExtensions.contains((FilePath($0).extension ?? "").lowercased()) }
                .sorted(by: NaturalOrder.isBefore)
            if files.isEmpty { problems.append("\(OutsideText.bareOrQuoted(argument)): no audio files in this folder") }
            items += files.map { QueueItem(url: filePath.pushing(FilePath($0)).string) }
            return
        }
        // A playlist is known by its name, or, for what was named directly (an argument, an
        // OpenUri or AddTrack), by its first bytes too: a song.flac that holds an M3U is a playlist.
        let byName = PlaylistFile.Format(fileExtension: filePath.extension ?? "")
        switch known ?? byName ?? (depth == 0 ? PlaylistFile.Format(sniffing: path) : nil) {
        case let format?:
            guard depth < 8 else {
                problems.append("\(OutsideText.bareOrQuoted(argument)): playlists nested too deeply; skipped")
                return
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                problems.append("\(OutsideText.bareOrQuoted(argument)): cannot be read; skipped")
                return
            }
            let text = String(decoding: data, as: UTF8.self)
            let entries = format == .pls ? PlaylistFile.pls(text) : PlaylistFile.m3u(text)
            if entries.isEmpty { problems.append("\(OutsideText.bareOrQuoted(argument)): an empty playlist") }
            let folder = filePath.removingLastComponent().string
            for entry in entries {
                let before = items.count
                expand(entry.location, relativeTo: folder, depth: depth + 1, into: &items, problems: &problems)
                if let title = entry.title, items.count == before + 1, items[before].tags.title == nil {
                    items[before].tags.title = title
                }
            }
        case nil:
            items.append(QueueItem(url: path))
        }
    }
}

/// M3U and PLS playlist parsing.
enum PlaylistFile {
    struct Entry: Equatable {
        var location: String
        var title: String?
    }

    /// M3U and extended M3U: one location per line; `#EXTINF:<len>,<title>` names the next one.
    static func m3u(_ text: String) -> [Entry] {
        var entries: [Entry] = []
        var title: String?
        for rawLine in lines(text) {
            let line = String(String.UnicodeScalarView(rawLine.unicodeScalars.filter { $0 != "\u{FEFF}" })).trimmingWhitespace
            if line.hasPrefix("#EXTINF:") {
                title = line.split(separator: ",", maxSplits: 1).dropFirst().first?.trimmingWhitespace
            } else if !line.isEmpty, !line.hasPrefix("#") {
                entries.append(Entry(location: line, title: title))
                title = nil
            }
        }
        return entries
    }

    /// The lines of a playlist, split by scalars (a line may be one huge grapheme cluster).
    private static func lines(_ text: String) -> [String] {
        text.unicodeScalars.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { String(String.UnicodeScalarView($0)) }
    }

    /// PLS: `FileN=` and `TitleN=` keys, in N order.
    static func pls(_ text: String) -> [Entry] {
        var files: [Int: String] = [:]
        var titles: [Int: String] = [:]
        for rawLine in lines(text) {
            let parts = rawLine.split(separator: "=", maxSplits: 1).map(\.trimmingWhitespace)
            guard parts.count == 2 else { continue }
            let key = parts[0].lowercased()
            if key.hasPrefix("file"), let number = Int(key.dropFirst(4)) { files[number] = parts[1] }
            if key.hasPrefix("title"), let number = Int(key.dropFirst(5)) { titles[number] = parts[1] }
        }
        return files.sorted { $0.key < $1.key }.map { Entry(location: $0.value, title: titles[$0.key]) }
    }
}
