// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A music library of any size made from a few short tones: `entries` hard links named
/// `tone-000123.flac`, in folders of 100 (`folder-0001/`), and an M3U playlist beside the tree
/// that lists every one by its absolute path. Each entry has a path of its own, so nothing can
/// dedupe them, yet the whole library costs a few directory entries per track on disk.
public struct ToneLibrary: Sendable {
    /// Files per folder, as an album or two would hold.
    public static let filesPerFolder = 100

    /// The number of entries.
    public let entries: Int
    /// The root of the tree: only the linked tones are inside it.
    public let folder: URL
    /// The M3U playlist (outside the tree, so the folder holds audio files only).
    public let playlist: URL

    /// Makes the library in a new folder `name` under `parent`, linking the entries to `tones`
    /// in turn. Hard links stay on the tones' filesystem, so `parent` must be on it too.
    public static func make(entries: Int, tones: [URL], in parent: URL, name: String) throws -> ToneLibrary {
        guard entries > 0, !tones.isEmpty else {
            throw ProcessTimer.Failure(description: "a tone library needs at least one entry and one tone (asked for \(entries) entries, \(tones.count) tones)")
        }
        let base = parent.appendingPathComponent(name)
        let folder = base.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var lines = ["#EXTM3U"]
        lines.reserveCapacity(entries + 1)
        for index in 0..<entries {
            let subfolder = folder.appendingPathComponent(String(format: "folder-%04d", index / filesPerFolder))
            if index % filesPerFolder == 0 { try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true) }
            let path = subfolder.appendingPathComponent(String(format: "tone-%06d.flac", index)).path
            let tone = tones[index % tones.count].path
            guard link(tone, path) == 0 else {
                throw ProcessTimer.Failure(description: "cannot link \(path) to \(tone): \(String(cString: strerror(errno)))")
            }
            lines.append(path)
        }
        let playlist = base.appendingPathComponent("library.m3u")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: playlist)
        return ToneLibrary(entries: entries, folder: folder, playlist: playlist)
    }
}
