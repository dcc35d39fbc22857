// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import RemoteBridgeText

/// Finds input devices: `/dev/input/event*` nodes we may read.
///
/// A node is opened only long enough to read its identity (name, bus, key and switch bitmaps);
/// nothing is read from it here.
public enum InputDiscovery {
    /// Every readable event node that reports a media key or a jack switch, with its identity.
    public static func devices(in directory: String = "/dev/input") -> [(path: String, identity: DeviceIdentity)] {
        eventNodes(in: directory).compactMap { path in
            guard let identity = probe(path), identity.hasMediaKeysOrJack else { return nil }
            return (path, identity)
        }
    }

    /// The nodes headsetd reads by itself: headset-like devices, never keyboards. With
    /// `includingFIFOs` (the test folder of `headsetd --input-dir`), an `event*` FIFO counts as
    /// a headset too, with no identity.
    public static func headsets(in directory: String = "/dev/input", includingFIFOs: Bool = false) -> [(path: String, identity: DeviceIdentity?)] {
        eventNodes(in: directory).compactMap { path in
            if includingFIFOs, isFIFO(path) { return (path, nil) }
            guard let identity = probe(path), identity.isHeadsetLike, identity.hasMediaKeysOrJack else { return nil }
            return (path, identity)
        }
    }

    /// The identity of an evdev node; nil if it cannot be opened or is not an evdev node.
    public static func probe(_ path: String) -> DeviceIdentity? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return DeviceIdentity.read(fd: fd)
    }

    /// The `event*` entries of `directory`, in natural order (`NaturalOrder`: event2 before event10).
    public static func eventNodes(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix("event") }.sorted(by: NaturalOrder.isBefore).map { "\(directory)/\($0)" }
    }

    private static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }
}
