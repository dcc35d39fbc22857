import CEvdev
import Dispatch
import Foundation
import Glibc

/// Reads key edges from an input device: `/dev/input/eventN`, or a FIFO carrying the same
/// 24-byte records (which tests and `headsetd --device` use).
///
/// It is event-driven: a DispatchSource on the descriptor, and inotify on the folder while the
/// device is missing, so a device that vanishes (unplugged, ENODEV) is opened again when it
/// comes back. A FIFO is opened read-write, so it never reaches end-of-file: a writer that
/// closes and reopens it is read again, not dropped.
@MainActor
public final class InputDeviceReader {
    /// The device path.
    public let path: String
    /// Whether to take the device for ourselves (EVIOCGRAB). Off by default.
    public let grab: Bool
    /// The device's identity: read from the node, or the one given for other paths.
    public private(set) var identity: DeviceIdentity
    /// Called with each key edge (code, pressed), on the main actor.
    public var onKey: (@MainActor (UInt16, Bool) -> Void)?
    /// Called when the device vanishes or comes back, and with problems worth a log line.
    public var onStatus: (@MainActor (String) -> Void)?
    /// Whether the device is open now.
    public var isOpen: Bool { fd >= 0 }

    private var fd: Int32 = -1
    private var source: (any DispatchSourceRead)?
    private var watcher: DirectoryWatcher?
    /// The device and inode of the node opened, to notice when the path is replaced.
    private var openedNode: (device: UInt64, inode: UInt64)?
    private var retryTimer: (any DispatchSourceTimer)?
    private var decoder = InputEventDecoder()

    /// Makes a reader; `start()` opens the device. `identity` is used for paths that are not
    /// evdev nodes (a FIFO), and as the fallback name.
    public init(path: String, identity: DeviceIdentity? = nil, grab: Bool = false) {
        self.path = path
        self.grab = grab
        self.identity = identity ?? DeviceIdentity(name: (path as NSString).lastPathComponent)
    }

    /// Opens the device, or waits for it to appear.
    public func start() {
        if !open() { onStatus?("\(path): not there yet; waiting for it") }
        waitForDevice()
    }

    /// Closes the device and stops waiting for it.
    public func stop() {
        watcher = nil
        retryTimer?.cancel()
        retryTimer = nil
        closeDevice()
    }

    private func open() -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let isFIFO = (info.st_mode & S_IFMT) == S_IFIFO
        let descriptor = Glibc.open(path, (isFIFO ? O_RDWR : O_RDONLY) | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            onStatus?("\(path): \(String(cString: strerror(errno))); check that you may read it (see dist/udev)")
            return false
        }
        fd = descriptor
        openedNode = (UInt64(info.st_dev), UInt64(info.st_ino))
        if let read = DeviceIdentity.read(fd: descriptor) {
            identity = read
            if grab, Evdev.grab(descriptor) == false { onStatus?("\(path): could not grab the device") }
        }
        decoder = InputEventDecoder()
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { [weak self] in self?.readAvailable() } }
        // The descriptor is closed only once the source is cancelled, as dispatch requires.
        source.setCancelHandler { Glibc.close(descriptor) }
        self.source = source
        source.resume()
        return true
    }

    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: InputEvent.size * 64)
        while fd >= 0 {
            let count = read(fd, &buffer, buffer.count)
            if count > 0 {
                let device = fd
                for edge in decoder.feed(buffer.prefix(count), currentKeys: { Evdev.pressedKeys(device) }) {
                    onKey?(edge.code, edge.pressed)
                }
                continue
            }
            if count < 0, errno == EAGAIN || errno == EINTR { return }
            // ENODEV (unplugged), another error, or end of file: the device is gone for now.
            onStatus?("\(path): the device went away; waiting for it to come back")
            closeDevice()
            waitForDevice()
            return
        }
    }

    private func closeDevice() {
        if let source {
            source.cancel()  // its cancel handler closes the descriptor
        } else if fd >= 0 {
            Glibc.close(fd)
        }
        source = nil
        fd = -1
        openedNode = nil
    }

    /// Watches the device's folder for as long as the reader runs: a node that appears is
    /// opened, and a node replaced under the same path (unplugged and plugged back, or a new
    /// FIFO) is opened afresh.
    private func waitForDevice() {
        guard watcher == nil else { return retry() }
        let directory = (path as NSString).deletingLastPathComponent
        watcher = DirectoryWatcher(directory: directory) { [weak self] in self?.retry() }
        if watcher == nil, retryTimer == nil {
            // inotify can run out (fs.inotify.max_user_instances); then, and only then, retry on a timer.
            onStatus?("\(path): cannot watch \(directory) for the device (\(String(cString: strerror(errno)))); retrying every 2 s")
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now() + 2, repeating: 2)
            timer.setEventHandler { MainActor.assumeIsolated { [weak self] in self?.retry() } }
            retryTimer = timer
            timer.resume()
        }
        // It may have appeared between the failed open and the watch.
        retry()
    }

    private func retry() {
        if isOpen, let openedNode {
            var info = stat()
            let same = stat(path, &info) == 0 && UInt64(info.st_dev) == openedNode.device && UInt64(info.st_ino) == openedNode.inode
            guard !same else { return }
            onStatus?("\(path): the device went away; waiting for it to come back")
            closeDevice()
        }
        guard !isOpen, open() else { return }
        retryTimer?.cancel()
        retryTimer = nil
        onStatus?("\(path): the device is back")
    }
}

/// Calls back when entries are created or changed in a folder (inotify; no polling).
@MainActor
final class DirectoryWatcher {
    private let fd: Int32
    private let source: (any DispatchSourceRead)?

    init?(directory: String, onChange: @escaping @MainActor () -> Void) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            Glibc.close(fd)
            return nil
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
        let descriptor = fd
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while read(descriptor, &buffer, buffer.count) > 0 {}
            MainActor.assumeIsolated { onChange() }
        }
        source.setCancelHandler { Glibc.close(descriptor) }
        self.source = source
        source.resume()
    }

    isolated deinit {
        source?.cancel()
    }
}
