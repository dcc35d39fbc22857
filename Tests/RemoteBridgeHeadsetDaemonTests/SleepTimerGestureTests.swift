// SPDX-License-Identifier: Apache-2.0
import Foundation
import Logging
import RemoteBridgeDBus
import RemoteBridgeGestures
@testable import RemoteBridgeHeadsetDaemon
import RemoteBridgeMPRIS
import RemoteBridgePlayerDaemon
import RemoteBridgeTesting
import Testing

/// `[headset.gestures] hold = "sleep-timer +15m"`: a hold asks the now-playing player for 15 more
/// minutes on its sleep timer (`Playback1.SetSleepTimer("+15m")`), if it has one; any other
/// player is left alone, and the log says why.
@Suite("headsetd: a gesture bound to the sleep timer")
@MainActor
struct SleepTimerGestureTests {
    private static let holdBound = "[headset.gestures]\nhold = \"sleep-timer +15m\"\n"

    /// What came of each sleep-timer gesture, as headsetd announces it.
    @MainActor
    final class Outcomes {
        var all: [(player: String, request: String, outcome: SleepTimerOutcome)] = []
    }

    private func record(_ f: HeadsetFixture) -> Outcomes {
        let outcomes = Outcomes()
        f.handler.listeners.add { event in
            if case .sleepTimer(let player, let request, let outcome) = event { outcomes.all.append((player, request, outcome)) }
        }
        return outcomes
    }

    @Test("a hold reaches the player serving Playback1 as SetSleepTimer(\"+15m\"); Gestures and GestureRecognized name the binding")
    func holdReachesPlayer() async throws {
        let f = try await HeadsetFixture(headset: Self.holdBound)
        let outcomes = record(f)
        var properties = ScriptedPlayerProperties(identity: "Spoken")
        properties.playback = ScriptedPlayerProperties.playbackWithoutChapters
        let spoken = try await ScriptedPlayer(address: f.bus.address, name: "spoken", properties: properties)
        defer { spoken.leave() }
        // It starts playing: the now-playing player, where a press goes.
        spoken.set("PlaybackStatus", .string("Playing"))
        try await f.settle { f.handler.tracker.target == spoken.busName }
        let recognized = try await SignalRecorder.start(on: f.client, MatchRule(signal: Headset1Interface.gestureRecognized))
        try await f.call(Headset1Interface.click, [.uint32(1), .double(1)])
        f.clock.advance(by: .seconds(2))
        try await f.settle { !outcomes.all.isEmpty }
        #expect(outcomes.all.map(\.request) == ["+15m"])
        #expect(outcomes.all.first?.outcome == .set)
        #expect(spoken.calls.map(\.description) == [#"SetSleepTimer "+15m""#])
        // Nothing else was sent: not a press, not an event to the other player.
        #expect(f.answers.isEmpty)
        #expect(await recognized.waitFor(count: 1))
        #expect(recognized.messages.first?.body == [.string("hold"), .string("sleep-timer +15m"), .string(spoken.busName)])
        let gestures = try await f.client.getProperty(Headset1Interface.busName, Headset1Interface.objectPath, Headset1Interface.gestures)
        #expect(gestures.dictionaryEntries?.first { $0.key == .string("hold") }?.value == .string("sleep-timer +15m"))
    }

    @Test("a hold with a player of another program: nothing is called on it, and the log says it has no sleep timer")
    func otherPlayer() async throws {
        let f = try await HeadsetFixture(headset: Self.holdBound)
        let outcomes = record(f)
        try await f.settle { f.handler.tracker.target == f.served.busName }
        f.player.play()
        try await f.settleStatus()
        try await f.call(Headset1Interface.click, [.uint32(1), .double(1)])
        f.clock.advance(by: .seconds(2))
        try await f.settle { !outcomes.all.isEmpty }
        #expect(outcomes.all.first?.outcome == .notServed)
        #expect(f.player.playbackStatus == .playing)
        #expect(f.answers.isEmpty)
        let line = f.log.lines.first { $0.text.contains("has no sleep timer") }
        #expect(line?.text == "org.mpris.MediaPlayer2.test has no sleep timer (it does not serve io.github.remotebridge.Playback1, which only remote-playerd does); sleep-timer +15m does nothing", "\(f.log.lines.suffix(5).map(\.text))")
    }

    @Test("the other gestures keep their events beside it")
    func othersKeepEvents() async throws {
        let f = try await HeadsetFixture(headset: Self.holdBound)
        try await f.settle { f.handler.tracker.target != nil }
        try await f.call(Headset1Interface.click, [.uint32(2), .double(0)])
        f.clock.advance(by: .seconds(2))
        try await f.settle { !f.answers.isEmpty }
        #expect(f.answered == [.nextTrack])
        #expect(f.player.currentIndex == 1)
        #expect(f.handler.gestures.bindings[.hold] == nil)
        #expect(f.handler.gestures.gestureBindings[.hold] == .sleepTimer(adding: .seconds(900)))
    }
}

extension DBusValue {
    /// The entries of a dictionary value.
    fileprivate var dictionaryEntries: [DictionaryEntry]? {
        if case .dictionary(_, _, let entries) = self { entries } else { nil }
    }
}

/// The same gesture against a real remote-playerd (in-process, null audio) on headsetd's bus.
@Suite("headsetd: a gesture bound to the sleep timer, with remote-playerd")
@MainActor
struct SleepTimerGesturePlayerTests {
    @Test("a hold while remote-playerd plays starts its sleep timer with 15 minutes")
    func holdSetsTimer() async throws {
        let f = try await HeadsetFixture(headset: "[headset.gestures]\nhold = \"sleep-timer +15m\"\n")
        let media = try await TestMedia.make(count: 1)
        defer { media.remove() }
        var options = RemotePlayerDaemon.Options()
        options.busAddress = f.bus.address
        options.audioOutput = "null"
        options.noState = true
        options.configPath = media.directory.path + "/empty.toml"
        _ = FileManager.default.createFile(atPath: options.configPath!, contents: Data())
        options.items = media.tones.map(\.path)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let daemon = try await RemotePlayerDaemon(options: options, logger: logger)
        defer { daemon.shutdown() }
        let player = MPRISClient(connection: f.client, busName: "org.mpris.MediaPlayer2.remotebridge")
        try await player.play()
        try await f.settle { f.handler.tracker.target == "org.mpris.MediaPlayer2.remotebridge" }
        var outcome: SleepTimerOutcome?
        f.handler.listeners.add { event in
            if case .sleepTimer(_, _, let result) = event { outcome = result }
        }
        try await f.call(Headset1Interface.click, [.uint32(1), .double(1)])
        f.clock.advance(by: .seconds(2))
        try await f.settle { outcome != nil }
        #expect(outcome == .set)
        #expect(try await player.property(Playback1Interface.sleepTimer).stringValue == "time")
        let remaining = try #require(try await player.property(Playback1Interface.sleepRemaining).int64Value)
        #expect(remaining > 14 * 60_000_000 && remaining <= 15 * 60_000_000, "\(remaining) µs")
    }
}
