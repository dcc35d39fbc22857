// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
@testable import RemoteBridgeHeadsetDaemon
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// A phone connected over Bluetooth, its own player on the session bus by BlueZ's real
/// `mpris-proxy` (what users report takes their headset's button): headsetd sends it a press
/// only while the user plays on it.
@Suite(
    "headsetd and a Bluetooth device's own player (the real mpris-proxy)",
    .enabled(if: MPRISProxyBed.isInstalled, "mpris-proxy is not installed: apt-get install bluez (make deps installs it)"))
@MainActor
struct DevicePlayerPressTests {
    static let pixel = "/org/bluez/hci0/dev_00_11_22_33_44_55"

    /// Clicks once, and waits until headsetd has answered the click.
    private func click(_ f: HeadsetFixture) async throws {
        let answered = f.answers.count
        try await f.call(Headset1Interface.click, [.uint32(1), .double(0)])
        f.clock.advance(by: .seconds(2))
        try await f.settle { f.answers.count > answered }
    }

    @Test("a phone that connects, paused, takes no press: the click plays the desktop's player, and the phone gets no call")
    func connectingPhoneTakesNothing() async throws {
        let f = try await HeadsetFixture()
        let bed = try await MPRISProxyBed(sessionAddress: f.bus.address)
        try await f.settle { f.handler.tracker.target == f.served.busName }
        let phone = try await bed.addDevicePlayer(device: Self.pixel, alias: "Pixel 7", name: "Music", status: "paused", title: "Song")
        try await f.settle { f.handler.tracker.players[phone.busName]?.hasTrack == true }
        #expect(f.handler.tracker.players[phone.busName]?.isDevicePlayer == true)
        // Before: the phone's player, the newest, was the target.
        #expect(f.handler.tracker.target == f.served.busName)
        try await click(f)
        #expect(f.answers.last?.0 == f.served.busName)
        try await f.settle { f.player.playbackStatus == .playing }
        #expect(bed.calls("Play", to: phone) == 0 && bed.calls("Pause", to: phone) == 0)
    }

    @Test("the user plays on the phone: the click pauses the phone; once it is paused, the next click goes to the desktop's player again")
    func playingOnThePhone() async throws {
        let f = try await HeadsetFixture()
        let bed = try await MPRISProxyBed(sessionAddress: f.bus.address)
        let phone = try await bed.addDevicePlayer(device: Self.pixel, alias: "Pixel 7", name: "Music", status: "paused", title: "Song")
        try await f.settle { f.handler.tracker.players[phone.busName]?.hasTrack == true }
        try await bed.setStatus("playing", of: phone)
        try await f.settle { f.handler.tracker.target == phone.busName }
        #expect(f.handler.tracker.targetReason == "it is playing (a Bluetooth device's own player, from mpris-proxy)")
        try await click(f)
        #expect(f.answers.last?.0 == phone.busName)
        // mpris-proxy makes PlayPause a Pause while the phone plays.
        #expect(await bed.waitForCalls("Pause", to: phone))
        try await bed.setStatus("paused", of: phone)
        try await f.settle { f.handler.tracker.target == f.served.busName }
        try await click(f)
        #expect(f.answers.last?.0 == f.served.busName)
        #expect(bed.calls("Play", to: phone) == 0)
    }

    @Test("a phone playing with no track data (mpris-proxy then gives no Metadata) takes the press too, and gives it back once paused")
    func playingWithoutTrack() async throws {
        let f = try await HeadsetFixture()
        let bed = try await MPRISProxyBed(sessionAddress: f.bus.address)
        let phone = try await bed.addDevicePlayer(device: Self.pixel, alias: "Pixel 7", name: "Music", status: "paused")
        try await f.settle { f.handler.tracker.players[phone.busName]?.isDevicePlayer == true }
        try await bed.setStatus("playing", of: phone)
        try await f.settle { f.handler.tracker.target == phone.busName }
        #expect(f.handler.tracker.players[phone.busName]?.hasTrack == false)
        try await click(f)
        #expect(f.answers.last?.0 == phone.busName)
        #expect(await bed.waitForCalls("Pause", to: phone))
        try await bed.setStatus("paused", of: phone)
        try await f.settle { f.handler.tracker.target == f.served.busName }
    }

    @Test("with only the phone's player on the bus, paused: no target, Headset1 says why, and a click resumes remote-playerd's saved queue rather than the phone")
    func onlyThePhone() async throws {
        let f = try await ResumeFixture(saved: ResumeFixture.threeTones)
        defer { Task { await f.stop() } }
        let bed = try await MPRISProxyBed(sessionAddress: f.bus.address)
        let phone = try await bed.addDevicePlayer(device: Self.pixel, alias: "Pixel 7", name: "Music", status: "paused", title: "Song")
        #expect(await until(wokenBy: f.handler.tracker.listeners) { f.handler.tracker.players[phone.busName]?.hasTrack == true })
        #expect(f.handler.tracker.target == nil)
        let reason = try await f.client.getProperty(Headset1Interface.busName, Headset1Interface.objectPath, Headset1Interface.targetReason)
        #expect(reason.stringValue == "the only player is a Bluetooth device's own (Pixel_7_Music, from mpris-proxy), and a device's player takes presses only while it plays")
        _ = try await f.client.call(Headset1Interface.busName, Headset1Interface.objectPath, Headset1Interface.click, [.uint32(1), .double(0)])
        f.clock.advance(by: .seconds(1))
        #expect(await f.waitForOutcomes(1))
        #expect(try await f.waitUntilPlaying())
        #expect(bed.calls("Play", to: phone) == 0 && bed.calls("Pause", to: phone) == 0)
    }
}
