// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeDurations
import Synchronization

/// One end of the socketpair between the daemon and its engine: whole frames out (from any
/// thread, one at a time) and in (on one reading thread). It owns the descriptor.
package final class EngineChannel: Sendable {
    /// The descriptor; closed by `close()`, after which sends fail.
    private let descriptor: Int32
    /// Held across each send, so frames from two threads never interleave.
    private let sending = Mutex(true)

    /// Takes ownership of `descriptor`.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// A connected pair of channels' descriptors, both close-on-exec.
    package static func pair() -> (Int32, Int32)? {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        return (ends[0], ends[1])
    }

    /// Sends one frame; false if the peer is gone (or the channel closed).
    @discardableResult
    package func send(_ frame: [UInt8]) -> Bool {
        sending.withLock { open in
            guard open else { return false }
            return frame.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let sent = Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                    if sent < 0 && errno == EINTR { continue }
                    guard sent > 0 else { return false }
                    offset += sent
                }
                return true
            }
        }
    }

    /// Blocks until a whole frame has come and returns its body; nil at the end of the stream
    /// (the peer closed or died) or a read error. A length beyond `EngineWire.maximumFrame` throws.
    package func receive() throws(EngineWire.Malformed) -> [UInt8]? {
        var header = [UInt8](repeating: 0, count: 4)
        guard readExactly(into: &header) else { return nil }
        let length = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
        guard length > 0, length <= EngineWire.maximumFrame else { throw EngineWire.Malformed("a frame of \(length) bytes") }
        var body = [UInt8](repeating: 0, count: length)
        guard readExactly(into: &body) else { return nil }
        return body
    }

    /// Waits until there is something to read (or the peer has gone), at most `timeout`.
    package func waitReadable(within timeout: Duration) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: timeout.milliseconds)
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    private func readExactly(into buffer: inout [UInt8]) -> Bool {
        let descriptor = self.descriptor
        return buffer.withUnsafeMutableBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = read(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    /// Stops both directions: a thread blocked in `receive()` returns nil. The descriptor itself
    /// is closed when the channel goes (closing it under a reading thread could hand its number
    /// to another open meanwhile).
    package func shutDown() {
        sending.withLock { open in
            open = false
            _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        }
    }

    deinit {
        Glibc.close(descriptor)
    }
}
