// SPDX-License-Identifier: Apache-2.0
import Glibc

/// A regular file opened to read its tags with `pread`. It closes when released.
///
/// Only regular files are opened: it opens without blocking, so that a FIFO (which would wait
/// for a writer) or a device is refused rather than waited on.
///
/// Readers walk headers a few bytes at a time (an MP4 box's 8, an ASF object's 24): each small
/// read is served from a window of `windowSize` bytes read once, so that a walk costs a system
/// call per window, not per header (an M4A took 45 µs with a call per header). Reads larger than
/// a window go to the file directly. It counts what it reads from the file, so that a benchmark
/// can say how much of each file a reader touched. One thread at a time.
public final class TagFile: ByteSource {
    /// How much a small read brings in at once, from a multiple of `windowAlignment`.
    static let windowSize = 8 << 10
    static let windowAlignment = 4 << 10

    private let descriptor: Int32
    /// The size in bytes.
    public let size: Int
    /// The modification time, in seconds since 1970.
    public let modified: Int
    /// The bytes read from the file so far.
    public private(set) var bytesRead = 0
    /// The last window read, and where in the file it starts.
    private var window: (start: Int, bytes: [UInt8]) = (0, [])

    /// Opens `path` if it is a regular file.
    public init?(regularFileAt path: String) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        size = Int(status.st_size)
        modified = Int(status.st_mtim.tv_sec)
    }

    deinit { close(descriptor) }

    public func read(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, count <= ByteSourceLimits.largestRead else { return nil }
        let wanted = max(0, min(count, size - offset))
        guard wanted > 0 else { return [] }
        let inWindow = offset - window.start
        if inWindow >= 0, inWindow + wanted <= window.bytes.count {
            return Array(window.bytes[inWindow..<inWindow + wanted])
        }
        guard wanted <= Self.windowSize - Self.windowAlignment else { return pread(at: offset, count: wanted) }
        let start = offset - offset % Self.windowAlignment
        guard let bytes = pread(at: start, count: min(Self.windowSize, size - start)) else { return nil }
        window = (start, bytes)
        let from = offset - start
        return Array(bytes[min(from, bytes.count)..<min(from + wanted, bytes.count)])
    }

    /// Up to `count` bytes at `offset`, from the file.
    private func pread(at offset: Int, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }  // the file shrank meanwhile
            filled += got
        }
        bytesRead += filled
        bytes.removeLast(count - filled)
        return bytes
    }
}
