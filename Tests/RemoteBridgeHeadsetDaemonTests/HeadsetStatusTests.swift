// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeHeadsetDaemon
import RemoteBridgeTesting
import Testing

@Suite("remotectl headset status")
@MainActor
struct HeadsetStatusTests {
    @Test("shows the devices read, the target and why, the gestures, and the unplug and Bluetooth settings")
    func status() async throws {
        let f = try await HeadsetFixture(headset: "resume-on-reconnect = true\nresume-within = 12\n")
        try await f.settle { f.handler.tracker.target != nil }
        f.player.play()
        try await f.settleStatus()
        let result = try await ExternalProcess.run(BuiltProduct.debug("remotectl"), ["--bus", f.bus.address, "headset", "status"])
        #expect(result.status == 0, "\(result.standardError)")
        let text = result.standardOutput
        #expect(text.contains("the next press goes to test because it is playing"), "\(text)")
        #expect(text.contains("  \(f.fifo.path)  \"\((f.fifo.path as NSString).lastPathComponent)\"  headset-like"), "\(text)")
        #expect(text.contains("  double-click → next-track"), "\(text)")
        #expect(text.contains("keys: KEY_PLAYCD/KEY_PAUSECD from a headset follow the player's state"), "\(text)")
        #expect(text.contains("unplug: pauses; plugging back in within 12 s resumes"), "\(text)")
        #expect(text.contains("no player: play or play/pause starts remote-playerd and resumes its queue if it was saved within 3 d"), "\(text)")
        #expect(text.contains("bluetooth: off in the configuration (bluetooth = false)"), "\(text)")

        f.handler.shutdown()
        let gone = try await ExternalProcess.run(BuiltProduct.debug("remotectl"), ["--bus", f.bus.address, "headset", "status"])
        #expect(gone.status == 1)
        #expect(gone.standardError.contains("headsetd did not answer (is it running?)"), "\(gone.standardError)")
    }
}
