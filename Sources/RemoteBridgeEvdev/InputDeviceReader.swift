// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import CRemoteBridgeEvdev
import Dispatch
import FoundationEssentials
import Glibc
import SystemPackage
import RemoteBridgeText

/// Reads key and switch edges from an input device: `/dev/input/eventN`, or a FIFO carrying
/// the same 24-byte records (which tests and `headsetd --device` use).
///
/// It is event-driven: a DispatchSource on the descriptor, and inotify on the folder while the
/// device is missing. A device given by path (`.follow`) is opened again when it comes back
/// after vanishing (unplugged, ENODEV). A device found by discovery (`.discovered`) is let go
/// when it vanishes, since its node name is not kept across a replug, and it is never read if
/// it turns out to be a keyboard. A FIFO is opened read-write, so it never reaches end-of-file:
/// a writer that closes and reopens it is read again, not dropped. A regular file is read once.
@MainActor
public final class InputDeviceReader {
    /// How the reader came to read the path.
    public enum Mode: Sendable {
        /// Named by the user: wait for it, follow it across replugs, read it whatever it is.
        case follow
        /// Found by discovery: read it while it is there and is not a keyboard.
        case discovered
    }

    /// The device path, made absolute against the working directory at start.
    public let path: String
    /// Whether to take the device for ourselves (EVIOCGRAB). Keyboards are never grabbed.
    public let grab: Bool
    /// How the reader came to read the path.
    public let mode: Mode
    /// The device's identity: read from the node, or the one given for other paths.
    public private(set) var identity: DeviceIdentity
    /// What a reader announces to its `listeners`, on the main actor.
    public enum Announcement: Sendable, Equatable {
        /// A key edge: the key code, whether it went down, and how long before this announcement
        /// it happened by the device's own stamp (zero when the stamp is missing or not believed;
        /// see ``InputStamps``).
        case key(code: UInt16, pressed: Bool, age: Duration)
        /// A switch edge: the switch code, and whether it turned on.
        case `switch`(code: UInt16, on: Bool)
        /// The device vanished (false) or was opened again (true).
        case presence(Bool)
        /// The device vanished or came back, or a problem worth a log line.
        case status(String)
    }

    /// Told of each edge, each vanishing and return, and each problem.
    public let listeners = Listeners<Announcement>()
    /// Whether the device is open now.
    public var isOpen: Bool { fd >= 0 }
    /// Whether the device is grabbed now.
    public private(set) var isGrabbed = false
    /// Asks the open device what is down and on now, after SYN_DROPPED and at open: its
    /// ioctls (`InputDeviceState.read`). Tests of this layer give a FIFO their own answer.
    public var stateQuery: @MainActor (_ fd: Int32) -> InputDeviceState = { InputDeviceState.read(fd: $0) }
    /// Whether the reader has stopped for good: a discovered device that went away or is a
    /// keyboard, or a regular file read to its end.
    public private(set) var isFinished = false

    private var fd: Int32 = -1
    private var source: (any DispatchSourceRead)?
    private var watcher: DirectoryWatcher?
    /// The device and inode of the node opened, to notice when the path is replaced.
    private var openedNode: (device: UInt64, inode: UInt64)?
    private var retryTimer: (any DispatchSourceTimer)?
    private var decoder = InputEventDecoder()
    /// Whether the open device's stamps are on ``InputStamps/clock``: an evdev node that took
    /// EVIOCSCLOCKID, or a FIFO (whose writer is expected to use that clock).
    private var stampsOnOurClock = false

    /// The largest regular file read as a recording of events (about 43,000 records).
    public static let largestRecording = 1 << 20

    /// Makes a reader; `start()` opens the device. `identity` is used for paths that are not
    /// evdev nodes (a FIFO), and as the fallback name. A relative path is taken from the
    /// working directory.
    public init(path: String, identity: DeviceIdentity? = nil, grab: Bool = false, mode: Mode = .follow) {
        self.path = Self.absolute(path)
        self.grab = grab
        self.mode = mode
        self.identity = identity ?? DeviceIdentity(name: String(self.path.split(separator: "/").last ?? Substring(path)))
    }

    /// `path` as status messages show it: bare when plain, else quoted and bounded (`OutsideText`).
    private var shownPath: String { OutsideText.bareOrQuoted(path) }

    /// `path` made absolute against the working directory.
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let directory = FileManager.default.currentDirectoryPath
        return (directory.hasSuffix("/") ? directory : directory + "/") + path
    }

    /// The folder that holds `path`.
    private var directory: String {
        let parent = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
        return parent.isEmpty ? "/" : String(parent)
    }

    /// Opens the device, or waits for it to appear.
    public func start() {
        if !open() {
            guard !isFinished else { return }
            listeners.announce(.status("\(shownPath): not there yet; waiting for it"))
        }
        guard !isFinished else { return }
        if mode == .follow { waitForDevice() }
    }

    /// Closes the device (letting go of a grab) and stops waiting for it.
    public func stop() {
        watcher = nil
        retryTimer?.cancel()
        retryTimer = nil
        closeDevice()
    }

    private func open() -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR {
            listeners.announce(.status("\(shownPath): is a folder, not an input device; give /dev/input/eventN or a FIFO"))
            isFinished = true
            return false
        }
        let isFIFO = kind == S_IFIFO
        let descriptor = Glibc.open(path, (isFIFO ? O_RDWR : O_RDONLY) | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            listeners.announce(.status("\(shownPath): \(String(cString: strerror(errno))); check that you may read it (see dist/udev)"))
            return false
        }
        // At once, before anything can be queued for this descriptor: the kernel drops what it
        // holds when the clock changes (with a SYN_DROPPED, which the decoder resyncs after).
        stampsOnOurClock = isFIFO || Evdev.stamp(descriptor, with: InputStamps.clock)
        if kind == S_IFREG {
            readRecording(descriptor)
            return false
        }
        if let read = DeviceIdentity.read(fd: descriptor) {
            if mode == .discovered, read.isKeyboard {
                listeners.announce(.status("\(shownPath): \(OutsideText.quoted(read.name)) is a keyboard now; not reading it"))
                Glibc.close(descriptor)
                isFinished = true
                return false
            }
            identity = read
            if grab, !read.isKeyboard {
                isGrabbed = Evdev.grab(descriptor)
                if !isGrabbed { listeners.announce(.status("\(shownPath): could not grab the device (another program holds it?); the desktop sees its keys too")) }
            }
        }
        fd = descriptor
        openedNode = (UInt64(info.st_dev), UInt64(info.st_ino))
        decoder = InputEventDecoder(switchesOn: stateQuery(descriptor).switches ?? [])
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { [weak self] in self?.readPending() } }
        // The descriptor is closed only once the source is cancelled, as dispatch requires.
        source.setCancelHandler { Glibc.close(descriptor) }
        self.source = source
        source.resume()
        return true
    }

    /// A regular file is a recording, not a device: it is read once, to its end, and never
    /// again (following it would replay its keys for ever).
    private func readRecording(_ descriptor: Int32) {
        defer { Glibc.close(descriptor) }
        isFinished = true
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while bytes.count < Self.largestRecording {
            let wanted = min(buffer.count, Self.largestRecording - bytes.count)
            let count = (try? buffer.withUnsafeMutableBytes { try FileDescriptor(rawValue: descriptor).read(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted])) }) ?? 0
            guard count > 0 else { break }
            bytes += buffer.prefix(count)
        }
        let records = bytes.count / InputEvent.size
        stampsOnOurClock = false  // a recording's stamps are of another time
        deliver(decoder.feed(bytes))
        listeners.announce(.status("\(shownPath): a regular file, read once (\(records) records); only devices and FIFOs are followed"))
    }

    /// Announces each edge; a key's age is read just before it is announced, so the time its
    /// listeners spend on the edges before it does not move it.
    private func deliver(_ edges: [InputEdge]) {
        for edge in edges {
            guard edge.isKey else {
                listeners.announce(.switch(code: edge.code, on: edge.pressed))
                continue
            }
            let age = stampsOnOurClock ? InputStamps.age(of: edge.stamp, now: InputStamps.now()) : .zero
            listeners.announce(.key(code: edge.code, pressed: edge.pressed, age: age))
        }
    }

    /// Reads and announces every record waiting in the device now, without waiting for more.
    /// The reader does this itself whenever the device has data; a gesture recognizer asks for
    /// it before it decides a deadline, in case the main actor was too busy to read in time.
    public func readPending() {
        var buffer = [UInt8](repeating: 0, count: InputEvent.size * 64)
        while fd >= 0 {
            let count = read(fd, &buffer, buffer.count)
            if count > 0 {
                let device = fd
                deliver(decoder.feed(buffer.prefix(count), currentState: { stateQuery(device) }))
                continue
            }
            if count < 0, errno == EAGAIN || errno == EINTR { return }
            // ENODEV (unplugged), another error, or end of file: the device is gone for now.
            lost()
            return
        }
    }

    private func lost() {
        closeDevice()
        listeners.announce(.presence(false))
        switch mode {
        case .follow:
            listeners.announce(.status("\(shownPath): the device went away; waiting for it to come back"))
            waitForDevice()
        case .discovered:
            listeners.announce(.status("\(shownPath): the device went away"))
            stop()
            isFinished = true
        }
    }

    private func closeDevice() {
        if isGrabbed, fd >= 0 { Evdev.ungrab(fd) }
        isGrabbed = false
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
        guard watcher == nil else { return recheck() }
        watcher = DirectoryWatcher(directory: directory) { [weak self] in self?.recheck() }
        if watcher == nil, retryTimer == nil {
            // inotify can run out (fs.inotify.max_user_instances); then, and only then, retry on a timer.
            listeners.announce(.status("\(shownPath): cannot watch \(OutsideText.bareOrQuoted(directory)) for the device (\(String(cString: strerror(errno)))); retrying every 2 s"))
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now() + 2, repeating: 2)
            timer.setEventHandler { MainActor.assumeIsolated { [weak self] in self?.recheck() } }
            retryTimer = timer
            timer.resume()
        }
        // It may have appeared between the failed open and the watch.
        recheck()
    }

    /// Checks the path again: a node that appeared is opened, and one that vanished or was
    /// replaced is let go (and, when following, the new one opened). Called on every change in
    /// the folder.
    public func recheck() {
        if isOpen, let openedNode {
            var info = stat()
            let same = stat(path, &info) == 0 && UInt64(info.st_dev) == openedNode.device && UInt64(info.st_ino) == openedNode.inode
            guard !same else { return }
            lost()
            guard mode == .follow else { return }
        }
        guard !isOpen, !isFinished else { return }
        guard open() else {
            if isFinished { stop() }
            return
        }
        retryTimer?.cancel()
        retryTimer = nil
        listeners.announce(.status("\(shownPath): the device is back"))
        listeners.announce(.presence(true))
    }
}

/// Calls back when entries are created, changed or removed in a folder, or the folder itself is
/// removed or moved (inotify; no polling). Every watcher of a process shares one inotify
/// instance (`FolderEvents`).
@MainActor
public final class DirectoryWatcher {
    /// What a watcher is told of, besides the folder itself removed or moved.
    public enum Kinds: Sendable {
        /// Entries made, changed, removed or moved.
        case all
        /// Entries made or moved in.
        case entriesMade
        /// Entries made or moved in, and their attributes changed (a mode).
        case entriesMadeOrChanged
    }

    private let watch: Int32

    /// Watches `directory`, calling `onChange` once for each batch of changes; nil if inotify
    /// cannot (errno says why).
    public convenience init?(directory: String, onChange: @escaping @MainActor () -> Void) {
        self.init(directory: directory, onChanges: { _ in onChange() })
    }

    /// Watches `directory`, calling `onChanges` with each batch of changes, in the kernel's
    /// order, each with the entry's name: a watcher that cares for one name looks at it alone.
    /// `kinds` narrows what is watched for, so that other changes in a busy folder do not wake
    /// the process. nil if inotify cannot (errno says why).
    public init?(directory: String, for kinds: Kinds = .all, onChanges: @escaping @MainActor ([FolderChange]) -> Void) {
        let mask =
            switch kinds {
            case .all: FolderEvents.mask
            case .entriesMade: FolderEvents.entriesMadeMask
            case .entriesMadeOrChanged: FolderEvents.entriesMadeOrChangedMask
            }
        guard let watch = FolderEvents.shared.add(directory, mask: mask, onChanges) else { return nil }
        self.watch = watch.descriptor
        self.token = watch.token
    }

    private let token: Int

    isolated deinit {
        FolderEvents.shared.remove(watch, token: token)
    }
}
