// SPDX-License-Identifier: Apache-2.0
import Glibc
import Synchronization

/// What a `StateStore` knows of the file it last read or wrote: where its valid part ends (the
/// next append goes there, cutting off any torn tail), how large its snapshot and journal are
/// (for compaction), and which file it is (so that it never appends to a file that something
/// else has replaced). Shared by the copies of one store, and safe to use from any thread.
final class StateFileTail: Sendable {
    /// What is known; nil `end` means there is no file of ours to append to.
    struct Known: Sendable {
        /// The bytes up to the end of the last whole record.
        var end: Int?
        /// The header and snapshot's bytes.
        var snapshotSize = 0
        /// The journal's bytes: records after the snapshot.
        var journalSize = 0
        /// The bytes of a torn tail found at load, cut off at the next append.
        var tornSize = 0
        /// The file's device and inode.
        var identity: (device: UInt64, inode: UInt64)?
        /// A version-1 file read at load, kept aside once the first full save has replaced it.
        var retire: String?
    }

    /// What is known, behind a lock: the writer queue and the main actor both read it.
    private let known = Mutex(Known())

    /// A snapshot of what is known.
    var current: Known { known.withLock { $0 } }

    /// Changes what is known.
    func update(_ body: (inout Known) -> Void) {
        known.withLock { body(&$0) }
    }

    /// Forgets the file: the next write must be a full save.
    func forget() {
        known.withLock { $0.end = nil }
    }

    /// The device and inode of an open file, or nil if it cannot be read.
    static func identity(of descriptor: Int32) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }
}
