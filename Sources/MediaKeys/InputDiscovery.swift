import Foundation
import Glibc

/// Finds input devices with media keys: `/dev/input/event*` nodes we may read.
public enum InputDiscovery {
    /// Every readable event node that reports a media key, with its identity.
    public static func devices(in directory: String = "/dev/input") -> [(path: String, identity: DeviceIdentity)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix("event") }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }.compactMap { name in
            let path = "\(directory)/\(name)"
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            guard let identity = DeviceIdentity.read(fd: fd), !(identity.mediaKeys ?? []).isEmpty else { return nil }
            return (path, identity)
        }
    }
}
