// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeText

/// The audio files under a folder, read with `readdir` (the entry's type comes with its name, so
/// a folder of 20 000 files costs no `stat` for each), in the order a file manager shows them.
enum FolderWalk {
    /// Folders deeper than this are not entered (a loop of bind mounts would never end).
    static let maximumDepth = 64

    /// Calls `body` with the path of each file under `folder` whose extension (in any case) is in
    /// `extensions`, in natural order (`NaturalOrder`), entering sub-folders where their names
    /// fall. `body` returns false to stop. Symbolic links to files are followed; to folders they
    /// are not, so that a link cannot make the walk go round. Returns false when stopped.
    /// Hidden files and folders (a name that starts with a dot) are left out, as MPD leaves them:
    /// macOS writes a `._name.mp3` of resource data beside every file on a shared drive, which no
    /// player can play, and `.git`, `.Trash-1000` or an editor's `.name.swp` hold no music.
    @discardableResult
    static func audioFiles(in folder: String, extensions: Set<String>, depth: Int = 0, _ body: (String) -> Bool) -> Bool {
        guard depth < maximumDepth, let directory = opendir(folder) else { return true }
        var children: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): children.append((name, true))
            case Int32(DT_REG): children.append((name, false))
            default:
                // A link, or a file system that does not say: ask, following links.
                var info = stat()
                guard stat(folder + "/" + name, &info) == 0 else { continue }
                let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
                if isFolder, Int32(entry.pointee.d_type) == Int32(DT_LNK) { continue }
                children.append((name, isFolder))
            }
        }
        closedir(directory)
        children.sort { NaturalOrder.isBefore($0.name, $1.name) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        for child in children {
            if child.isFolder {
                guard audioFiles(in: prefix + child.name, extensions: extensions, depth: depth + 1, body) else { return false }
            } else if extensions.contains(LocalPath.fileExtension(child.name).lowercased()) {
                guard body(prefix + child.name) else { return false }
            }
        }
        return true
    }
}
