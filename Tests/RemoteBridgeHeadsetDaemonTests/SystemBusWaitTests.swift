// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeDoctor
import Foundation
import Glibc
@testable import RemoteBridgeHeadsetDaemon
import RemoteBridgeEvdev
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// What inotify says of a folder, heard in this process beside headsetd's own watch on it. The
/// process's watches share one inotify instance, and every watch on a folder is told of a batch in
/// the same pass: once this one has heard a change, headsetd's link has handled it, and every
/// change made before it.
@MainActor
final class FolderBarrier {
    private(set) var changes: [FolderChange] = []
    private let waiter = ChangeWaiter()
    private var watcher: DirectoryWatcher?
    let folder: String

    init(_ folder: String) throws {
        self.folder = folder
        watcher = DirectoryWatcher(directory: folder) { [weak self] changes in
            self?.changes += changes
            self?.waiter.wake()
        }
        try #require(watcher != nil, "inotify on \(folder): \(String(cString: strerror(errno)))")
    }

    /// Waits until the changes heard so far satisfy `condition`.
    func until(_ condition: ([FolderChange]) -> Bool) async -> Bool {
        await waiter.until { condition(changes) }
    }

    /// Makes an empty file `name` in the folder (written beside it and moved into place, as
    /// FileManager does) and waits until the watch has heard of it.
    func mark(_ name: String) async -> Bool {
        _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data())
        return await until { $0.contains(FolderChange(.movedIn, name: name)) || $0.contains(FolderChange(.created, name: name)) }
    }
}

/// A folder of the test's own for the system bus's socket, with no bus in it yet.
@MainActor
final class LateBusFolder {
    let base: String
    let folder: String
    let socketPath: String
    var address: String { "unix:path=\(socketPath)" }
    /// The bus started there, once it is.
    private(set) var bus: PrivateBus?

    /// `below` names folders between the base folder and the socket's, which are not made.
    init(below: String? = nil) throws {
        let base = NSTemporaryDirectory() + "remotebridge-late-bus-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        self.base = base
        folder = below.map { base + "/" + $0 } ?? base
        socketPath = folder + "/system_bus_socket"
    }

    isolated deinit {
        bus?.stop()
        try? FileManager.default.removeItem(atPath: base)
    }

    /// Starts a dbus-daemon listening at the socket's path, as the system bus appearing.
    func startBus() throws -> PrivateBus {
        let bus = try PrivateBus(socketPath: socketPath)
        self.bus = bus
        return bus
    }

    /// Leaves a stale socket at the socket's path: a unix socket bound there, then closed, as a
    /// bus that died leaves its socket.
    func makeStaleSocket() throws {
        try #require(StaleSocket.make(at: socketPath), "bind \(socketPath): \(String(cString: strerror(errno)))")
    }
}

/// A unix socket bound at a path and closed at once: the file stays, and nothing listens.
enum StaleSocket {
    static func make(at path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let length = socklen_t((MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2) + bytes.count + 1)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        } == 0
    }
}

@Suite("headsetd started before the system bus", .serialized)
@MainActor
struct SystemBusWaitTests {
    /// headsetd's Headset1 properties, as the doctor and remotectl read them.
    static func properties(_ f: HeadsetFixture) async throws -> [String: DBusValue] {
        try await f.client.getAllProperties(Headset1Interface.busName, Headset1Interface.objectPath, Headset1Interface.declaration)
    }

    @Test("no system bus at start: headsetd waits for its socket with no timer, says so, and once a dbus-daemon listens at the path registers its player with BlueZ there, with no clock moved")
    func busAppearsAfterStart() async throws {
        let late = try LateBusFolder()
        let log = LogRecorder()
        let f = try await HeadsetFixture(systemBus: late.address, logger: log.logger)
        let bridge = try #require(f.handler.bluetooth, "headsetd runs without its Bluetooth side: \(log.lines)")
        #expect(bridge.link.state == .waiting)
        #expect(bridge.system == nil)
        #expect(bridge.link.attemptsMade == 1, "no socket there: one attempt, no more")
        #expect(f.clock.pendingDeadlineCount == 0, "no timer while it waits")
        #expect(f.handler.bluetoothStatus.hasPrefix("waiting for the system bus at \(late.address)"), "\(f.handler.bluetoothStatus)")
        #expect(try await Self.properties(f)["SystemBus"] == .string("waiting"))
        #expect(log.lines(containing: "Bluetooth: no system bus at \(late.address) yet").map(\.level) == [.info], "\(log.lines)")

        let bus = try late.startBus()
        let bluez = try await FakeBlueZ(address: bus.address)
        #expect(await until(wokenBy: bridge.listeners) { bridge.registeredAdapters == ["/org/bluez/hci0"] }, "\(log.lines)")
        #expect(bluez.registrations.count == 1)
        #expect(bluez.registrations.allSatisfy { $0.sender == bridge.system?.uniqueName && $0.player == BluetoothPlayer.objectPath })
        #expect(bridge.link.state == .connected)
        #expect(f.clock.pendingDeadlineCount == 0)
        #expect(f.handler.bluetoothStatus == "registered as the AVRCP player with /org/bluez/hci0")
        #expect(try await Self.properties(f)["SystemBus"] == .string("connected"))
        #expect(log.lines(containing: "the system bus at \(late.address) is there now").count == 1, "\(log.lines)")
        // BlueZ's commands reach the now-playing player, as with a bus there at start.
        let registration = try #require(bluez.registrations.first)
        _ = try await bluez.callPlayer(registration, PlayerInterface.play)
        #expect(f.player.playbackStatus == .playing)
        #expect(log.lines.filter { $0.level >= .warning }.isEmpty, "\(log.lines)")
    }

    @Test("a stale socket at the path, and other files made, changed, renamed and removed beside it: no attempt and no round; a dbus-daemon then listening at the path is connected to")
    func staleSocketAndOtherFiles() async throws {
        let late = try LateBusFolder()
        try late.makeStaleSocket()
        let log = LogRecorder()
        let f = try await HeadsetFixture(systemBus: late.address, logger: log.logger)
        let bridge = try #require(f.handler.bluetooth, "headsetd runs without its Bluetooth side: \(log.lines)")
        let link = bridge.link
        #expect(link.state == .waiting)
        // The attempt at start, and one more once the watch is up (a socket is there): no round.
        #expect(link.attemptsMade == 2)
        #expect(link.roundsStarted == 0)
        let barrier = try FolderBarrier(late.folder)
        let other = late.folder + "/other"
        _ = FileManager.default.createFile(atPath: other, contents: Data("x".utf8))
        #expect(chmod(other, 0o600) == 0)
        #expect(rename(other, late.folder + "/system_bus_socket.old") == 0)
        #expect(unlink(late.folder + "/system_bus_socket.old") == 0)
        #expect(mkdir(late.folder + "/system_bus_socket.d", 0o700) == 0)
        #expect(rmdir(late.folder + "/system_bus_socket.d") == 0)
        #expect(await barrier.mark("last"), "\(barrier.changes)")
        #expect(link.roundsStarted == 0, "\(log.lines)")
        #expect(link.attemptsMade == 2, "\(log.lines)")
        #expect(link.state == .waiting)
        #expect(f.clock.pendingDeadlineCount == 0)
        #expect(log.lines(containing: "a socket was made").isEmpty, "\(log.lines)")
        #expect(log.lines(containing: "retry").isEmpty, "\(log.lines)")

        // dbus-daemon removes the stale socket and binds its own.
        let bus = try late.startBus()
        let bluez = try await FakeBlueZ(address: bus.address)
        #expect(await until(wokenBy: bridge.listeners) { bridge.registeredAdapters == ["/org/bluez/hci0"] }, "\(log.lines)")
        #expect(bluez.registrations.count == 1)
        #expect(link.roundsStarted >= 1)
        #expect(log.lines(containing: "a socket was made for the system bus at \(late.address)").allSatisfy { $0.level == .debug })
        #expect(log.lines.filter { $0.level >= .warning }.isEmpty, "\(log.lines)")
    }

    @Test("the socket's folder and the one above it not there yet: headsetd waits in the nearest folder that is, for those names alone, then in the socket's folder once made, and connects")
    func foldersMadeLater() async throws {
        let late = try LateBusFolder(below: "run/dbus")
        let log = LogRecorder()
        let f = try await HeadsetFixture(systemBus: late.address, logger: log.logger)
        let bridge = try #require(f.handler.bluetooth, "headsetd runs without its Bluetooth side: \(log.lines)")
        let link = bridge.link
        #expect(link.state == .waiting)
        #expect(try await Self.properties(f)["SystemBus"] == .string("waiting"))
        // Files beside the folder it waits for change nothing.
        let barrier = try FolderBarrier(late.base)
        _ = FileManager.default.createFile(atPath: late.base + "/runner", contents: Data())
        #expect(StaleSocket.make(at: late.base + "/system_bus_socket"))
        #expect(await barrier.mark("last"))
        #expect(link.roundsStarted == 0)
        #expect(link.attemptsMade == 1)
        try FileManager.default.createDirectory(atPath: late.folder, withIntermediateDirectories: true)
        let bus = try late.startBus()
        let bluez = try await FakeBlueZ(address: bus.address)
        #expect(await until(wokenBy: bridge.listeners) { bridge.registeredAdapters == ["/org/bluez/hci0"] }, "\(log.lines)")
        #expect(bluez.registrations.count == 1)
        #expect(f.clock.pendingDeadlineCount == 0)
    }

    @Test("an address with no socket file to watch (an abstract socket, tcp) and no bus there: headsetd says at once that it cannot watch for it, and that a restart is needed")
    func unwatchableAddress() async throws {
        for address in ["unix:abstract=remotebridge-no-bus-\(UUID().uuidString.prefix(8))", "tcp:host=127.0.0.1,port=9"] {
            let log = LogRecorder()
            let f = try await HeadsetFixture(systemBus: address, logger: log.logger)
            let bridge = try #require(f.handler.bluetooth, "\(log.lines)")
            #expect(bridge.link.state == .gaveUp)
            #expect(bridge.link.attemptsMade == 1)
            #expect(f.clock.pendingDeadlineCount == 0)
            #expect(
                f.handler.bluetoothStatus.hasPrefix("no system bus at \(address), and headsetd cannot watch for it: its address names no socket file")
                    && f.handler.bluetoothStatus.hasSuffix("restart headsetd once the bus is there"), "\(f.handler.bluetoothStatus)")
            #expect(try await Self.properties(f)["SystemBus"] == .string("lost"))
            let notices = log.lines(containing: "Bluetooth: no system bus at \(address)")
            #expect(notices.map(\.level) == [.notice], "\(log.lines)")
            #expect(notices.first?.text.contains("restart headsetd once the bus is there") == true)
            // remotectl doctor, reading that report: start the bus, then restart headsetd.
            var environment = DoctorEnvironment(environment: [:])
            environment.sessionBusAddress = f.bus.address
            environment.systemBusAddress = address
            var doctor = Doctor(environment: environment)
            doctor.areas = [.systemBus]
            doctor.headset = f.handler.report
            let findings = await doctor.run().filter { $0.status == .failed && $0.text.contains("headsetd has no connection to the system bus and cannot watch for one") }
            #expect(findings.map(\.fix) == ["start the system bus (sudo systemctl start dbus), then systemctl --user restart headsetd"], "\(findings.map(\.line))")
            // Presses still reach the player on the session bus.
            try await f.settle { f.handler.tracker.target != nil }
            try await f.press(163)
            try await f.settle { f.player.currentIndex == 1 }
        }
    }
}

/// headsetd as a process of its own (the debug build), started with no system bus.
@Suite("headsetd, a process, waiting for the system bus", .serialized)
@MainActor
struct SystemBusWaitProcessTests {
    @Test("while it waits in the folder above the socket's, once settled, it writes nothing and its threads do not run at all over a second in which files change in another folder and entries of that one change; a dbus-daemon then started at the path gets its player registered with BlueZ")
    func idleWhileWaiting() async throws {
        let bed = try await DaemonTestBed(tones: 1)
        defer { bed.stop() }
        // The socket's folder is not there yet (as /run/dbus before the bus starts): headsetd
        // waits in the folder above it, which other programs keep busy.
        let late = try LateBusFolder(below: "run-dbus")
        let elsewhere = try LateBusFolder()
        let busy = late.base + "/busy"
        #expect(mkdir(busy, 0o755) == 0)
        _ = FileManager.default.createFile(atPath: late.base + "/busy-file", contents: Data("x".utf8))
        let fifo = try EvdevFIFO(path: bed.path("event-headset"))
        defer { fifo.remove() }
        let headsetd = try await DaemonProcess(
            "headsetd", ["--bus", bed.bus.address, "--config", bed.config, "--system-bus", late.address, "--device", fifo.path, "--log-level", "debug"])
        defer { headsetd.send(SIGKILL) }
        #expect(try await headsetd.waitForName(Headset1Interface.busName, on: bed.connection), "\(headsetd.standardError)")
        let waiting = "Bluetooth: no system bus at \(late.address) yet"
        #expect(await until(wokenBy: headsetd.standardErrorGrew) { headsetd.standardError.contains(waiting) }, "\(headsetd.standardError)")

        // (That files made beside the socket's path start no attempt is shown in-process, where a
        // barrier says when headsetd has seen them: `staleSocketAndOtherFiles`.)
        // Its start-up checks, the last thing it does on its own, are done.
        #expect(await until(wokenBy: headsetd.standardErrorGrew) { headsetd.standardError.contains("doctor: start-up checks done") }, "\(headsetd.standardError)")
        // Its threads park within moments of that (a thread pool's worker, the log's writer): a
        // first second, in which it writes nothing, is not counted.
        let settled = headsetd.standardError.count
        let spoke = await until(wokenBy: headsetd.standardErrorGrew, limit: .seconds(1)) { headsetd.standardError.count > settled }
        #expect(!spoke, "\(headsetd.standardError.dropFirst(settled))")
        // Idle: over a second (or until it writes anything), while files come and go in a folder
        // it does not watch, and entries of the folder it waits in change (a mode; a link count,
        // as a folder made inside one does), none of its threads runs.
        let written = headsetd.standardError.count
        let before = ThreadSwitches.byThread(of: headsetd.pid)
        for index in 0..<5 {
            let path = elsewhere.folder + "/file-\(index)"
            _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
            #expect(unlink(path) == 0)
            #expect(chmod(late.base + "/busy-file", index % 2 == 0 ? 0o600 : 0o644) == 0)
            #expect(mkdir(busy + "/inner", 0o755) == 0)
            #expect(rmdir(busy + "/inner") == 0)
        }
        let wrote = await until(wokenBy: headsetd.standardErrorGrew, limit: .seconds(1)) { headsetd.standardError.count > written }
        let after = ThreadSwitches.byThread(of: headsetd.pid)
        #expect(!wrote, "\(headsetd.standardError.dropFirst(written))")
        let woken = after.map { $0.value - (before[$0.key] ?? 0) }.reduce(0, +)
        #expect(woken == 0, "headsetd's threads switched \(woken) times while idle: before \(before), after \(after)")

        try FileManager.default.createDirectory(atPath: late.folder, withIntermediateDirectories: true)
        let bus = try late.startBus()
        let bluez = try await FakeBlueZ(address: bus.address)
        #expect(await bluez.waitForRegistrations(1), "\(headsetd.standardError)")
        let registered = "Bluetooth: registered as the AVRCP player with /org/bluez/hci0"
        #expect(await until(wokenBy: headsetd.standardErrorGrew) { headsetd.standardError.contains(registered) }, "\(headsetd.standardError)")
        let bluetoothWarnings = headsetd.standardError.split(separator: "\n").filter { $0.contains(" warning ") && $0.contains("Bluetooth") }
        #expect(bluetoothWarnings.isEmpty, "\(bluetoothWarnings)")
    }
}
