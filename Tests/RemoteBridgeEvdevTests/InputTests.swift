// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import Foundation
import RemoteBridgeEvdev
import RemoteBridgeTesting
import RemoteBridgeCore
import Testing

@Suite("evdev records")
struct InputEventTests {
    @Test("a record is 24 little-endian bytes and round-trips")
    func roundTrip() {
        let event = InputEvent(seconds: 1_700_000_000, microseconds: 123_456, type: 1, code: 226, value: 1)
        #expect(event.bytes.count == 24)
        #expect(Array(event.bytes[16..<24]) == [1, 0, 226, 0, 1, 0, 0, 0])
        #expect(InputEvent(bytes: event.bytes, at: 0) == event)
    }

    @Test("records split anywhere are reassembled; autorepeat is ignored")
    func splitAndRepeat() {
        var decoder = InputEventDecoder()
        let bytes = ([.key(163, pressed: true), InputEvent(type: 1, code: 163, value: 2), .report, .key(163, pressed: false), .report] as [InputEvent])
            .flatMap(\.bytes)
        var edges: [(UInt16, Bool)] = []
        for chunk in stride(from: 0, to: bytes.count, by: 7) {
            edges += decoder.feed(bytes[chunk..<min(chunk + 7, bytes.count)]).map { ($0.code, $0.pressed) }
        }
        #expect(edges.map(\.0) == [163, 163])
        #expect(edges.map(\.1) == [true, false])
    }

    static let dropped = InputEvent(type: 0, code: 3, value: 0)

    @Test("after SYN_DROPPED, events up to and including the next SYN_REPORT are skipped")
    func synDropped() {
        var decoder = InputEventDecoder()
        let events: [InputEvent] = [
            .key(200, pressed: true), .key(200, pressed: false), .report,
            Self.dropped, .key(201, pressed: true), .key(201, pressed: false), .report,
            .key(166, pressed: true), .report,
        ]
        let edges = decoder.feed(events.flatMap(\.bytes))
        #expect(edges.map(\.code) == [200, 200, 166])
        #expect(decoder.pressedKeys == [166])
    }

    /// The kernel's advice: after the drop, ask the device which keys are down (EVIOCGKEY).
    @Test("after SYN_DROPPED, the key state is read again and the difference reported")
    func resyncFromDevice() {
        var decoder = InputEventDecoder()
        let held: [InputEvent] = [.key(226, pressed: true), .key(163, pressed: true), .report]
        _ = decoder.feed(held.flatMap(\.bytes))
        // Lost in the drop: 226 released, 165 pressed. The device says 163 and 165 are down.
        let drop: [InputEvent] = [Self.dropped, .key(226, pressed: false), .report]
        let edges = decoder.feed(drop.flatMap(\.bytes), currentState: { InputDeviceState(keys: [163, 165]) })
        #expect(edges.map(\.code) == [226, 165])
        #expect(edges.map(\.pressed) == [false, true])
        #expect(decoder.pressedKeys == [163, 165])
    }

    @Test("after SYN_DROPPED on a source that cannot be asked (a FIFO), every held key is released")
    func resyncWithoutDevice() {
        var decoder = InputEventDecoder()
        _ = decoder.feed(([.key(226, pressed: true), .report] as [InputEvent]).flatMap(\.bytes))
        let edges = decoder.feed(([Self.dropped, .report] as [InputEvent]).flatMap(\.bytes))
        #expect(edges.map(\.code) == [226])
        #expect(edges.map(\.pressed) == [false])
        #expect(decoder.pressedKeys.isEmpty)
    }
}

/// A jack pulled or plugged while the kernel dropped events: the switches are read again
/// (EVIOCGSW), as the keys are.
@Suite("evdev records: switches after SYN_DROPPED")
struct SwitchResyncTests {
    static let dropped = InputEvent(type: 0, code: 3, value: 0)
    static let headphone: UInt16 = 2
    static let lineout: UInt16 = 6

    func feed(_ decoder: inout InputEventDecoder, _ events: [InputEvent], state: InputDeviceState = InputDeviceState()) -> [InputEdge] {
        decoder.feed(events.flatMap(\.bytes), currentState: { state })
    }

    @Test("a switch on before the drop and off after it is reported off; one reported off and on after it is reported on")
    func changedInDrop() {
        var decoder = InputEventDecoder()
        _ = feed(&decoder, [.switchChange(Self.headphone, on: true), .switchChange(Self.lineout, on: false), .report])
        let edges = feed(&decoder, [Self.dropped, .switchChange(Self.headphone, on: false), .report], state: InputDeviceState(keys: [], switches: [Self.lineout]))
        #expect(edges == [InputEdge(type: InputEvent.switchEvent, code: Self.headphone, pressed: false), InputEdge(type: InputEvent.switchEvent, code: Self.lineout, pressed: true)])
        #expect(decoder.switchesOn == [Self.lineout])
    }

    @Test("when the device cannot say (a FIFO), the switches stay as they were; a switch on that no event reported is taken silently")
    func unknownOrUnreported() {
        var decoder = InputEventDecoder()
        _ = feed(&decoder, [.switchChange(Self.headphone, on: true), .report])
        #expect(feed(&decoder, [Self.dropped, .report]).isEmpty)
        #expect(decoder.switchesOn == [Self.headphone])
        #expect(feed(&decoder, [Self.dropped, .report], state: InputDeviceState(switches: [Self.headphone, Self.lineout])).isEmpty)
        #expect(decoder.switchesOn == [Self.headphone, Self.lineout])
    }

    @Test("the switches the device says are on when it opens count as on")
    func seeded() {
        var decoder = InputEventDecoder(switchesOn: [Self.headphone])
        let edges = feed(&decoder, [Self.dropped, .report], state: InputDeviceState(switches: []))
        #expect(edges == [InputEdge(type: InputEvent.switchEvent, code: Self.headphone, pressed: false)])
    }
}

@Suite("key map and devices")
struct KeyMapTests {
    @Test("the key map")
    func keyMap() {
        let presses: [(UInt16, RemoteControlSubtype?)] = [
            (200, .play), (207, .play), (201, .pause), (166, .stop), (163, .nextTrack), (165, .previousTrack),
            (208, .beginSeekingForward), (168, .beginSeekingBackward), (164, .togglePlayPause), (226, .togglePlayPause), (30, nil),
        ]
        for (code, subtype) in presses { #expect(KeyMap.subtype(for: code, pressed: true) == subtype, "\(code)") }
        #expect(KeyMap.subtype(for: 208, pressed: false) == .endSeekingForward)
        #expect(KeyMap.subtype(for: 168, pressed: false) == .endSeekingBackward)
        #expect(KeyMap.subtype(for: 163, pressed: false) == nil)
        #expect(KeyMap.isSingleButton(226) && KeyMap.isSingleButton(164) && !KeyMap.isSingleButton(163))
    }

    /// docs/configuration.md, "Media keys": `| `KEY_NAME` | code | `pressed` | `released` or – |`.
    @Test("the documented key map (docs/configuration.md, Media keys) is KeyMap's")
    func documentedKeyMap() throws {
        let page = "docs/configuration.md"
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `KEY_") }.map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        }
        /// `togglePlayPause` as a subtype; "–" as none.
        func subtype(_ cell: String) -> RemoteControlSubtype? {
            let kebab = cell.reduce(into: "") { name, character in
                name += character.isUppercase ? "-" + character.lowercased() : String(character)
            }
            return RemoteControlSubtype(name: kebab)
        }
        // The names, where the kernel's header is installed: each code is the key it names.
        let header = try? String(contentsOfFile: "/usr/include/linux/input-event-codes.h", encoding: .utf8)
        var documented: Set<UInt16> = []
        for cells in rows {
            try #require(cells.count == 4, "\(page): a key row has four cells: \(cells)")
            let code = try #require(UInt16(cells[1]), "\(page): \(cells[0])'s code \(cells[1]) is not a number")
            documented.insert(code)
            #expect(KeyMap.subtype(for: code, pressed: true) == subtype(cells[2]), "\(page): \(cells[0]) pressed")
            #expect(cells[2] == "–" || subtype(cells[2]) != nil, "\(page): \(cells[0]): \(cells[2]) is not a subtype")
            #expect(KeyMap.subtype(for: code, pressed: false) == subtype(cells[3]), "\(page): \(cells[0]) released")
            #expect(cells[3] == "–" || subtype(cells[3]) != nil, "\(page): \(cells[0]): \(cells[3]) is not a subtype")
            if let header {
                let definition = "#define \(cells[0])[ \t]+\(code)\\b"
                #expect(header.range(of: definition, options: .regularExpression) != nil, "\(page): \(cells[0]) is not \(code) in linux/input-event-codes.h")
            }
        }
        #expect(documented == Set(KeyMap.mediaKeyCodes), "\(page)'s key table lists \(documented.sorted()), KeyMap knows \(KeyMap.mediaKeyCodes.sorted())")
    }

    @Test("headset-like devices: Bluetooth, jacks, and names with Headset or (AVRCP)")
    func classification() {
        #expect(DeviceIdentity(name: "WH-1000XM4 (AVRCP)").isHeadsetLike)
        #expect(DeviceIdentity(name: "Jabra", bus: DeviceIdentity.busBluetooth).isHeadsetLike)
        #expect(DeviceIdentity(name: "HDA Intel PCH Headphone Mic").isHeadsetLike)
        #expect(DeviceIdentity(name: "sof-hda-dsp Headset Jack").isHeadsetLike)
        #expect(DeviceIdentity(name: "Logitech USB Headset", bus: DeviceIdentity.busUSB).isHeadsetLike)
        #expect(!DeviceIdentity(name: "AT Translated Set 2 keyboard").isHeadsetLike)
    }

    /// No /dev/input here: what can be checked is that nodes that are not evdev devices (a FIFO
    /// with no writer, a plain file, a folder) are passed over at once, and a missing folder is
    /// no device rather than an error.
    @Test("discovery passes over event* nodes that are not input devices, without blocking")
    func discoverySkipsNonDevices() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-input-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/event0", 0o600) == 0)
        #expect(FileManager.default.createFile(atPath: directory + "/event1", contents: Data(repeating: 0, count: 48)))
        try FileManager.default.createDirectory(atPath: directory + "/event2", withIntermediateDirectories: false)
        #expect(InputDiscovery.devices(in: directory).isEmpty)
        #expect(InputDiscovery.devices(in: directory + "/missing").isEmpty)
    }
}

@Suite("InputDeviceReader on a FIFO")
@MainActor
struct InputDeviceReaderTests {
    /// Collects key edges and lets the test wait for them.
    @MainActor
    final class Edges {
        var seen: [(UInt16, Bool)] = []
        private let changes = ChangeWaiter()

        func add(_ code: UInt16, _ pressed: Bool) {
            seen.append((code, pressed))
            changes.wake()
        }

        /// Returns once `count` edges were seen, or after the hang guard (the test then fails
        /// on what it checks next).
        func wait(for count: Int) async {
            _ = await changes.until { seen.count >= count }
        }
    }

    @Test("reads records from any path, and keeps reading across writers")
    func readsAcrossWriters() async throws {
        let fifo = try EvdevFIFO()
        defer { fifo.remove() }
        let reader = InputDeviceReader(path: fifo.path, identity: DeviceIdentity(name: "Test Headset"))
        let edges = Edges()
        reader.listeners.add { if case .key(let code, let pressed, _) = $0 { edges.add(code, pressed) } }
        reader.start()
        defer { reader.stop() }
        #expect(reader.isOpen)
        #expect(reader.identity.name == "Test Headset")
        try fifo.key(226, pressed: true)
        try fifo.key(226, pressed: false)
        await edges.wait(for: 2)
        try fifo.key(163, pressed: true)  // a second writer, after the first closed
        await edges.wait(for: 3)
        #expect(edges.seen.map(\.0) == [226, 226, 163])
        #expect(edges.seen.map(\.1) == [true, false, true])
    }

    @Test("after SYN_DROPPED the reader asks the device (here an injected answer for the FIFO) and reports a key released and a jack pulled in the drop")
    func resyncAsksTheDevice() async throws {
        let fifo = try EvdevFIFO()
        defer { fifo.remove() }
        let reader = InputDeviceReader(path: fifo.path)
        var asked: [Int32] = []
        reader.stateQuery = { fd in
            asked.append(fd)
            // At open: the headphones are in. After the drop: nothing is down or in.
            return asked.count == 1 ? InputDeviceState(keys: [], switches: [2]) : InputDeviceState(keys: [], switches: [])
        }
        let edges = Edges()
        var switches: [(UInt16, Bool)] = []
        reader.listeners.add { event in
            switch event {
            case .key(let code, let pressed, _): edges.add(code, pressed)
            case .switch(let code, let on):
                switches.append((code, on))
                edges.add(code, on)
            default: break
            }
        }
        reader.start()
        defer { reader.stop() }
        try #require(reader.isOpen)
        try fifo.write([.key(226, pressed: true), .report])
        await edges.wait(for: 1)
        // The release and the unplug are lost in the drop; a key pressed after it, in the same
        // read, marks the end.
        try fifo.write([
            InputEvent(type: InputEvent.synchronization, code: InputEvent.synDropped, value: 0), .key(226, pressed: false), .switchChange(2, on: false),
            .report, .key(163, pressed: true), .report,
        ])
        await edges.wait(for: 3)
        #expect(asked.count == 2)
        #expect(edges.seen.map(\.0) == [226, 226, 2, 163])
        #expect(edges.seen.map(\.1) == [true, false, false, true])
        #expect(switches.map(\.0) == [2])
    }

    @Test("on a FIFO the device's own answer (the ioctls) fails, ENOTTY: held keys are released, switches stay")
    func resyncOnFIFO() async throws {
        let fifo = try EvdevFIFO()
        defer { fifo.remove() }
        let reader = InputDeviceReader(path: fifo.path)
        let edges = Edges()
        reader.listeners.add { event in
            switch event {
            case .key(let code, let pressed, _), .switch(let code, let pressed): edges.add(code, pressed)
            default: break
            }
        }
        reader.start()
        defer { reader.stop() }
        try fifo.write([.switchChange(2, on: true), .key(226, pressed: true), .report])
        await edges.wait(for: 2)
        try fifo.write([InputEvent(type: InputEvent.synchronization, code: InputEvent.synDropped, value: 0), .report, .key(163, pressed: true), .report])
        await edges.wait(for: 4)
        #expect(edges.seen.map(\.0) == [2, 226, 226, 163])
        #expect(edges.seen.map(\.1) == [true, true, false, true])
    }

    @Test("a device that is missing is opened when it appears")
    func opensWhenItAppears() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-late-\(UUID().uuidString)").path
        let reader = InputDeviceReader(path: path)
        var statuses: [String] = []
        let edges = Edges()
        reader.listeners.add { event in
            if case .status(let line) = event { statuses.append(line) }
            if case .key(let code, let pressed, _) = event { edges.add(code, pressed) }
        }
        reader.start()
        defer { reader.stop() }
        #expect(!reader.isOpen)
        let fifo = try EvdevFIFO(path: path)
        defer { fifo.remove() }
        // inotify reports the new node; then the reader opens it, and says so.
        #expect(await until(wokenBy: reader.listeners) { reader.isOpen })
        try #require(reader.isOpen, "the reader did not open the FIFO once it appeared")
        try fifo.key(164, pressed: true)
        await edges.wait(for: 1)
        #expect(edges.seen.first?.0 == 164)
        #expect(statuses.contains { $0.contains("is back") })
    }
}

@Suite("InputDeviceReader: a device that vanishes and returns")
@MainActor
struct VanishingDeviceTests {
    @Test("a node replaced under the same path is opened afresh, and read")
    func vanishAndReturn() async throws {
        let fifo = try EvdevFIFO()
        defer { fifo.remove() }
        let reader = InputDeviceReader(path: fifo.path)
        var statuses: [String] = []
        let edges = InputDeviceReaderTests.Edges()
        reader.listeners.add { event in
            if case .status(let line) = event { statuses.append(line) }
            if case .key(let code, let pressed, _) = event { edges.add(code, pressed) }
        }
        reader.start()
        defer { reader.stop() }
        try fifo.key(226, pressed: true)
        await edges.wait(for: 1)
        // Unplugged: the node disappears, and a new one appears under the same path.
        fifo.remove()
        let again = try EvdevFIFO(path: fifo.path)
        #expect(await until(wokenBy: reader.listeners) { statuses.contains { $0.contains("is back") } })
        #expect(statuses.contains { $0.contains("went away") })
        try #require(statuses.contains { $0.contains("is back") })
        try again.key(163, pressed: true)
        await edges.wait(for: 2)
        #expect(edges.seen.map(\.0) == [226, 163])
    }
}
