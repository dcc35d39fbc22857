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
        let sink = QueueSink()
        expand(uri, relativeTo: FileManager.default.currentDirectoryPath, depth: 0, format: format, into: sink)
        return (sink.collected, sink.problems)
    }

    /// The items, and a description of each argument that could not be used.
    public static func expand(_ arguments: [String]) -> (items: [QueueItem], problems: [String]) {
        let sink = QueueSink()
        expand(arguments, into: sink)
        return (sink.collected, sink.problems)
    }

    /// Expands the arguments into `sink`, in order, until it is full or stopped.
    static func expand(_ arguments: [String], into sink: QueueSink) {
        let base = FileManager.default.currentDirectoryPath
        for argument in arguments where !sink.isStopped {
            sink.source = argument
            expand(argument, relativeTo: base, depth: 0, into: sink)
        }
        sink.flush()
    }

    /// Expands one argument or playlist entry; `format`, when known already, spares a second
    /// read; `title` is a playlist's title for the entry, given to it when it is a single file.
    private static func expand(
        _ argument: String, relativeTo base: String, depth: Int, format known: PlaylistFile.Format? = nil, title: String? = nil,
        into sink: QueueSink
    ) {
        guard argument.utf8.count <= QueueLimits.maximumURILength else {
            sink.problem("\(OutsideText.bareOrQuoted(argument)): longer than \(QueueLimits.maximumURILength) bytes; skipped")
            return
        }
        if MPVPlayer.scheme(of: argument) != nil, !argument.hasPrefix("file:") {
            sink.add(QueueItem(url: argument, tags: QueueEntry.Tags(title: title)))
            return
        }
        let path = LocalPath.resolve(argument.hasPrefix("file:") ? (URL(string: argument)?.path ?? argument) : argument, from: base)
        var info = stat()
        guard stat(path, &info) == 0 else {
            sink.problem("\(OutsideText.bareOrQuoted(argument)): no such file or folder; skipped")
            return
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            let before = sink.count
            FolderWalk.audioFiles(in: path, extensions: audioExtensions) { file in
                sink.add(QueueItem(url: file))
                return !sink.isStopped
            }
            if sink.count == before, !sink.isStopped { sink.problem("\(OutsideText.bareOrQuoted(argument)): no audio files in this folder") }
            return
        }
        // A playlist is known by its name, or, for what was named directly (an argument, an
        // OpenUri or AddTrack), by its first bytes too: a song.flac that holds an M3U is a playlist.
        let byName = PlaylistFile.Format(fileExtension: LocalPath.fileExtension(path))
        switch known ?? byName ?? (depth == 0 ? PlaylistFile.Format(sniffing: path) : nil) {
        case let format?:
            guard depth < 8 else {
                sink.problem("\(OutsideText.bareOrQuoted(argument)): playlists nested too deeply; skipped")
                return
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                sink.problem("\(OutsideText.bareOrQuoted(argument)): cannot be read; skipped")
                return
            }
            let folder = LocalPath.folder(of: path)
            var isEmpty = true
            let each = { (entry: PlaylistFile.Entry) in
                isEmpty = false
                guard !sink.isStopped else { return }
                expand(entry.location, relativeTo: folder, depth: depth + 1, title: entry.title, into: sink)
            }
            if format == .pls { PlaylistFile.pls(data).forEach(each) } else { PlaylistFile.m3u(data, each) }
            if isEmpty { sink.problem("\(OutsideText.bareOrQuoted(argument)): an empty playlist") }
        case nil:
            sink.add(QueueItem(url: path, tags: QueueEntry.Tags(title: title)))
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
    /// Each entry is handed to `body` as it is read: a playlist of 100 000 lines is never held
    /// as 100 000 strings at once.
    static func m3u(_ data: some Collection<UInt8>, _ body: (Entry) -> Void) {
        var title: String?
        forEachLine(data) { line in
            let text = line.trimmingWhitespace
            if text.hasPrefix("#EXTINF:") {
                title = text.split(separator: ",", maxSplits: 1).dropFirst().first?.trimmingWhitespace
            } else if !text.isEmpty, !text.hasPrefix("#") {
                body(Entry(location: text, title: title))
                title = nil
            }
        }
    }

    /// M3U entries as a list (tests, and callers that want them all).
    static func m3u(_ text: String) -> [Entry] {
        var entries: [Entry] = []
        m3u(Array(text.utf8)) { entries.append($0) }
        return entries
    }

    /// Calls `body` with each line of a playlist's bytes, decoded (invalid UTF-8 repaired), with
    /// byte-order marks removed. Lines end at LF or CR; the bytes are split, not the text, so a
    /// line that is one huge grapheme cluster costs no more than its bytes.
    static func forEachLine(_ data: some Collection<UInt8>, _ body: (String) -> Void) {
        var line: [UInt8] = []
        func finish() {
            guard !line.isEmpty else { return }
            var text = String(decoding: line, as: UTF8.self)
            if text.unicodeScalars.contains("\u{FEFF}") { text = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FEFF}" })) }
            body(text)
            line.removeAll(keepingCapacity: true)
        }
        for byte in data {
            if byte == 0x0A || byte == 0x0D { finish() } else { line.append(byte) }
        }
        finish()
    }

    /// The lines of a playlist, as strings.
    private static func lines(_ data: some Collection<UInt8>) -> [String] {
        var lines: [String] = []
        forEachLine(data) { lines.append($0) }
        return lines
    }

    /// PLS: `FileN=` and `TitleN=` keys, in N order.
    static func pls(_ data: some Collection<UInt8>) -> [Entry] {
        var files: [Int: String] = [:]
        var titles: [Int: String] = [:]
        for rawLine in lines(data) {
            let parts = rawLine.split(separator: "=", maxSplits: 1).map(\.trimmingWhitespace)
            guard parts.count == 2 else { continue }
            let key = parts[0].lowercased()
            if key.hasPrefix("file"), let number = Int(key.dropFirst(4)) { files[number] = parts[1] }
            if key.hasPrefix("title"), let number = Int(key.dropFirst(5)) { titles[number] = parts[1] }
        }
        return files.sorted { $0.key < $1.key }.map { Entry(location: $0.value, title: titles[$0.key]) }
    }

    /// PLS entries of a text (tests).
    static func pls(_ text: String) -> [Entry] { pls(Array(text.utf8)) }
}
