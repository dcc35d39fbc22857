// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEvdev
import Foundation
import Glibc

/// Waits for a file to be written into a folder (created, or renamed into place), by inotify:
/// a test waits for the event, not for time.
public final class FileWatch: Sendable {
    private let descriptor: Int32

    /// Watches `folder` for files closed after writing or moved into it.
    public init(folder: String) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw TestSupportError(description: "inotify_init1: \(String(cString: strerror(errno)))") }
        guard inotify_add_watch(descriptor, folder, UInt32(IN_MOVED_TO | IN_CLOSE_WRITE)) >= 0 else {
            close(descriptor)
            throw TestSupportError(description: "inotify_add_watch \(folder): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    /// Waits until a file called `name` appears in the folder, or `limit` passes (a guard against
    /// a hung test). Returns whether it appeared.
    public func waitFor(name: String, limit: Duration = .seconds(10)) async -> Bool {
        await DescriptorWait.until(descriptor, limit: limit) { bytes in
            InotifyEvent.parse(bytes).contains { $0.name == name }
        }
    }
}
