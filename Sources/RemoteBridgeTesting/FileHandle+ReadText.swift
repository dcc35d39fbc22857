// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import Foundation
import Glibc

extension FileHandle {
    /// What a program writes to this pipe, read off the main actor (a pipe read blocks), until
    /// `done` accepts it, the writer closes the pipe, or `limit` passes (a guard against a hung
    /// program, not a wait: `poll` sleeps until bytes come).
    public func readText(limit: Duration = .seconds(60), until done: @escaping @Sendable (String) -> Bool) async -> String {
        let descriptor = fileDescriptor
        return await Task.detached {
            let deadline = ContinuousClock.now + limit
            var text = ""
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !done(text), ContinuousClock.now < deadline {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, Int32(clamping: max(1, (deadline - ContinuousClock.now).milliseconds))) > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }  // the writer closed the pipe
                text += String(decoding: buffer[..<count], as: UTF8.self)
            }
            return text
        }.value
    }
}
