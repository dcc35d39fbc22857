// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeGestures
import Foundation
import RemoteBridgeHeadsetDaemon
import Logging
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgeCtl
import Testing

@Suite("remotectl and headsetd")
@MainActor
struct RemoteCtlHeadsetTests {
    @Test("click calls Headset1.Click; without headsetd it says so and exits 1")
    func click() async throws {
        let f = try await CtlFixture()
        let ctl = f.ctl()
        #expect(await ctl.click(count: 2, hold: 0) == 1)
        #expect(f.err.last?.contains("is it running?") == true)
        #expect(await ctl.click(count: 0, hold: 0) == 2)
        let clock = VirtualClock()
        var options = HeadsetHandler.Options()
        options.busAddress = f.bus.address
        options.configPath = NSTemporaryDirectory() + "remotebridge-none-\(getpid()).toml"
        _ = FileManager.default.createFile(atPath: options.configPath!, contents: Data())
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let headset = try await HeadsetHandler(options: options, logger: logger, clock: clock)
        defer { headset.shutdown() }
        #expect(await until(wokenBy: headset.tracker.listeners) { headset.tracker.target != nil })
        #expect(await ctl.click(count: 2, hold: 0) == 0)
        clock.advance(by: .seconds(2))
        let target = headset.tracker.target
        let player = target == f.ours.busName ? f.ours.player : f.other.player
        #expect(await until(wokenBy: player.listeners) { player.currentIndex == 1 })
        #expect(player.currentIndex == 1)
    }

    @Test("seek-forward --hold sends begin, then end after the hold (on a virtual clock)")
    func seekHold() async throws {
        let f = try await CtlFixture()
        let clock = VirtualClock()
        let recorder = try await SignalRecorder.start(on: f.connection, MatchRule(signal: RemoteControl1Interface.eventDelivered))
        var ctl = f.ctl(PlayerSelection(names: ["remotebridge"]))
        ctl.sleep = { try await clock.sleep(for: $0) }
        let scan = Task { await ctl.scan(forward: true, hold: .seconds(2)) }
        #expect(await recorder.waitFor(count: 1))
        #expect(await until(wokenBy: clock.listeners) { clock.pendingDeadlineCount > 0 })
        #expect(recorder.messages.map { $0.body[0] } == [.string("begin-seeking-forward")], "nothing ends before the hold does")
        clock.advance(by: .seconds(2))
        #expect(await scan.value == 0)
        #expect(await recorder.waitFor(count: 2))
        #expect(recorder.messages.map { $0.body[0] } == [.string("begin-seeking-forward"), .string("end-seeking-forward")])
    }

    @Test("seek-backward --hold on a plain MPRIS player: a Seek of -1.25 s every 250 ms for the hold, then none")
    func seekHoldOnPlainPlayer() async throws {
        let f = try await CtlFixture()
        let plain = try await ServedPlayer(address: f.bus.address, name: "plain", remoteControl: false)
        plain.player.play()
        plain.player.setPosition(.seconds(60))
        let clock = VirtualClock()
        var ctl = f.ctl(PlayerSelection(names: ["plain"]))
        ctl.sleep = { try await clock.sleep(for: $0) }
        // 1.1 s, so the hold does not end on the same instant as a Seek falls due.
        let scan = Task { await ctl.scan(forward: false, hold: .milliseconds(1100)) }
        // The hold's sleep and the scan's sleep after each landed Seek are both on the clock.
        for step in 1...5 {
            _ = await until(wokenBy: plain.player.listeners, clock.listeners) {
                plain.player.position == .seconds(60) - SeekScan.step * step && clock.pendingDeadlineCount == 2
            }
            #expect(plain.player.position == .seconds(60) - SeekScan.step * step)
            clock.advance(by: step < 5 ? SeekScan.period : .milliseconds(100))
        }
        #expect(await scan.value == 0)
        clock.advance(by: .seconds(5))
        // The scan has returned and no sleep is left on the clock, so nothing can send a Seek any
        // more; one round trip on remotectl's connection lands any it sent (no wait for a limit).
        #expect(clock.pendingDeadlineCount == 0)
        try await f.connection.barrier(with: plain.connection.uniqueName)
        #expect(plain.player.position == .milliseconds(53750), "Seeks at 0, 0.25, 0.5, 0.75 and 1 s of a 1.1 s hold, none after it")
        #expect(f.out.contains("plain: scanning with Seek, -1.25 s every 250 ms"))
    }
}
