// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc

extension PlaylistFile {
    /// The playlist formats the player reads itself.
    enum Format: Equatable {
        case m3u, pls

        /// The format a file name's extension says, if it names a playlist.
        init?(fileExtension: String) {
            switch fileExtension.lowercased() {
            case "m3u", "m3u8": self = .m3u
            case "pls": self = .pls
            default: return nil
            }
        }

        /// How many bytes of a file are read to tell whether it is a playlist.
        static let sniffLength = 512

        /// The format a regular file's first bytes say, whatever its name: `#EXTM3U` or
        /// `[playlist]` after an optional byte-order mark and white space. Anything but a regular
        /// file (a FIFO, a device, a folder) is not read, and is no playlist.
        init?(sniffing path: String) {
            let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            var bytes = [UInt8](repeating: 0, count: Self.sniffLength)
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            self.init(firstBytes: bytes[..<count])
        }

        /// The format that a file starting with `bytes` is in, if it is a playlist.
        init?(firstBytes bytes: ArraySlice<UInt8>) {
            var start = bytes.startIndex
            if bytes[start...].starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
            while start < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
            func begins(with text: String) -> Bool {
                let head = bytes[start...].prefix(text.utf8.count).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
                return head.elementsEqual(text.lowercased().utf8)
            }
            if begins(with: "#EXTM3U") {
                self = .m3u
            } else if begins(with: "[playlist]") {
                self = .pls
            } else {
                return nil
            }
        }
    }
}
