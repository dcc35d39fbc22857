// SPDX-License-Identifier: Apache-2.0
import Glibc

/// What `/proc` says of a process: the program it runs, and its state. Read by the daemon (is a
/// prepared engine still alive; which program to replace itself with) and by `remotectl doctor`.
public enum ProcessFiles {
    /// What the kernel adds to a process's program (`/proc/PID/exe`) once the file it was started
    /// from has been replaced or removed: a package upgrade the process has not taken up.
    public static let replacedMarker = " (deleted)"

    /// The program a process runs: where `exe` (`/proc/PID/exe`, `/proc/self/exe`) links to, with
    /// `replacedMarker` if that file has been replaced since; nil if it cannot be read.
    public static func program(_ exe: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(exe, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A process's name as the kernel keeps it (`/proc/PID/comm`: the program's file name, at most
    /// 15 bytes, or what the process set with `prctl`), without its newline; nil if it cannot be
    /// read. Readable for another user's process, unlike `exe`.
    public static func name(_ comm: String) -> String? {
        let descriptor = open(comm, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let end = buffer[..<count].last == UInt8(ascii: "\n") ? count - 1 : count
        return String(decoding: buffer[..<end], as: UTF8.self)
    }

    /// The state letter of a process (`R`, `S`, `T`, `Z` …) from its `stat` file
    /// (`/proc/PID/stat`); nil if it cannot be read. "pid (comm) S …": the state follows the last
    /// ')', since comm may hold one.
    public static func state(_ stat: String) -> Character? {
        let descriptor = open(stat, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].drop { $0 == " " }.first
    }
}
