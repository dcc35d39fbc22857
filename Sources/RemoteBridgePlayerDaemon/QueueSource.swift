// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import RemoteBridgePlayer
import RemoteBridgeText

/// Turns command-line arguments into queue items: files; folders, expanded recursively and
/// sorted; M3U and PLS playlists; and URLs.
public enum QueueSource {
    /// A local playlist's entries, read by the player's own parser, when `uri` names one by its
    /// name or its first bytes; nil when it names no playlist (it is queued as it is). A
    /// playlist is never handed to mpv whole: each of its entries is checked on its own.
    public static func playlistItems(_ uri: String) -> (items: [QueueItem], problems: [String])? {
        // Past the length limit the queue's check refuses it anyway, and costs nothing to read.
        guard uri.utf8.count <= QueueLimits.maximumURILength else { return nil }
        if MPVPlayer.scheme(of: uri) != nil, !uri.hasPrefix("file:") { return nil }
        let path = uri.hasPrefix("file:") ? (URL(string: uri)?.path ?? uri) : uri
        guard let format = PlaylistFile.Format(fileExtension: LocalPath.fileExtension(path)) ?? PlaylistFile.Format(sniffing: path)
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
            FolderWalk.audioFiles(in: path, extensions: PlayableTypes.audioExtensions) { file in
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
            let folder = LocalPath.folder(of: path)
            var isEmpty = true
            let each = { (entry: PlaylistFile.Entry) -> Bool in
                isEmpty = false
                expand(entry.location, relativeTo: folder, depth: depth + 1, title: entry.title, into: sink)
                return !sink.isStopped
            }
            // A pipe is read only where the command line names it; a client's playlist must be a
            // regular file, or a FIFO would hold the player until someone writes to it.
            let read = format == .pls
                ? PlaylistFile.readPLS(path, allowingPipes: sink.readsPipes, each)
                : PlaylistFile.readM3U(path, allowingPipes: sink.readsPipes, each)
            if let failure = read {
                sink.problem("\(OutsideText.bareOrQuoted(argument)): \(failure)")
            } else if isEmpty {
                sink.problem("\(OutsideText.bareOrQuoted(argument)): an empty playlist")
            }
        case nil:
            sink.add(QueueItem(url: path, tags: QueueEntry.Tags(title: title)))
        }
    }
}
