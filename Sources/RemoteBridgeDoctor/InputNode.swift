// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEvdev
import Glibc

/// What one `event*` entry of the input folder is, as far as headsetd is concerned: a device it
/// can read (with its identity), a test FIFO, or something it cannot open, and why.
enum InputNode: Equatable {
    /// An evdev device, opened and identified.
    case device(DeviceIdentity)
    /// A FIFO, which `headsetd --input-dir` reads as a headset.
    case fifo
    /// It cannot be opened: the reason, and whether it is the permission (the udev rule's job).
    case unopenable(reason: String, permission: Bool)
    /// It opens, but is not an input device (a folder, a regular file).
    case notInput(String)

    /// Looks at `path`, opening it only long enough to read its identity.
    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            self = .unopenable(reason: String(cString: strerror(errno)), permission: errno == EACCES)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: self = .notInput("is a folder, not an input device")
        case S_IFIFO: self = .fifo
        case S_IFCHR:
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else {
                self = .unopenable(reason: String(cString: strerror(errno)), permission: errno == EACCES || errno == EPERM)
                return
            }
            close(fd)
            self = InputDiscovery.probe(path).map { .device($0) } ?? .notInput("is not an evdev input device")
        default: self = .notInput("is not a device node")
        }
    }
}
