// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc

/// Keeps the folder of extracted cover art within a size limit, least recently used first.
///
/// "Used" is the file's modification time: it is set when a file is written and again each time
/// it is found in the cache, so it works on file systems mounted `noatime`.
enum ArtCache {
    /// Marks a cached file as just used.
    static func markUsed(_ path: String) {
        _ = utimensat(AT_FDCWD, path, nil, 0)
    }

    /// Removes the least recently used files of `directory` until the rest fit in `limit` bytes.
    static func trim(_ directory: String, to limit: Int) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        var files: [(path: String, size: Int, used: timespec)] = []
        for name in names where !name.hasPrefix(".") {
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            files.append((path, Int(status.st_size), status.st_mtim))
        }
        var total = files.reduce(0) { $0 + $1.size }
        guard total > limit else { return }
        files.sort { ($0.used.tv_sec, $0.used.tv_nsec) < ($1.used.tv_sec, $1.used.tv_nsec) }
        for file in files where total > limit {
            if unlink(file.path) == 0 { total -= file.size }
        }
    }
}
