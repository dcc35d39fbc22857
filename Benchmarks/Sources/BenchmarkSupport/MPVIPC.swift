// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A client of mpv's JSON IPC socket (`--input-ipc-server`), for what mpv-mpris does not show
/// on the bus: how many entries mpv's playlist holds. It owns the socket's descriptor.
public final class MPVIPC {
    private let descriptor: Int32
    private var pending: [UInt8] = []
    private var nextRequest = 1

    /// Connects to the socket at `path`; nil while mpv has not made it yet (or it is not mpv's).
    public init?(path: String) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketDescriptor >= 0 else { return nil }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(socketDescriptor)
            return nil
        }
        descriptor = socketDescriptor
    }

    deinit { close(descriptor) }

    /// mpv's `playlist-count`, or nil when mpv did not answer within `limit`.
    public func playlistCount(limit: Duration = .seconds(5)) -> Int? {
        let request = nextRequest
        nextRequest += 1
        let line = #"{"command":["get_property","playlist-count"],"request_id":\#(request)}"# + "\n"
        let sent = line.utf8CString.withUnsafeBufferPointer { send(descriptor, $0.baseAddress, line.utf8.count, Int32(MSG_NOSIGNAL)) }
        guard sent == line.utf8.count else { return nil }
        let deadline = ContinuousClock.now + limit
        // mpv also sends events on the socket: the answer is the line with our request id.
        while let reply = readLine(before: deadline) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any],
                object["request_id"] as? Int == request
            else { continue }
            return object["data"] as? Int
        }
        return nil
    }

    /// The next whole line mpv sent, waiting for it until `deadline`.
    private func readLine(before deadline: ContinuousClock.Instant) -> [UInt8]? {
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<end])
                pending.removeSubrange(...end)
                return line
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var wanted = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            guard poll(&wanted, 1, milliseconds) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            pending += buffer[..<count]
        }
    }
}
