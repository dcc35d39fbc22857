// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc

/// Finds cover art next to a local file: cover, folder or front, as .jpg, .jpeg or .png.
enum FolderArt {
    static let names = ["cover", "folder", "front"]
    static let extensions = ["jpg", "jpeg", "png"]

    /// The art file's file:// URI for the media at `url`, if there is one.
    static func find(for url: String) -> String? {
        guard let path = localPath(url) else { return nil }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        guard let contents = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        // Case-insensitive, in the order of `names`, so Cover.JPG counts.
        for name in names {
            for file in contents.sorted() {
                let lower = file.lowercased()
                guard extensions.contains(where: { lower == "\(name).\($0)" }) else { continue }
                return URL(fileURLWithPath: directory).appendingPathComponent(file).absoluteString
            }
        }
        return nil
    }

    /// The local path of a plain path or a file:// URL.
    static func localPath(_ url: String) -> String? {
        if url.hasPrefix("/") { return url }
        if let parsed = URL(string: url), parsed.isFileURL { return parsed.path }
        return nil
    }
}
