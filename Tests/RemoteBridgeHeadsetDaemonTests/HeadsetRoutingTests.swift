// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeGestures
import RemoteBridgeDBus
import Foundation
import RemoteBridgeHeadsetDaemon
import Logging
import RemoteBridgeEvdev
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgeCore
import RemoteBridgePlayerDaemon
import Testing

@Suite("headsetd routing and keys")
@MainActor
struct HeadsetRoutingTests {
    @Test("every key of the map, fed through the FIFO, has its effect on the player")
    func everyKey() async throws {
        let f = try await HeadsetFixture()
        try await f.settle { f.handler.tracker.target != nil }
        var delivered: [String] = []
        let recorder = try await SignalRecorder.start(on: f.client, MatchRule(signal: RemoteControl1Interface.eventDelivered))
        let keys: [(UInt16, String)] = [
            (200, "play"), (207, "play"), (201, "pause"), (166, "stop"), (163, "next-track"), (165, "previous-track"),
            (208, "begin-seeking-forward"), (168, "begin-seeking-backward"),
        ]
        // One key at a time, as hands press them: KEY_PLAYCD and KEY_PAUSECD read the player's
        // state, so each waits for the previous key's effect to be announced.
        var expected = 0
        for (code, _) in keys {
            try f.fifo.key(code, pressed: true)
            try f.fifo.key(code, pressed: false)
            expected += code == 208 || code == 168 ? 2 : 1
            #expect(await recorder.waitFor(count: expected))
            try await f.settle { f.handler.tracker.players[f.served.busName]?.status == f.player.playbackStatus }
        }
        delivered = recorder.messages.map { $0.body[0].stringValue ?? "" }
        #expect(delivered == [
            "play", "play", "pause", "stop", "next-track", "previous-track",
            "begin-seeking-forward", "end-seeking-forward", "begin-seeking-backward", "end-seeking-backward",
        ])
        #expect(recorder.messages.allSatisfy { $0.body[1] == .string("mpris") || $0.body[1] == .string("test") })
    }

    @Test("with two players, the one that most recently started playing gets the clicks, and keeps them while paused")
    func routing() async throws {
        let f = try await HeadsetFixture()
        let second = try await ServedPlayer(address: f.bus.address, name: "second")
        try await f.settle { f.handler.tracker.players.count == 2 }
        second.player.play()  // the newest to start playing
        try await f.settle { f.handler.tracker.target == "org.mpris.MediaPlayer2.second" }
        second.player.pause()  // paused, but still the last to have played
        try await f.settle { second.player.playbackStatus == .paused }
        try await f.call(Headset1Interface.click, [.uint32(2), .double(0)])
        f.clock.advance(by: .seconds(2))
        try await f.settle { second.player.currentIndex == 1 }
        #expect(second.player.currentIndex == 1)
        #expect(f.player.currentIndex == 0)
        f.player.play()  // now the first player started most recently
        try await f.settle { f.handler.tracker.target == "org.mpris.MediaPlayer2.test" }
        try await f.call(Headset1Interface.click, [.uint32(2), .double(0)])
        f.clock.advance(by: .seconds(2))
        try await f.settle { f.player.currentIndex == 1 }
        #expect(f.player.currentIndex == 1)
        #expect(second.player.currentIndex == 1)
    }
}

@Suite("headsetd scanning on a plain MPRIS player")
@MainActor
struct HeadsetScanTests {
    /// A player without RemoteControl1 gets a Seek of +1.25 s every 250 ms of the gesture clock
    /// while the button is held (5× real time, 6× with playback), and none after the release.
    @Test("a held button scans a plain MPRIS player with repeated Seeks, at least 4× real time, until released")
    func heldScan() async throws {
        let f = try await HeadsetFixture()
        let plain = try await ServedPlayer(address: f.bus.address, name: "plain", remoteControl: false)
        plain.player.play()
        try await f.settle { f.handler.tracker.target == "org.mpris.MediaPlayer2.plain" }
        func settle(until condition: () -> Bool) async throws {
            #expect(await until(wokenBy: f.handler.listeners, plain.player.listeners, f.clock.listeners) { condition() })
        }
        let idle = f.clock.pendingDeadlineCount
        // A click, then a press held: double-click-and-hold, begin-seeking-forward.
        try await f.call(Headset1Interface.press, [.string("headset")])
        f.clock.advance(by: .milliseconds(60))
        try await f.call(Headset1Interface.release, [.string("headset")])
        f.clock.advance(by: .milliseconds(100))
        try await f.call(Headset1Interface.press, [.string("headset")])
        f.clock.advance(by: .milliseconds(500))
        // Each Seek lands, then the scan sleeps on the gesture clock; only then is time moved on.
        try await settle { plain.player.position == .milliseconds(1250) && f.clock.pendingDeadlineCount > idle }
        #expect(plain.player.position == .milliseconds(1250))
        let held = Duration.seconds(2)
        for step in 1...8 {
            f.clock.advance(by: SeekScan.period)
            try await settle { plain.player.position == SeekScan.step * (step + 1) && f.clock.pendingDeadlineCount > idle }
        }
        #expect(plain.player.position == SeekScan.step * 9)
        #expect(plain.player.position >= held * 4)
        try await f.call(Headset1Interface.release, [.string("headset")])
        try await settle { f.clock.pendingDeadlineCount == idle }
        f.clock.advance(by: .seconds(5))
        // No scan sleep is left on the clock (a live scan would set one again), so nothing can
        // send a Seek any more; one round trip on headsetd's connection lands any it sent (no
        // wait for a limit).
        #expect(f.clock.pendingDeadlineCount == idle)
        try await f.handler.connection.barrier(with: plain.connection.uniqueName)
        #expect(plain.player.position == SeekScan.step * 9, "no Seek after the release")
    }
}

@Suite("headsetd: a scan's end")
@MainActor
struct HeadsetScanEndTests {
    @Test("the end of a scan goes to the player it began on, even if another became the target meanwhile")
    func endFollowsBegin() async throws {
        let f = try await HeadsetFixture()
        let second = try await ServedPlayer(address: f.bus.address, name: "second")
        f.player.play()
        try await f.settle { f.handler.tracker.target == "org.mpris.MediaPlayer2.test" }
        let delivered = try await SignalRecorder.start(on: f.client, MatchRule(signal: RemoteControl1Interface.eventDelivered))
        // Double-click-and-hold: begin-seeking-forward, to the first player.
        try await f.call(Headset1Interface.press, [.string("headset")])
        try await f.call(Headset1Interface.release, [.string("headset")])
        try await f.call(Headset1Interface.press, [.string("headset")])
        f.clock.advance(by: .milliseconds(600))
        #expect(await delivered.waitFor(count: 1))
        // While the button is held, the second player starts playing and becomes the target.
        second.player.play()
        try await f.settle { f.handler.tracker.target == "org.mpris.MediaPlayer2.second" }
        try await f.call(Headset1Interface.release, [.string("headset")])
        #expect(await delivered.waitFor(count: 2))
        let senders = delivered.messages.map(\.sender)
        #expect(delivered.messages.map { $0.body[0] } == [.string("begin-seeking-forward"), .string("end-seeking-forward")])
        #expect(senders == [f.served.connection.uniqueName, f.served.connection.uniqueName], "both went to the first player")
    }
}

@Suite("headsetd and dropped input")
@MainActor
struct HeadsetDroppedInputTests {
    /// The kernel dropped events (SYN_DROPPED) and the release with them: the scan must end,
    /// not run on until the next press.
    @Test("a held button whose release is lost in a SYN_DROPPED ends its scan once the reader resyncs")
    func releaseLostInDrop() async throws {
        let f = try await HeadsetFixture()
        try await f.settle { f.handler.tracker.target != nil }
        let delivered = try await SignalRecorder.start(on: f.client, MatchRule(signal: RemoteControl1Interface.eventDelivered))
        // Click, then press and hold: double-click-and-hold, begin-seeking-forward.
        try f.fifo.key(226, pressed: true)
        try f.fifo.key(226, pressed: false)
        try f.fifo.key(226, pressed: true)
        await f.waitForEdges(3)
        f.clock.advance(by: .milliseconds(600))
        #expect(await delivered.waitFor(count: 1))
        #expect(delivered.messages.map { $0.body[0] } == [.string("begin-seeking-forward")])
        // The release is lost in a drop; the FIFO cannot be asked for its key state.
        try f.fifo.write([InputEvent(type: InputEvent.synchronization, code: InputEvent.synDropped, value: 0), .key(226, pressed: false), .report])
        #expect(await delivered.waitFor(count: 2))
        #expect(delivered.messages.map { $0.body[0] } == [.string("begin-seeking-forward"), .string("end-seeking-forward")])
    }
}

/// FIFO → headsetd → remote-playerd with real mpv; the button's timing on a virtual clock.
@Suite("headsetd end to end", .serialized)
@MainActor
struct HeadsetEndToEndTests {
    @Test("a double-click on the FIFO moves remote-playerd (real mpv) to the next track")
    func wallClock() async throws {
        let bus = try PrivateBus()
        let media = try await TestMedia.make(count: 3)
        let fifo = try EvdevFIFO()
        defer {
            fifo.remove()
            bus.stop()
            media.remove()
        }
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        var playerOptions = RemotePlayerDaemon.Options()
        playerOptions.busAddress = bus.address
        playerOptions.audioOutput = "null"
        playerOptions.noState = true
        playerOptions.configPath = media.directory.path + "/empty.toml"
        _ = FileManager.default.createFile(atPath: playerOptions.configPath!, contents: Data())
        playerOptions.items = media.tones.map(\.path)
        let daemon = try await RemotePlayerDaemon(options: playerOptions, logger: logger)
        defer { daemon.shutdown() }
        var headsetOptions = HeadsetHandler.Options()
        headsetOptions.busAddress = bus.address
        headsetOptions.devices = [fifo.path]
        headsetOptions.configPath = playerOptions.configPath
        let clock = VirtualClock()
        let headset = try await HeadsetHandler(options: headsetOptions, logger: logger, clock: clock)
        defer { headset.shutdown() }
        // Each edge read from the FIFO is handled at the clock's time; the test moves the clock
        // only once the edge is in, so the timing is exactly what it writes.
        var edges = 0
        let edgeRead = ChangeWaiter()
        headset.listeners.add { event in
            guard case .input = event else { return }
            edges += 1
            edgeRead.wake()
        }
        func edge(_ pressed: Bool, then pause: Duration) async throws {
            try fifo.key(226, pressed: pressed)
            let wanted = edges + 1
            try #require(await edgeRead.until { edges >= wanted })
            clock.advance(by: pause)
        }
        let recognized = try await SignalRecorder.start(
            on: headset.connection, MatchRule(signal: Headset1Interface.gestureRecognized))
        #expect(await until(wokenBy: headset.tracker.listeners) { headset.tracker.target != nil })
        daemon.player.play()
        // Double-click: two 60 ms presses 120 ms apart, then the 300 ms click window runs out.
        try await edge(true, then: .milliseconds(60))
        try await edge(false, then: .milliseconds(120))
        try await edge(true, then: .milliseconds(60))
        try await edge(false, then: .milliseconds(400))
        #expect(await recognized.waitFor(count: 1))
        #expect(recognized.messages.first?.body.prefix(2) == [.string("double-click"), .string("next-track")])
        #expect(await until(wokenBy: daemon.player.listeners) { daemon.player.currentIndex == 1 })
        #expect(daemon.player.currentIndex == 1)
    }
}
