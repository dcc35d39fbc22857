// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEvdev
import Foundation
import Glibc

/// A folder of canary files that nothing may open: a test points hostile entries at them and
/// asserts, through inotify (`IN_OPEN` and `IN_ACCESS` on the folder), that none was opened or read.
public final class CanaryFolder: Sendable {
    /// The folder.
    public let directory: URL
    /// A real FLAC file in it, so that a player that reached it would play it.
    public let audio: URL
    private let descriptor: Int32

    /// Makes the folder with a copy of `audio` in it, and starts watching it.
    public init(copying audio: URL) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-canary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.audio = directory.appendingPathComponent("canary.flac")
        try FileManager.default.copyItem(at: audio, to: self.audio)
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0, inotify_add_watch(descriptor, directory.path, UInt32(IN_OPEN | IN_ACCESS)) >= 0 else {
            throw TestSupportError(
                description: "inotify on \(directory.path): \(String(cString: strerror(errno))) (EMFILE: raise fs.inotify.max_user_instances, as scripts/raise-inotify-instances does)")
        }
    }

    deinit {
        close(descriptor)
        try? FileManager.default.removeItem(at: directory)
    }

    /// The names of the canary files opened or read since the last call (the folder itself is "").
    public func touched() -> [String] {
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return names }
            names += InotifyEvent.parse(buffer[..<count]).map(\.name)
        }
    }
}
