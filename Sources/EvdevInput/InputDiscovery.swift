import FoundationEssentials
import Glibc

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

    /// The `event*` entries of `directory`, in natural order (event2 before event10).
    public static func eventNodes(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix("event") }.sorted(by: isNaturallyBefore).map { "\(directory)/\($0)" }
    }

    /// Natural order for `event<N>` names: by the number, then by the name (no locale, no ICU).
    static func isNaturallyBefore(_ a: String, _ b: String) -> Bool {
        func number(_ name: String) -> Int? { Int(name.dropFirst("event".count)) }
        switch (number(a), number(b)) {
        case let (x?, y?) where x != y: return x < y
        case (_?, nil): return true
        case (nil, _?): return false
        default: return a < b
        }
    }

    private static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }
}
