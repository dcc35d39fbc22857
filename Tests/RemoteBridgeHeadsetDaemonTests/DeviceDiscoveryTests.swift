// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
@testable import RemoteBridgeHeadsetDaemon
import RemoteBridgeEvdev
import RemoteBridgeTesting
import Testing

@Suite("headsetd: which devices, and when")
@MainActor
struct DeviceDiscoveryTests {
    /// A fresh folder that stands in for /dev/input.
    func inputFolder() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-input-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("hot-plug: a device that appears in the watched folder after start is read (--input-dir)")
    func hotPlug() async throws {
        let directory = try inputFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let f = try await HeadsetFixture { options in
            options.devices = []
            options.inputDirectory = directory
        }
        try await f.settle { f.handler.tracker.target != nil }
        #expect(f.handler.readers.isEmpty)
        // The headset connects: its node appears. The watcher opens it; then a key is read.
        let device = try EvdevFIFO(path: directory + "/event7")
        defer { device.remove() }
        try await f.settle { !f.handler.readers.isEmpty }
        try #require(f.handler.readers.map(\.path) == [directory + "/event7"])
        try device.key(163, pressed: true)
        try device.key(163, pressed: false)
        await f.waitForEdges(2)
        try await f.settle { f.player.currentIndex == 1 }
        #expect(f.player.currentIndex == 1)
        // It goes away: the reader is let go.
        device.remove()
        try await f.settle { f.handler.readers.isEmpty }
        #expect(f.handler.readers.isEmpty)
    }

    @Test("a regular file as --device is read once, not replayed for ever")
    func regularFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-recording-\(UUID().uuidString)").path
        let events: [InputEvent] = [.key(163, pressed: true), .report, .key(163, pressed: false), .report]
        #expect(FileManager.default.createFile(atPath: path, contents: Data(events.flatMap(\.bytes))))
        defer { unlink(path) }
        let f = try await HeadsetFixture { $0.devices = [path] }
        try await f.settle { f.handler.tracker.target != nil }
        // Read at start, before the target was known: nothing to send it to yet, so a second
        // file is used once the player is there.
        let again = path + "-2"
        #expect(FileManager.default.createFile(atPath: again, contents: Data(events.flatMap(\.bytes))))
        defer { unlink(again) }
        let reader = InputDeviceReader(path: again)
        var edges = 0
        var statuses: [String] = []
        reader.listeners.add { event in
            switch event {
            case .key: edges += 1
            case .status(let line): statuses.append(line)
            default: break
            }
        }
        reader.start()
        #expect(edges == 2)
        #expect(reader.isFinished)
        #expect(!reader.isOpen)
        #expect(statuses.contains { $0.contains("a regular file, read once (4 records)") })
        // Touching it changes nothing: it is not followed.
        #expect(FileManager.default.createFile(atPath: again, contents: Data(events.flatMap(\.bytes))))
        reader.recheck()
        #expect(edges == 2)
        #expect(f.handler.readers.allSatisfy { $0.path != path })
    }

    @Test("a relative --device path is taken from the working directory, and waited for if missing")
    func relativePath() async throws {
        let name = "remotebridge-relative-\(UUID().uuidString)"
        let reader = InputDeviceReader(path: name)
        #expect(reader.path == FileManager.default.currentDirectoryPath + "/" + name)
        #expect(InputDeviceReader.absolute("/dev/input/event3") == "/dev/input/event3")
    }

    @Test("keyboards are never headset-like, whatever the bus or name; headset-like devices are")
    func keyboards() {
        let letters = DeviceIdentity.letterKeys
        #expect(letters.contains(30) && letters.contains(16) && letters.contains(50))
        #expect(!DeviceIdentity(name: "Keyboard K380", bus: DeviceIdentity.busBluetooth, mediaKeys: [163, 164], hasLetterKeys: true).isHeadsetLike)
        #expect(!DeviceIdentity(name: "Gaming Headset Keyboard", hasLetterKeys: true).isHeadsetLike)
        #expect(DeviceIdentity(name: "WH-1000XM4 (AVRCP)", bus: DeviceIdentity.busBluetooth, mediaKeys: [200, 201, 163]).isHeadsetLike)
        #expect(DeviceIdentity(name: "HDA Intel PCH Front Headphone", jackSwitches: [2]).isHeadsetLike)
        #expect(DeviceIdentity(name: "Some Device", jackSwitches: [2]).isHeadsetLike)
    }
}
