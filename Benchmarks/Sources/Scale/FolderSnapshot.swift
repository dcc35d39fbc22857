// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The files of one folder, by inode, so that the bytes written between two looks can be told
/// whatever way a program writes: a file that is new since (a new name, or a new file renamed
/// into place) counts whole, one that grew counts by its growth. Files made and removed between
/// the two looks are not seen.
struct FolderSnapshot: Equatable {
    /// What identifies one file's contents at one moment.
    struct Mark: Equatable {
        var inode: UInt64
        var size: Int
        var modified: timespec

        static func == (left: Mark, right: Mark) -> Bool {
            left.inode == right.inode && left.size == right.size && left.modified.tv_sec == right.modified.tv_sec
                && left.modified.tv_nsec == right.modified.tv_nsec
        }
    }

    /// Each file's mark, by name.
    var files: [String: Mark] = [:]

    /// The files of `folder` now (sub-folders are not entered).
    static func take(_ folder: String) -> FolderSnapshot {
        var snapshot = FolderSnapshot()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            var info = stat()
            guard stat(folder + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            snapshot.files[name] = Mark(inode: UInt64(info.st_ino), size: Int(info.st_size), modified: info.st_mtim)
        }
        return snapshot
    }

    /// The bytes written into the folder since `earlier`.
    func bytesWritten(since earlier: FolderSnapshot) -> Int {
        let earlierSizes = Dictionary(earlier.files.values.map { ($0.inode, $0.size) }, uniquingKeysWith: max)
        return files.values.reduce(0) { total, mark in
            guard let size = earlierSizes[mark.inode] else { return total + mark.size }
            return total + max(0, mark.size - size)
        }
    }
}
