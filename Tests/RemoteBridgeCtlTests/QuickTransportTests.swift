// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeTesting
import RemoteBridgeCtl
import Testing

/// The media-key case is done only when its answer is the full run's.
@Suite("remotectl quick transport")
@MainActor
struct QuickTransportTests {
    @Test("-p NAME play: done at once on the player NAME that can; anything else left to the full run")
    func quick() async throws {
        let f = try await CtlFixture()
        func quick(_ arguments: [String]) async -> Int32? {
            // Blocking calls: off the main actor, which serves the test's players.
            let address = f.bus.address
            return await Task.detached { QuickTransport.run(arguments + ["--bus", address], errors: { _ in }) }.value
        }
        #expect(await quick(["-p", "other", "play"]) == 0)
        #expect(f.other.player.playbackStatus == .playing)
        #expect(await quick(["play-pause", "--player=other"]) == 0)
        #expect(f.other.player.playbackStatus == .paused)
        // Not there, not able (CanGoNext false at the last track), or not the simple case: nil.
        #expect(await quick(["-p", "nobody", "play"]) == nil)
        f.other.player.currentIndex = 2
        #expect(await quick(["-p", "other", "next"]) == nil)
        #expect(await quick(["-p", "other", "-a", "play"]) == nil)
        #expect(await quick(["-p", "%any", "play"]) == nil)
        #expect(await quick(["-p", "other", "status"]) == nil)
        #expect(await quick(["-p", "other,remotebridge", "play"]) == nil)
    }
}
