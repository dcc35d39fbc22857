// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeGestures
import RemoteBridgeDBus
import Foundation
@testable import RemoteBridgeHeadsetDaemon
import RemoteBridgeListeners
import Logging
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgeCore
import Testing

/// headsetd in-process on a virtual clock, reading a FIFO, in front of an in-memory MPRIS player.
@MainActor
final class HeadsetFixture {
    let bus: PrivateBus
    let clock = VirtualClock()
    let fifo: EvdevFIFO
    let served: ServedPlayer
    let handler: HeadsetHandler
    let client: DBusConnection
    /// headsetd's log, every level (shown when a wait runs into its guard; on stderr too with
    /// HEADSET_DEBUG set).
    let log = LogRecorder()
    private let edgeCount = Tally()
    private let switchCount = Tally()
    /// Key edges read so far.
    var edges: Int { edgeCount.count }
    /// Switch edges read so far.
    var switches: Int { switchCount.count }
    /// Every call headsetd made to a player, once answered: the player, the subtype, success.
    /// `answered` lists the subtypes alone.
    private(set) var answers: [(String, RemoteControlSubtype, Bool)] = []
    var answered: [RemoteControlSubtype] { answers.map(\.1) }

    /// `headset` holds extra lines of the `[headset]` section. Without `systemBus`, Bluetooth is
    /// off, so no test ever talks to the machine's own system bus. Without `logger`, its lines go
    /// to `log`. Gestures are timed on `clock`, unless a test about real time gives `gestureClock`.
    init(
        headset: String = "", systemBus: String? = nil, fifoPath: String? = nil, logger: Logger? = nil,
        gestureClock: (any GestureClock)? = nil, configure: (inout HeadsetHandler.Options) -> Void = { _ in }
    ) async throws {
        bus = try PrivateBus()
        fifo = try EvdevFIFO(path: fifoPath)
        served = try await ServedPlayer(address: bus.address, name: "test")
        let config = fifo.path + ".toml"
        let text = "[headset]\n" + (systemBus == nil ? "bluetooth = false\n" : "") + headset
        _ = FileManager.default.createFile(atPath: config, contents: Data(text.utf8))
        var options = HeadsetHandler.Options()
        options.busAddress = bus.address
        options.systemBusAddress = systemBus
        options.devices = [fifo.path]
        options.configPath = config
        configure(&options)
        handler = try await HeadsetHandler(options: options, logger: logger ?? log.logger, clock: gestureClock ?? clock)
        // The test player answers from this process's main actor, which other suites keep busy
        // at times: a press is not dropped for a slow answer unless a test is about that (and
        // sets its own timeout, as FrozenPlayerTests does).
        handler.output.pressTimeout = .seconds(30)
        client = try await DBusConnection.connect(to: bus.address)
        handler.listeners.add { [weak self, edgeCount, switchCount] event in
            switch event {
            case .input: edgeCount.add()
            case .switch: switchCount.add()
            case .delivered(let player, let event, let succeeded): self?.answers.append((player, event.subtype, succeeded))
            default: break
            }
        }
    }

    /// Waits until `count` switch edges have been read in all.
    func waitForSwitches(_ count: Int) async { await switchCount.wait(for: count) }

    deinit {
        fifo.remove()
        unlink(fifo.path + ".toml")
        bus.stop()
    }

    /// Round trips until headsetd's view of the test player's status is the player's own.
    func settleStatus(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await settle(until: { handler.tracker.players[served.busName]?.status == player.playbackStatus }, sourceLocation: sourceLocation)
    }

    /// Writes a key press and release, and waits until both were read.
    func press(_ code: UInt16) async throws {
        try fifo.key(code, pressed: true)
        try fifo.key(code, pressed: false)
        await waitForEdges(edges + 2)
    }

    var player: InMemoryPlayer { served.player }

    /// Waits until `count` key edges have been read in all.
    func waitForEdges(_ count: Int) async { await edgeCount.wait(for: count) }

    /// Waits until `condition` holds, checking it at each event headsetd, its tracker, the test
    /// player, the virtual clock and (when on) the Bluetooth bridge announce.
    /// A wait that runs into its hang guard records an issue with headsetd's last log lines
    /// (debug level, unless the test gave its own logger): what it was doing instead.
    func settle(until condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let bluetooth = handler.bluetooth?.listeners ?? Listeners()
        let held = await until(wokenBy: handler.listeners, handler.tracker.listeners, served.player.listeners, clock.listeners, bluetooth) {
            condition()
        }
        if !held {
            let recent = log.lines.suffix(40).map { "\($0.level) \($0.text)" }.joined(separator: "\n")
            Issue.record("waited in vain; headsetd's last lines:\n\(recent)", sourceLocation: sourceLocation)
        }
    }

    /// Calls `method` of headsetd's Headset1.
    func call(_ method: DBusMethodDeclaration, _ arguments: [DBusValue]) async throws(DBusError) {
        _ = try await client.call(Headset1Interface.busName, Headset1Interface.objectPath, method, arguments)
    }
}

/// A count that a test can wait for.
@MainActor
final class Tally {
    private(set) var count = 0
    private let changes = ChangeWaiter()

    func add() {
        count += 1
        changes.wake()
    }

    /// Returns once `count` reaches `target`, or records an issue once the hang guard passes
    /// (the test then fails on what it checks next, instead of hanging).
    func wait(for target: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        if await !changes.until({ count >= target }) {
            Issue.record("waited in vain for \(target) (counted \(count))", sourceLocation: sourceLocation)
        }
    }
}

@Suite("headsetd")
@MainActor
struct RemoteBridgeHeadsetDaemonTests {
    @Test("a click read from the device plays the now-playing player, once the double-click window passes")
    func clickFromDevice() async throws {
        let f = try await HeadsetFixture()
        try await f.settle { f.handler.tracker.target != nil }
        #expect(f.handler.tracker.target == "org.mpris.MediaPlayer2.test")
        let recognized = try await SignalRecorder.start(on: f.client, MatchRule(signal: Headset1Interface.gestureRecognized))
        try f.fifo.key(226, pressed: true)
        f.clock.advance(by: .milliseconds(80))
        try f.fifo.key(226, pressed: false)
        await f.waitForEdges(2)
        #expect(f.player.playbackStatus == .stopped)
        f.clock.advance(by: .milliseconds(300))
        try await f.settle { f.player.playbackStatus == .playing }
        #expect(f.player.playbackStatus == .playing)
        try #require(await recognized.waitFor(count: 1))
        #expect(recognized.messages[0].body == [.string("click"), .string("toggle-play-pause"), .string("org.mpris.MediaPlayer2.test")])
    }

    @Test("other media keys go through the key map at once")
    func otherKeys() async throws {
        let f = try await HeadsetFixture()
        try await f.settle { f.handler.tracker.target != nil }
        try f.fifo.key(163, pressed: true)  // KEY_NEXTSONG
        try f.fifo.key(163, pressed: false)
        await f.waitForEdges(2)
        try await f.settle { f.player.currentIndex == 1 }
        #expect(f.player.currentIndex == 1)
    }

    @Test("Click(2, 0) makes a double-click on the server side; Click(2, 1) a double-click-and-hold")
    func clickMethod() async throws {
        let f = try await HeadsetFixture()
        try await f.settle { f.handler.tracker.target != nil }
        try await f.call(Headset1Interface.click, [.uint32(2), .double(0)])
        f.clock.advance(by: .seconds(2))
        try await f.settle { f.player.currentIndex == 1 }
        #expect(f.player.currentIndex == 1)
        let delivered = try await SignalRecorder.start(on: f.client, MatchRule(signal: RemoteControl1Interface.eventDelivered))
        try await f.call(Headset1Interface.click, [.uint32(2), .double(1)])
        f.clock.advance(by: .seconds(3))
        // The double-click's own EventDelivered may still be in flight when the recorder starts.
        func seeking() -> [DBusValue] { delivered.messages.map { $0.body[0] }.filter { $0 != .string("next-track") } }
        _ = await delivered.until { seeking().count >= 2 }
        #expect(seeking() == [.string("begin-seeking-forward"), .string("end-seeking-forward")])
    }

    @Test("Press and Release inject edges; bad buttons and patterns get InvalidArgs")
    func pressAndErrors() async throws {
        let f = try await HeadsetFixture()
        try await f.settle { f.handler.tracker.target != nil }
        try await f.call(Headset1Interface.press, [.string("KEY_STOPCD")])
        try await f.call(Headset1Interface.release, [.string("KEY_STOPCD")])
        f.player.play()
        try await f.call(Headset1Interface.press, [.string("166")])
        try await f.settle { f.player.playbackStatus == .stopped }
        #expect(f.player.playbackStatus == .stopped)
        for (member, arguments) in [
            ("Press", [DBusValue.string("KEY_A")]), ("Release", [.string("")]), ("Click", [.uint32(0), .double(0)]),
            ("Click", [.uint32(2), .double(-1)]), ("Click", [.uint32(2), .double(.nan)]), ("Click", [.int32(2), .double(0)]),
        ] {
            do throws(DBusError) {
                try await f.call(.asSent(Headset1Interface.name, member, arguments), arguments)
                Issue.record("\(member)\(arguments) was accepted")
            } catch {
                #expect(error.name == "org.freedesktop.DBus.Error.InvalidArgs")
            }
        }
    }

    @Test("Target, Devices and Gestures")
    func properties() async throws {
        let f = try await HeadsetFixture()
        try await f.settle { f.handler.tracker.target != nil }
        let all = try await f.client.getAllProperties(Headset1Interface.busName, Headset1Interface.objectPath, Headset1Interface.declaration)
        #expect(all["Target"] == .string("org.mpris.MediaPlayer2.test"))
        #expect(all["Devices"] == .strings([f.fifo.path]))
        let gestures = all["Gestures"].flatMap { value -> [String: String]? in
            guard case .dictionary(_, _, let entries) = value else { return nil }
            return Dictionary(uniqueKeysWithValues: entries.map { ($0.key.stringValue ?? "", $0.value.stringValue ?? "") })
        }
        #expect(gestures == [
            "click": "toggle-play-pause", "double-click": "next-track", "triple-click": "previous-track",
            "double-click-and-hold": "begin-seeking-forward", "triple-click-and-hold": "begin-seeking-backward",
        ])
    }
}

