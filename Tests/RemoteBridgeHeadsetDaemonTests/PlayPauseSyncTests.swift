// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import RemoteBridgeHeadsetDaemon
import RemoteBridgeEvdev
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// A Bluetooth headset keeps its own idea of play and pause and sends KEY_PLAYCD and
/// KEY_PAUSECD in turn; after the player was paused or resumed some other way, the key asks for
/// the state the player already has. headsetd reads the key against the player's state.
@Suite("headsetd: one press, never two (KEY_PLAYCD/KEY_PAUSECD)")
@MainActor
struct PlayPauseSyncTests {
    /// Puts the test player in `status` (as a keyboard or remotectl would), and waits until
    /// headsetd has seen it.
    func put(_ f: HeadsetFixture, in status: PlaybackStatus) async throws {
        switch status {
        case .playing: f.player.play()
        case .paused: f.player.play(); f.player.pause()
        case .stopped: f.player.stop()
        }
        try await f.settleStatus()
        try #require(f.handler.tracker.players[f.served.busName]?.status == status)
    }

    func press(_ f: HeadsetFixture, _ code: UInt16, expecting status: PlaybackStatus) async throws {
        try await f.press(code)
        try await f.settle { f.player.playbackStatus == status }
        try await f.settleStatus()
    }

    @Test("playing + KEY_PLAYCD gives Paused; paused + KEY_PAUSECD gives Playing; playing + KEY_PAUSECD gives Paused")
    func headsetKeysFollowState() async throws {
        let f = try await HeadsetFixture()
        try await f.settle { f.handler.tracker.target != nil }
        try await put(f, in: .playing)
        try await press(f, KeyMap.keyPlayCD, expecting: .paused)
        #expect(f.player.playbackStatus == .paused)
        try await press(f, KeyMap.keyPauseCD, expecting: .playing)
        #expect(f.player.playbackStatus == .playing)
        try await press(f, KeyMap.keyPauseCD, expecting: .paused)
        #expect(f.player.playbackStatus == .paused)
        // Otherwise they keep their meaning: paused + KEY_PLAYCD plays, stopped + KEY_PAUSECD plays.
        try await press(f, KeyMap.keyPlayCD, expecting: .playing)
        #expect(f.player.playbackStatus == .playing)
        try await put(f, in: .stopped)
        try await press(f, KeyMap.keyPauseCD, expecting: .playing)
        #expect(f.player.playbackStatus == .playing)
    }

    @Test("with sync-play-pause = false, KEY_PLAYCD while playing leaves it playing")
    func ruleOff() async throws {
        let f = try await HeadsetFixture(headset: "sync-play-pause = false\n")
        try await f.settle { f.handler.tracker.target != nil }
        try await put(f, in: .playing)
        // KEY_PLAYCD is Play: nothing changes. KEY_NEXTSONG after it proves the press was handled.
        try await f.press(KeyMap.keyPlayCD)
        try await f.press(KeyMap.keyNextSong)
        try await f.settle { f.player.currentIndex == 1 }
        #expect(f.player.currentIndex == 1)
        #expect(f.player.playbackStatus == .playing)
    }

    @Test("a full keyboard keeps the keys' meaning whatever the player's state")
    func keyboardKeepsMeaning() async throws {
        let f = try await HeadsetFixture()
        try await f.settle { f.handler.tracker.target != nil }
        try await put(f, in: .playing)
        #expect(f.handler.subtype(for: KeyMap.keyPlayCD, pressed: true, headsetLike: false) == .play)
        #expect(f.handler.subtype(for: KeyMap.keyPlayCD, pressed: true, headsetLike: true) == .pause)
        try await put(f, in: .paused)
        #expect(f.handler.subtype(for: KeyMap.keyPauseCD, pressed: true, headsetLike: false) == .pause)
        #expect(f.handler.subtype(for: KeyMap.keyPauseCD, pressed: true, headsetLike: true) == .play)
        #expect(f.handler.subtype(for: KeyMap.keyPauseCD, pressed: false, headsetLike: true) == nil)
    }
}
