// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A pseudo-terminal for running a program whose stdout must be a TTY (such as
/// `remotectl status --live`, which then redraws one live line).
public final class PseudoTerminal: Sendable {
    /// The controlling side, which this test reads. Owned here; closed on deinit.
    private let controller: Int32
    /// The terminal side, handed to the program as its stdout.
    public let terminal: FileHandle

    /// Opens a new pseudo-terminal pair.
    public init() throws {
        // posix_openpt and friends are hidden from Swift (they need _XOPEN_SOURCE), so this is
        // what they do: open the multiplexer, unlock the new terminal, and ask its number.
        controller = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard controller >= 0, ioctl(controller, Self.setLock, &unlock) == 0, ioctl(controller, Self.getNumber, &number) == 0 else {
            throw TestSupportError(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let fd = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw TestSupportError(description: "cannot open /dev/pts/\(number): \(String(cString: strerror(errno)))") }
        terminal = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// TIOCSPTLCK, _IOW('T', 0x31, int), and TIOCGPTN, _IOR('T', 0x30, unsigned int).
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430

    deinit {
        close(controller)
    }

    /// Everything the program writes, read off the main actor, until `done` accepts it or
    /// `limit` passes (a bound that only ends a failing test).
    public func read(until done: @escaping @Sendable (String) -> Bool, limit: Duration = .seconds(20)) async -> String {
        let controller = self.controller
        return await Task.detached {
            // Bytes, decoded whole each time: a read may end inside a multi-byte character.
            var bytes: [UInt8] = []
            let deadline = ContinuousClock.now + limit
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !done(String(decoding: bytes, as: UTF8.self)), ContinuousClock.now < deadline {
                var poller = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { Glibc.read(controller, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                bytes += buffer[..<count]
            }
            return String(decoding: bytes, as: UTF8.self)
        }.value
    }
}
