import Foundation
import MPVPlayer

/// Turns command-line arguments into queue items: files; folders, expanded recursively and
/// sorted; M3U and PLS playlists; and URLs.
public enum QueueSource {
    /// File extensions taken from folders.
    static let audioExtensions: Set<String> = [
        "mp3", "flac", "ogg", "oga", "opus", "m4a", "aac", "wav", "wma", "mka", "webm", "aiff", "aif", "ape", "wv", "mpc", "alac",
    ]

    /// The items, and a description of each argument that could not be used.
    public static func expand(_ arguments: [String]) -> (items: [QueueItem], problems: [String]) {
        var items: [QueueItem] = []
        var problems: [String] = []
        for argument in arguments {
            expand(argument, relativeTo: FileManager.default.currentDirectoryPath, depth: 0, into: &items, problems: &problems)
        }
        return (items, problems)
    }

    private static func expand(_ argument: String, relativeTo base: String, depth: Int, into items: inout [QueueItem], problems: inout [String]) {
        if MPVPlayer.scheme(of: argument) != nil, !argument.hasPrefix("file:") {
            items.append(QueueItem(url: argument))
            return
        }
        var path = argument.hasPrefix("file:") ? (URL(string: argument)?.path ?? argument) : argument
        if !path.hasPrefix("/") { path = (base as NSString).appendingPathComponent(path) }
        path = (path as NSString).standardizingPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            problems.append("\(argument): no such file or folder; skipped")
            return
        }
        if isDirectory.boolValue {
            let files = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { audioExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
                .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            if files.isEmpty { problems.append("\(argument): no audio files in this folder") }
            items += files.map { QueueItem(url: (path as NSString).appendingPathComponent($0)) }
            return
        }
        switch (path as NSString).pathExtension.lowercased() {
        case "m3u", "m3u8", "pls":
            guard depth < 8 else {
                problems.append("\(argument): playlists nested too deeply; skipped")
                return
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                problems.append("\(argument): cannot be read; skipped")
                return
            }
            let text = String(decoding: data, as: UTF8.self)
            let entries = path.lowercased().hasSuffix(".pls") ? PlaylistFile.pls(text) : PlaylistFile.m3u(text)
            if entries.isEmpty { problems.append("\(argument): an empty playlist") }
            let folder = (path as NSString).deletingLastPathComponent
            for entry in entries {
                let before = items.count
                expand(entry.location, relativeTo: folder, depth: depth + 1, into: &items, problems: &problems)
                if let title = entry.title, items.count == before + 1, items[before].tags.title == nil {
                    items[before].tags.title = title
                }
            }
        default:
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
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{FEFF}", with: "")
            if line.hasPrefix("#EXTINF:") {
                title = line.split(separator: ",", maxSplits: 1).dropFirst().first.map { String($0).trimmingCharacters(in: .whitespaces) }
            } else if !line.isEmpty, !line.hasPrefix("#") {
                entries.append(Entry(location: line, title: title))
                title = nil
            }
        }
        return entries
    }

    /// PLS: `FileN=` and `TitleN=` keys, in N order.
    static func pls(_ text: String) -> [Entry] {
        var files: [Int: String] = [:]
        var titles: [Int: String] = [:]
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let parts = rawLine.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            let key = parts[0].lowercased()
            if key.hasPrefix("file"), let number = Int(key.dropFirst(4)) { files[number] = parts[1] }
            if key.hasPrefix("title"), let number = Int(key.dropFirst(5)) { titles[number] = parts[1] }
        }
        return files.sorted { $0.key < $1.key }.map { Entry(location: $0.value, title: titles[$0.key]) }
    }
}
