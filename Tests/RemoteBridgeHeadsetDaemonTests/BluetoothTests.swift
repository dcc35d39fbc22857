// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import Foundation
@testable import RemoteBridgeHeadsetDaemon
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// headsetd against a fake BlueZ on a second private bus that stands in for the system bus.
@MainActor
final class BluetoothFixture {
    let systemBus: PrivateBus
    var bluez: FakeBlueZ
    let f: HeadsetFixture
    let observer: DBusConnection

    init(adapters: [String] = ["/org/bluez/hci0"], headset: String = "", bluezFirst: Bool = true) async throws {
        systemBus = try PrivateBus()
        bluez = try await FakeBlueZ(address: systemBus.address, adapters: adapters)
        if !bluezFirst { bluez.close() }
        f = try await HeadsetFixture(headset: headset, systemBus: systemBus.address)
        observer = try await DBusConnection.connect(to: systemBus.address)
        try await f.settle { f.handler.tracker.target != nil }
    }

    deinit { systemBus.stop() }

    var bridge: BluetoothBridge { f.handler.bluetooth! }

    /// Waits until `condition` holds, woken by headsetd and its Bluetooth bridge (`HeadsetFixture.settle`).
    func settle(until condition: () -> Bool) async throws {
        try await f.settle(until: condition)
    }
}

@Suite("headsetd and BlueZ: the AVRCP player")
@MainActor
struct BluetoothPlayerTests {
    @Test("one player registered with each adapter; BlueZ's Play, Pause and Next reach the now-playing player; it reads its state and track")
    func registersAndForwards() async throws {
        let b = try await BluetoothFixture(adapters: ["/org/bluez/hci0", "/org/bluez/hci1"])
        #expect(await b.bluez.waitForRegistrations(2))
        let registrations = b.bluez.registrations
        #expect(Set(registrations.map(\.adapter)) == ["/org/bluez/hci0", "/org/bluez/hci1"])
        #expect(Set(registrations.map(\.player)) == [BluetoothPlayer.objectPath])
        #expect(registrations.allSatisfy { $0.sender == b.bridge.system?.uniqueName })
        try #require(!registrations.isEmpty)
        #expect(registrations[0].properties["PlaybackStatus"]?.stringValue == "Stopped")
        // headsetd owns no name on the system bus.
        let names = try await b.observer.listNames().filter { !$0.hasPrefix(":") }
        for name in names { #expect(await b.observer.nameOwner(name) != b.bridge.system?.uniqueName, "\(name)") }
        // BlueZ records a registration before headsetd has its answer.
        try await b.settle { b.bridge.registeredAdapters.count == 2 }
        #expect(b.f.handler.bluetoothStatus.contains("/org/bluez/hci0, /org/bluez/hci1"))

        let r = registrations[0]
        _ = try await b.bluez.callPlayer(r, PlayerInterface.play)
        #expect(b.f.player.playbackStatus == .playing)
        _ = try await b.bluez.callPlayer(r, PlayerInterface.pause)
        #expect(b.f.player.playbackStatus == .paused)
        _ = try await b.bluez.callPlayer(r, PlayerInterface.next)
        #expect(b.f.player.currentIndex == 1)
        try await b.settle { b.bridge.player.value("PlaybackStatus") == .string("Paused") }
        #expect(try await b.bluez.playerProperty(r, PlayerInterface.playbackStatus).stringValue == "Paused")
        try await b.settle { b.bridge.player.value("Metadata").stringDictionaryValue?["xesam:title"]?.stringValue == "Tone 2" }
        #expect(try await b.bluez.playerProperty(r, PlayerInterface.metadata).stringDictionaryValue?["xesam:title"]?.stringValue == "Tone 2")
    }

    @Test("when another player starts playing, the registered player's properties change with it (PropertiesChanged)")
    func followsNowPlaying() async throws {
        let b = try await BluetoothFixture()
        #expect(await b.bluez.waitForRegistrations(1))
        let r = try #require(b.bluez.registrations.first)
        let changes = try await SignalRecorder.start(
            on: b.observer, MatchRule(signal: StandardInterfaces.propertiesChanged, path: BluetoothPlayer.objectPath))
        let second = try await ServedPlayer(address: b.f.bus.address, name: "second", tracks: 5)
        second.player.retag { $0.title = "Second Song" }
        second.player.play()
        try await b.settle { b.f.handler.tracker.nowPlaying == second.busName }
        try await b.settle { b.bridge.player.value("Metadata").stringDictionaryValue?["xesam:title"]?.stringValue == "Second Song" }
        func announced() -> [[String: DBusValue]] { changes.messages.compactMap { $0.body[1].stringDictionaryValue } }
        func announcedSecond() -> Bool {
            announced().contains { $0["Metadata"]?.stringDictionaryValue?["xesam:title"]?.stringValue == "Second Song" }
        }
        _ = await changes.until { announcedSecond() }
        #expect(announcedSecond())
        let announced = announced()
        #expect(announced.contains { $0["PlaybackStatus"]?.stringValue == "Playing" })
        #expect(try await b.bluez.playerProperty(r, PlayerInterface.metadata).stringDictionaryValue?["xesam:title"]?.stringValue == "Second Song")
        // And BlueZ's commands now go to the new player.
        _ = try await b.bluez.callPlayer(r, PlayerInterface.pause)
        #expect(second.player.playbackStatus == .paused)
        #expect(b.f.player.playbackStatus == .stopped)
    }

    @Test("an adapter that appears is registered with; a BlueZ that restarts is registered with again")
    func followsBlueZ() async throws {
        let b = try await BluetoothFixture()
        #expect(await b.bluez.waitForRegistrations(1))
        try b.bluez.addAdapter("/org/bluez/hci1")
        #expect(await b.bluez.waitForRegistrations(2))
        #expect(b.bluez.registrations.map(\.adapter) == ["/org/bluez/hci0", "/org/bluez/hci1"])
        b.bluez.close()
        try await b.settle { b.f.handler.bluetoothStatus == "BlueZ is not running" }
        #expect(b.f.handler.bluetoothStatus == "BlueZ is not running")
        let restarted = try await FakeBlueZ(address: b.systemBus.address)
        #expect(await restarted.waitForRegistrations(1))
        #expect(restarted.registrations.first?.player == BluetoothPlayer.objectPath)
    }

    @Test("BlueZ started after headsetd is registered with; with no system bus headsetd runs on, waiting for it")
    func blueZLateOrAbsent() async throws {
        let b = try await BluetoothFixture(bluezFirst: false)
        #expect(b.f.handler.bluetoothStatus == "BlueZ is not running")
        let late = try await FakeBlueZ(address: b.systemBus.address)
        #expect(await late.waitForRegistrations(1))
        #expect(late.registrations.count == 1)

        let none = try await HeadsetFixture(systemBus: "unix:path=/nonexistent/remotebridge-no-bus")
        #expect(none.handler.bluetooth?.link.state == .waiting)
        #expect(none.handler.bluetoothStatus.hasPrefix("waiting for the system bus at unix:path=/nonexistent/remotebridge-no-bus"))
        try await none.settle { none.handler.tracker.target != nil }
        try await none.press(163)
        try await none.settle { none.player.currentIndex == 1 }
        #expect(none.player.currentIndex == 1)
    }
}

@Suite("headsetd and BlueZ: disconnects")
@MainActor
struct BluetoothDisconnectTests {
    @Test("an audio device whose Connected turns false pauses; a keyboard's does not; with resume-on-reconnect, reconnecting resumes")
    func disconnectPauses() async throws {
        let b = try await BluetoothFixture(headset: "resume-on-reconnect = true\n")
        #expect(await b.bluez.waitForRegistrations(1))
        try b.bluez.addDevice("/org/bluez/hci0/dev_AA", alias: "WH-1000XM4", uuids: FakeBlueZ.headsetUUIDs, connected: true)
        try b.bluez.addDevice("/org/bluez/hci0/dev_KB", alias: "Keyboard", uuids: FakeBlueZ.keyboardUUIDs, connected: true)
        b.f.player.play()
        try await b.f.settleStatus()
        b.bluez.setConnected("/org/bluez/hci0/dev_KB", false)
        try await b.observer.barrier(with: b.bluez.connection.uniqueName)
        try await b.observer.barrier(with: try #require(b.bridge.system).uniqueName)
        try await b.f.client.barrier(with: b.f.handler.connection.uniqueName)
        #expect(b.f.player.playbackStatus == .playing)
        b.bluez.setConnected("/org/bluez/hci0/dev_AA", false)
        try await b.settle { b.f.player.playbackStatus == .paused }
        #expect(b.f.player.playbackStatus == .paused)
        try await b.f.settleStatus()
        b.bluez.setConnected("/org/bluez/hci0/dev_AA", true)
        try await b.settle { b.f.player.playbackStatus == .playing }
        #expect(b.f.player.playbackStatus == .playing)
    }
}
