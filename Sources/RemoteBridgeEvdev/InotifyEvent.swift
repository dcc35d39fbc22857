// SPDX-License-Identifier: Apache-2.0
import Glibc

/// One event read from an inotify descriptor.
package struct InotifyEvent: Sendable, Equatable {
    /// The watch it came from.
    package var watch: Int32
    /// What happened (`IN_CREATE`, `IN_OPEN`, …).
    package var mask: UInt32
    /// The entry's name in the watched folder; empty for the folder itself.
    package var name: String

    /// The events in `bytes`, as one read(2) of an inotify descriptor returned them.
    package static func parse(_ bytes: ArraySlice<UInt8>) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var offset = bytes.startIndex
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= bytes.endIndex {
            let raw = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset - bytes.startIndex, as: inotify_event.self) }
            let start = offset + header
            let end = min(start + Int(raw.len), bytes.endIndex)
            let name = String(decoding: bytes[start..<end].prefix { $0 != 0 }, as: UTF8.self)
            events.append(InotifyEvent(watch: raw.wd, mask: raw.mask, name: name))
            offset = start + Int(raw.len)
        }
        return events
    }
}
