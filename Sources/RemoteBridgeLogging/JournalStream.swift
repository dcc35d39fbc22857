// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Whether a descriptor is connected to the systemd journal: systemd sets `JOURNAL_STREAM` to
/// `DEVICE:INODE` of the stream it connects a unit's standard output and error to, and a
/// program compares that to what its descriptor is now (systemd.exec(5), "JOURNAL_STREAM"). A
/// program whose stderr was since redirected elsewhere (a pipe, a file, a terminal) sees no
/// match, even though the variable was inherited.
public enum JournalStream {
    /// The device and inode `JOURNAL_STREAM` names, or nil when it is unset or not two decimal
    /// numbers separated by a colon.
    public static func named(by value: String?) -> (device: UInt64, inode: UInt64)? {
        guard let value else { return nil }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return nil }
        return (device, inode)
    }

    /// Whether `descriptor` is the stream `journalStream` (the value of `JOURNAL_STREAM`) names.
    public static func isJournal(_ descriptor: Int32, journalStream: String?) -> Bool {
        guard let (device, inode) = named(by: journalStream) else { return false }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    /// Whether this process's standard error goes to the journal.
    public static var isStandardError: Bool {
        isJournal(STDERR_FILENO, journalStream: getenv("JOURNAL_STREAM").map { String(cString: $0) })
    }
}
