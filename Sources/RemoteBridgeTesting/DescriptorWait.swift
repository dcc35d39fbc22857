// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import Glibc

/// Waits, off the main actor, for what arrives on a descriptor (inotify events, datagrams):
/// each read's bytes go to `arrived` until it says the awaited thing is there, or `limit`
/// passes (a guard against a hung test). No polling on a timer: `poll` sleeps until bytes come.
enum DescriptorWait {
    static func until(
        _ descriptor: Int32, limit: Duration, _ arrived: @escaping @Sendable (ArraySlice<UInt8>) -> Bool
    ) async -> Bool {
        await Task.detached {
            let deadline = ContinuousClock.now + limit
            var buffer = [UInt8](repeating: 0, count: 4096)
            while ContinuousClock.now < deadline {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let remaining = deadline - ContinuousClock.now
                guard poll(&poller, 1, Int32(clamping: max(1, remaining.milliseconds))) > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { continue }
                if arrived(buffer[..<count]) { return true }
            }
            return false
        }.value
    }
}
