// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc

/// The icon names in an icon theme folder's `icon-theme.cache`, when GTK (and GNOME Shell's St,
/// its fork) reads the cache in place of the folder.
///
/// GTK takes the cache (`gtk-update-icon-cache` writes it) whenever it is not older than the theme
/// folder itself (gtk/gtkiconcache.c). Installing an icon into a size folder
/// (`hicolor/48x48/apps`) leaves the theme folder's time as it was, so a cache made before is
/// still taken, and the new icon is not seen until the cache is made again. A Debian package's
/// trigger does that; `make install` into a theme that has a cache (`/usr/share/icons/hicolor`)
/// does not.
struct IconThemeCache: Sendable, Equatable {
    /// Every icon name the cache lists.
    var names: Set<String>

    /// The cache of the theme folder `theme`; nil when it has none, or one GTK does not take (older
    /// than the folder, of another version, or cut short).
    init?(theme: String) {
        var folder = stat()
        var file = stat()
        let path = theme + "/icon-theme.cache"
        guard stat(theme, &folder) == 0, stat(path, &file) == 0, file.st_mtim.tv_sec >= folder.st_mtim.tv_sec,
            let data = FileManager.default.contents(atPath: path), let names = Self.names(in: [UInt8](data))
        else { return nil }
        self.names = names
    }

    /// The names in a cache's bytes (version 1.x: a header, a hash table of chained icon records,
    /// big-endian offsets from the start); nil when they are not a cache GTK would read.
    static func names(in bytes: [UInt8]) -> Set<String>? {
        func card32(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        }
        let none = 0xFFFF_FFFF
        guard bytes.count >= 12, bytes[0] == 0, bytes[1] == 1, let hash = card32(4), let buckets = card32(hash), buckets < bytes.count else { return nil }
        var names = Set<String>()
        var records = 0
        for bucket in 0..<buckets {
            guard var icon = card32(hash + 4 + 4 * bucket) else { return nil }
            while icon != none {
                records += 1
                // Each record takes 12 bytes: more than fit is a loop.
                guard records <= bytes.count / 12, let next = card32(icon), let name = card32(icon + 4), name < bytes.count,
                    let end = bytes[name...].firstIndex(of: 0)
                else { return nil }
                names.insert(String(decoding: bytes[name..<end], as: UTF8.self))
                icon = next
            }
        }
        return names
    }
}
