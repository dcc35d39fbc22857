// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeDurations
import Synchronization

/// One end of the socketpair between the daemon and its engine: whole frames out (from any
/// thread, one at a time) and in (on one reading thread, or a reader woken when the descriptor
/// is readable). It owns the descriptor.
package final class EngineChannel: Sendable {
    /// The descriptor; closed by `close()`, after which sends fail.
    private let descriptor: Int32
    /// Held across each send, so frames from two threads never interleave.
    private let sending = Mutex(true)
    /// Bytes read and not yet taken as frames: the reader reads as much as the socket
    /// holds at once, and takes frames from here, one read for many frames.
    private let inbox = Mutex(Inbox())

    private struct Inbox {
        var bytes: [UInt8] = []
        /// Where each read lands, kept between reads.
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        /// Where the next frame starts in `bytes`.
        var start = 0

        /// The next whole frame's body, taken; nil if none is whole yet. A bad length throws.
        mutating func take() throws(EngineWire.Malformed) -> [UInt8]? {
            guard bytes.count - start >= 4 else { return nil }
            let length = Int(bytes[start]) | Int(bytes[start + 1]) << 8 | Int(bytes[start + 2]) << 16 | Int(bytes[start + 3]) << 24
            guard length > 0, length <= EngineWire.maximumFrame else {
                // Nothing after a bad length can be read as frames: it is dropped.
                bytes = []
                start = 0
                throw EngineWire.Malformed("a frame of \(length) bytes")
            }
            guard bytes.count - start - 4 >= length else { return nil }
            let body = Array(bytes[(start + 4)..<(start + 4 + length)])
            start += 4 + length
            if start == bytes.count {
                bytes.removeAll(keepingCapacity: bytes.capacity <= Self.kept)
                start = 0
            }
            return body
        }

        /// Drops what has been taken, so the array holds only what is still to come.
        mutating func compact() {
            guard start > 0 else { return }
            bytes.removeFirst(start)
            start = 0
        }

        /// The most capacity kept between reads.
        static let kept = 64 << 10
    }

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
    /// From one reading thread only.
    package func receive() throws(EngineWire.Malformed) -> [UInt8]? {
        while true {
            if let body = try takeFrame() { return body }
            guard fill(waiting: true) == .read else { return nil }
        }
    }

    /// The next whole frame among the bytes read already, taken; nil if none is whole yet. A
    /// length beyond `EngineWire.maximumFrame` throws. With `readAvailable()`, for a reader woken
    /// when `descriptorToWatch` is readable, which never waits.
    package func takeFrame() throws(EngineWire.Malformed) -> [UInt8]? {
        try inbox.withLock { inbox throws(EngineWire.Malformed) in try inbox.take() }
    }

    /// What one read that does not wait found.
    package enum ReadOutcome: Sendable, Equatable {
        /// Bytes, now among those read.
        case read
        /// Nothing for now.
        case nothingYet
        /// The end of the stream (the peer closed or died, or the channel was shut down), or a read error.
        case ended
    }

    /// Reads what the socket holds now, without waiting.
    package func readAvailable() -> ReadOutcome {
        fill(waiting: false)
    }

    /// The descriptor, to watch for readability; the channel keeps owning it.
    package var descriptorToWatch: Int32 { descriptor }

    /// Reads what the socket holds (at least one byte, waiting for it unless not `waiting`). The
    /// inbox is the reading thread's alone, so holding it while the read waits keeps no one else
    /// waiting.
    private func fill(waiting: Bool) -> ReadOutcome {
        let descriptor = self.descriptor
        return inbox.withLock { inbox in
            let count = inbox.chunk.withUnsafeMutableBytes { bytes in
                while true {
                    let count = recv(descriptor, bytes.baseAddress!, bytes.count, waiting ? 0 : Int32(MSG_DONTWAIT))
                    if count < 0 && errno == EINTR { continue }
                    return count
                }
            }
            guard count > 0 else { return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) ? .nothingYet : .ended }
            inbox.compact()
            inbox.bytes.append(contentsOf: inbox.chunk[..<count])
            return .read
        }
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
