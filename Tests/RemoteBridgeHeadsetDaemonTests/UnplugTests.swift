// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import RemoteBridgeHeadsetDaemon
import RemoteBridgeEvdev
import RemoteBridgeConfiguration
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

@Suite("headsetd: unplugging headphones pauses")
@MainActor
struct UnplugTests {
    static let headphoneInsert: UInt16 = 2

    func jack(_ f: HeadsetFixture, _ code: UInt16 = headphoneInsert, on: Bool) async throws {
        let before = f.switches
        try f.fifo.write([.switchChange(code, on: on), .report])
        await f.waitForSwitches(before + 1)
    }

    @Test("EV_SW headphone 2 → 0 while playing gives Paused; → 1 leaves it Paused", arguments: [UInt16(2), 6, 7])
    func jackSwitch(code: UInt16) async throws {
        let f = try await HeadsetFixture()
        try await f.settle { f.handler.tracker.target != nil }
        f.player.play()
        try await f.settleStatus()
        try await jack(f, code, on: false)
        try await f.settle { f.player.playbackStatus == .paused }
        #expect(f.player.playbackStatus == .paused)
        try await f.settleStatus()
        try await jack(f, code, on: true)
        // A key after it: once it is handled, the plug has been too.
        try await f.press(KeyMap.keyNextSong)
        try await f.settle { f.player.currentIndex == 1 }
        #expect(f.player.currentIndex == 1)
        #expect(f.player.playbackStatus == .paused)
    }

    @Test("a jack pulled while the kernel dropped events (SYN_DROPPED) pauses: the reader reads the switches again")
    func unplugLostInDrop() async throws {
        let f = try await HeadsetFixture()
        try await f.settle { f.handler.tracker.target != nil }
        f.player.play()
        try await f.settleStatus()
        try await jack(f, on: true)
        // The FIFO cannot answer EVIOCGSW; the device would say the jack is out now.
        let reader = try #require(f.handler.readers.first)
        reader.stateQuery = { _ in InputDeviceState(keys: [], switches: []) }
        let before = f.switches
        try f.fifo.write([InputEvent(type: InputEvent.synchronization, code: InputEvent.synDropped, value: 0), .switchChange(Self.headphoneInsert, on: false), .report])
        // A key after it: once it is read, the drop has been too.
        try await f.press(KeyMap.keyNextSong)
        #expect(f.switches == before + 1)
        try await f.settle { f.player.playbackStatus == .paused && f.player.currentIndex == 1 }
        #expect(f.player.playbackStatus == .paused)
    }

    @Test("an unplug while paused does nothing, and a later plug does not start playback")
    func unplugWhilePaused() async throws {
        let f = try await HeadsetFixture(headset: "resume-on-reconnect = true\n")
        try await f.settle { f.handler.tracker.target != nil }
        f.player.play()
        f.player.pause()
        try await f.settleStatus()
        try await jack(f, on: false)
        try await jack(f, on: true)
        try await f.press(KeyMap.keyNextSong)
        try await f.settle { f.player.currentIndex == 1 }
        #expect(f.player.playbackStatus == .paused)
    }

    @Test("resume-on-reconnect resumes what the unplug paused, within resume-within, and not after")
    func resumeOnReconnect() async throws {
        let f = try await HeadsetFixture(headset: "resume-on-reconnect = true\nresume-within = 10\n")
        try await f.settle { f.handler.tracker.target != nil }
        f.player.play()
        try await f.settleStatus()
        try await jack(f, on: false)
        try await f.settle { f.player.playbackStatus == .paused }
        try await f.settleStatus()
        f.clock.advance(by: .seconds(9))
        try await jack(f, on: true)
        try await f.settle { f.player.playbackStatus == .playing }
        #expect(f.player.playbackStatus == .playing)
        try await f.settleStatus()
        // Too late: 11 s after the unplug, plugging in leaves it paused.
        try await jack(f, on: false)
        try await f.settle { f.player.playbackStatus == .paused }
        try await f.settleStatus()
        f.clock.advance(by: .seconds(11))
        try await jack(f, on: true)
        try await f.press(KeyMap.keyNextSong)
        try await f.settle { f.player.currentIndex == 1 }
        #expect(f.player.playbackStatus == .paused)
    }

    @Test("--resume-on-reconnect on the command line turns it on")
    func commandLineOption() async throws {
        let f = try await HeadsetFixture { $0.resumeOnReconnect = true }
        #expect(f.handler.configuration.resumeOnReconnect)
        #expect(f.handler.configuration.resumeWithin == .seconds(30))
    }

    @Test("a Bluetooth headset's AVRCP device vanishing pauses")
    func avrcpDeviceVanishes() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-\(UUID().uuidString) (AVRCP)").path
        let f = try await HeadsetFixture(fifoPath: path)
        try await f.settle { f.handler.tracker.target != nil }
        #expect(f.handler.readers.first?.identity.isBluetooth == true)
        f.player.play()
        try await f.settleStatus()
        f.fifo.remove()
        try await f.settle { f.player.playbackStatus == .paused }
        #expect(f.player.playbackStatus == .paused)
    }
}

@Suite("UnplugGuard")
struct UnplugGuardTests {
    let start = ContinuousClock.now

    @Test("pauses only a playing player; resumes only with the option, the same player, still paused, in time")
    func decisions() {
        var guardian = UnplugGuard(pauseOnUnplug: true, resumeOnReconnect: true, resumeWithin: .seconds(30))
        #expect(guardian.unplugged(target: "a", status: .paused, at: start) == .none)
        #expect(guardian.plugged(target: "a", status: .paused, at: start) == .none)
        #expect(guardian.unplugged(target: "a", status: .playing, at: start) == .pause("a"))
        #expect(guardian.plugged(target: "a", status: .paused, at: start + .seconds(30)) == .resume("a"))
        // Once only.
        #expect(guardian.plugged(target: "a", status: .paused, at: start + .seconds(31)) == .none)
        _ = guardian.unplugged(target: "a", status: .playing, at: start)
        #expect(guardian.plugged(target: "b", status: .paused, at: start) == .none)
        _ = guardian.unplugged(target: "a", status: .playing, at: start)
        #expect(guardian.plugged(target: "a", status: .playing, at: start) == .none)
        _ = guardian.unplugged(target: "a", status: .playing, at: start)
        #expect(guardian.plugged(target: "a", status: .paused, at: start + .seconds(31)) == .none)
        var noResume = UnplugGuard(pauseOnUnplug: true, resumeOnReconnect: false, resumeWithin: .seconds(30))
        #expect(noResume.unplugged(target: "a", status: .playing, at: start) == .pause("a"))
        #expect(noResume.plugged(target: "a", status: .paused, at: start) == .none)
        // From the settings: the window is the configuration's default unless set.
        var settings = HeadsetConfiguration()
        settings.pauseOnUnplug = false
        var off = UnplugGuard(settings)
        #expect(off.resumeWithin == HeadsetConfiguration().resumeWithin && !off.resumeOnReconnect)
        #expect(off.unplugged(target: "a", status: .playing, at: start) == .none)
        #expect(off.unplugged(target: nil, status: nil, at: start) == .none)
    }
}
