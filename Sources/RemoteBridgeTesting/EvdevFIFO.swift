// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import RemoteBridgeEvdev

/// A FIFO that stands in for `/dev/input/eventN`: tests write real `struct input_event`
/// records into it.
public final class EvdevFIFO: Sendable {
    /// The FIFO's path.
    public let path: String

    /// Makes a FIFO at a fresh temporary path (or at `path`).
    public init(path: String? = nil) throws {
        self.path = path ?? FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-evdev-\(UUID().uuidString)").path
        guard mkfifo(self.path, 0o600) == 0 else {
            throw TestSupportError(description: "mkfifo \(self.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes records through a writer opened for this call and closed after, as a short-lived
    /// writer would. The reader holds the FIFO open, so this never blocks.
    public func write(_ events: [InputEvent]) throws {
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw TestSupportError(description: "open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = events.flatMap(\.bytes)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw TestSupportError(description: "short write to \(path)") }
    }

    /// A key press or release, followed by SYN_REPORT.
    public func key(_ code: UInt16, pressed: Bool) throws {
        try write([.key(code, pressed: pressed), .report])
    }

    /// Removes the FIFO.
    public func remove() {
        unlink(path)
    }
}
