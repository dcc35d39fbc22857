// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeProcess
import Glibc
import RemoteBridgeDurations

/// Waiting for a process that is not our child to end (an engine whose daemon was killed): its
/// pidfd polls readable when it does, so nothing is polled or slept on.
public enum ProcessEnd {
    /// Whether process `pid` ended (or was already gone) within `limit`.
    public static func wait(for pid: Int32, limit: Duration) -> Bool {
        let descriptor = rb_process_pidfd_open(pid)
        guard descriptor >= 0 else { return errno == ESRCH }
        defer { close(descriptor) }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: limit.milliseconds)
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }
}
