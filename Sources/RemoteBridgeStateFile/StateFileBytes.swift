// SPDX-License-Identifier: Apache-2.0
import Glibc

/// A state file read whole, with what `stat` says of it: remote-playerd loads the state from it,
/// and `SavedStateSummary` counts the queue and reads the age.
public struct StateFileBytes: Sendable {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// The device the file is on.
    public let device: UInt64
    /// The file's inode.
    public let inode: UInt64
    /// When the file was last written, in seconds since 1970 (its mtime).
    public let modified: Double

    /// The largest state file read; a bigger one is treated as broken. The queue's limits keep a
    /// real one far below this.
    public static let maximumSize = 256 << 20

    /// Why a file cannot be read, in a few words that follow its path.
    public struct Failure: Error, CustomStringConvertible {
        /// The reason.
        public let description: String
    }

    /// The file at `path`, or nil if there is no such file. Throws for a file that is not a
    /// regular file, is larger than `maximumSize`, or cannot be read.
    public static func read(_ path: String) throws(Failure) -> StateFileBytes? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw Failure(description: "cannot be read (\(String(cString: strerror(errno))); check its permissions)")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(description: String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(description: "is not a regular file (a folder or a device cannot hold state)")
        }
        guard status.st_size <= maximumSize else {
            throw Failure(description: "is \(status.st_size) bytes, more than any state file (\(maximumSize) at most)")
        }
        var failure: Failure?
        let bytes = [UInt8](unsafeUninitializedCapacity: Int(status.st_size)) { buffer, filled in
            filled = 0
            while filled < buffer.count {
                let count = Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    if count < 0 { failure = Failure(description: "cannot be read (\(String(cString: strerror(errno))))") }
                    return
                }
                filled += count
            }
        }
        if let failure { throw failure }
        let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        return StateFileBytes(bytes: bytes, device: UInt64(status.st_dev), inode: UInt64(status.st_ino), modified: modified)
    }
}
