// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import Foundation
@testable import RemoteBridgeHeadsetDaemon
import RemoteBridgeEvdev
import RemoteBridgeGestures
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// headsetd in-process (on a virtual clock) with a fake BlueZ on a private dbus-daemon that plays
/// the system bus. That bus listens on a socket file in a folder of the test's own, so that it
/// can be killed (SIGKILL) under headsetd, as a crashed system dbus-daemon is, and started again
/// at the same address. Everything headsetd logs is recorded.
@MainActor
final class SystemBusFixture {
    let folder: String
    let socketPath: String
    /// The bus playing the system bus: the first one, or the one started again.
    private(set) var system: PrivateBus
    let log = LogRecorder()
    let f: HeadsetFixture

    init() async throws {
        folder = NSTemporaryDirectory() + "remotebridge-system-bus-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        socketPath = folder + "/system_bus_socket"
        system = try PrivateBus(socketPath: socketPath)
        let bluez = try await FakeBlueZ(address: system.address)
        f = try await HeadsetFixture(systemBus: system.address, logger: log.logger)
        let bridge = try #require(f.handler.bluetooth)
        try await f.settle { f.handler.tracker.target != nil && bridge.registeredAdapters == ["/org/bluez/hci0"] }
        try #require(bluez.registrations.count == 1)
    }

    isolated deinit {
        system.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    var bridge: BluetoothBridge { f.handler.bluetooth! }

    /// What headsetd logged as warnings.
    var warnings: [String] { log.lines.filter { $0.level == .warning }.map(\.text) }

    /// Kills the system bus's dbus-daemon (SIGKILL), and waits until headsetd says it went away.
    func killSystemBus() async -> Bool {
        system.stop()
        return await log.waitFor("the system bus at \(system.address) went away")
    }

    /// Starts a dbus-daemon again on the same socket: the same address.
    func restartSystemBus() throws {
        system = try PrivateBus(socketPath: socketPath)
    }

    /// The rounds of retries headsetd has ended so far.
    var roundsEnded: Int { log.lines(containing: "is not back").count }

    /// Moves the clock on each time headsetd sleeps before its next attempt, until the round
    /// ends; the number of times it moved (one per retry).
    func runOutRetries() async -> Int {
        let ended = roundsEnded + 1
        var moves = 0
        while true {
            let asleep = await until(wokenBy: f.clock.listeners, bridge.listeners) { f.clock.pendingDeadlineCount > 0 || roundsEnded >= ended }
            guard asleep, roundsEnded < ended else { break }
            f.clock.advance(by: RetryBackoff().cap)
            moves += 1
        }
        return moves
    }

    /// Headset1's properties, as the doctor and remotectl read them.
    func headsetProperties() async throws -> [String: DBusValue] {
        try await f.client.getAllProperties(Headset1Interface.busName, Headset1Interface.objectPath, Headset1Interface.declaration)
    }
}

@Suite("headsetd when the system bus goes away", .serialized)
@MainActor
struct SystemBusLossTests {
    @Test("the system bus's dbus-daemon killed: a click still reaches the player on the session bus, and headsetd says the system bus went away")
    func clickAfterLoss() async throws {
        let s = try await SystemBusFixture()
        #expect(await s.killSystemBus(), "\(s.log.lines)")
        try s.f.fifo.key(226, pressed: true)
        s.f.clock.advance(by: .milliseconds(80))
        try s.f.fifo.key(226, pressed: false)
        await s.f.waitForEdges(2)
        s.f.clock.advance(by: .milliseconds(300))
        func answered() -> Bool { s.f.answers.contains { $0.0 == s.f.served.busName && $0.1 == .togglePlayPause && $0.2 } }
        try await s.f.settle { answered() }
        #expect(answered())
        #expect(s.f.player.playbackStatus == .playing)
        #expect(s.f.handler.bluetoothStatus.contains("the system bus at \(s.system.address) went away"), "\(s.f.handler.bluetoothStatus)")
        let properties = try await s.headsetProperties()
        #expect(properties["BluetoothAdapters"] == .objectPaths([]))
        #expect(properties["SystemBus"] == .string("reconnecting"))
    }

    @Test("one warning for the loss, however often headsetd tries again: each retry is a debug line, and after a round it waits for the socket with no timer; other files changing beside the stale socket start no round, a socket made again does")
    func oneWarning() async throws {
        let s = try await SystemBusFixture()
        #expect(await s.killSystemBus(), "\(s.log.lines)")
        // One retry after each wait of the BlueZ schedule, up to its first wait at the cap.
        let retries = RetryBackoff().retriesToCap
        #expect(await s.runOutRetries() == retries)
        #expect(s.f.clock.pendingDeadlineCount == 0)
        #expect(s.log.lines(containing: "connects again when its socket reappears").count == 1, "\(s.log.lines)")
        // Files made and removed beside the stale socket (the killed daemon's, still there) start nothing.
        let rounds = s.bridge.link.roundsStarted
        let barrier = try FolderBarrier(s.folder)
        _ = FileManager.default.createFile(atPath: s.folder + "/other", contents: Data())
        #expect(unlink(s.folder + "/other") == 0)
        #expect(await barrier.mark("last"))
        #expect(s.bridge.link.roundsStarted == rounds, "\(s.log.lines)")
        #expect(s.f.clock.pendingDeadlineCount == 0)
        // A socket made at the path (bound, nobody listening yet) starts another round.
        #expect(unlink(s.socketPath) == 0)
        #expect(StaleSocket.make(at: s.socketPath))
        #expect(await s.runOutRetries() == retries)
        #expect(s.bridge.link.roundsStarted == rounds + 1)
        let retryLines = s.log.lines(containing: "no system bus at \(s.system.address) yet")
        #expect(retryLines.count == 2 * retries, "\(s.log.lines)")
        #expect(retryLines.allSatisfy { $0.level == .debug })
        #expect(s.warnings.count == 1, "\(s.warnings)")
    }

    @Test("the socket's folder removed after a round of retries: headsetd waits for it in the folder above, with no timer, and connects once it is made again with a bus in it")
    func folderGoneAfterRound() async throws {
        let s = try await SystemBusFixture()
        #expect(await s.killSystemBus(), "\(s.log.lines)")
        #expect(await s.runOutRetries() == RetryBackoff().retriesToCap)
        #expect(try await s.headsetProperties()["SystemBus"] == .string("reconnecting"))
        let barrier = try FolderBarrier(s.folder)
        try FileManager.default.removeItem(atPath: s.folder)
        #expect(await barrier.until { $0.contains(FolderChange(.folderGone)) })
        #expect(s.bridge.link.state == .reconnecting)
        #expect(try await s.headsetProperties()["SystemBus"] == .string("reconnecting"))
        #expect(s.f.clock.pendingDeadlineCount == 0)
        try FileManager.default.createDirectory(atPath: s.folder, withIntermediateDirectories: true)
        try s.restartSystemBus()
        let bluez = try await FakeBlueZ(address: s.system.address)
        #expect(await until(wokenBy: s.bridge.listeners) { s.bridge.registeredAdapters == ["/org/bluez/hci0"] }, "\(s.log.lines)")
        #expect(bluez.registrations.count == 1)
        #expect(try await s.headsetProperties()["SystemBus"] == .string("connected"))
        #expect(s.warnings.count == 1, "\(s.warnings)")
    }

    @Test("a new dbus-daemon at the same address, with BlueZ on it: headsetd connects again and registers its player with each adapter; BlueZ's commands reach the player")
    func busComesBack() async throws {
        let s = try await SystemBusFixture()
        let lost = s.bridge.system
        #expect(await s.killSystemBus(), "\(s.log.lines)")
        try s.restartSystemBus()
        let bluez = try await FakeBlueZ(address: s.system.address, adapters: ["/org/bluez/hci0", "/org/bluez/hci1"])
        let adapters = ["/org/bluez/hci0", "/org/bluez/hci1"]
        #expect(await until(wokenBy: s.bridge.listeners) { s.bridge.registeredAdapters == Set(adapters) }, "\(s.log.lines)")
        #expect(s.bridge.system !== lost)
        #expect(bluez.registrations.map(\.adapter).sorted() == adapters)
        #expect(bluez.registrations.allSatisfy { $0.sender == s.bridge.system?.uniqueName && $0.player == BluetoothPlayer.objectPath })
        let registration = try #require(bluez.registrations.first)
        _ = try await bluez.callPlayer(registration, PlayerInterface.play)
        #expect(s.f.player.playbackStatus == .playing)
        let properties = try await s.headsetProperties()
        #expect(properties["BluetoothAdapters"] == .objectPaths(adapters))
        #expect(properties["SystemBus"] == .string("connected"))
        #expect(s.f.handler.bluetoothStatus == "registered as the AVRCP player with /org/bluez/hci0, /org/bluez/hci1")
        #expect(s.log.lines(containing: "the system bus at \(s.system.address) is back").count == 1)
        #expect(s.warnings.count == 1, "\(s.warnings)")
    }
}
