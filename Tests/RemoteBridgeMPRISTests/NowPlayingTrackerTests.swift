// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// Three in-memory players on one bus, and a tracker on a connection of its own.
@MainActor
final class TrackerFixture {
    let a: MPRISFixture
    let b: MPRISFixture
    let c: MPRISFixture
    let connection: DBusConnection
    let tracker: NowPlayingTracker

    init() async throws {
        a = try await MPRISFixture(name: "alpha")
        b = try await MPRISFixture(name: "beta", bus: a.bus)
        c = try await MPRISFixture(name: "gamma", bus: a.bus)
        connection = try await DBusConnection.connect(to: a.bus.address)
        tracker = NowPlayingTracker(connection: connection)
    }

    /// Waits until `condition` holds, checking it at each update the tracker announces.
    func settle(until condition: () -> Bool) async throws {
        #expect(await until(wokenBy: tracker.listeners) { condition() })
    }

    /// Records, on the tracker's own connection, the players' PropertiesChanged. The recorder
    /// subscribes after the tracker, and a signal goes to its subscribers in that order, so a
    /// signal the recorder has seen the tracker has handled: a test that expects no change waits
    /// for the signal itself, then looks.
    func recordPlayerSignals() async throws -> SignalRecorder {
        try await SignalRecorder.start(on: connection, MatchRule(signal: StandardInterfaces.propertiesChanged, path: MPRISNames.objectPath))
    }

    /// Whether `recorder` has seen `player` say its PlaybackStatus is `status`.
    func saw(_ recorder: SignalRecorder, _ player: MPRISFixture, say status: String) -> Bool {
        recorder.messages.contains {
            $0.sender == player.serverConnection.uniqueName && $0.body[1].stringDictionaryValue?["PlaybackStatus"] == .string(status)
        }
    }
}

@Suite("NowPlayingTracker")
@MainActor
struct NowPlayingTrackerTests {
    @Test("before anyone plays, nothing is now playing and the target is the newest player")
    func nobodyPlayed() async throws {
        let f = try await TrackerFixture()
        try await f.tracker.start()
        try await f.settle(until: { f.tracker.players.count == 3 })
        #expect(f.tracker.players.count == 3)
        #expect(f.tracker.nowPlaying == nil)
        #expect(f.tracker.target == "org.mpris.MediaPlayer2.gamma")
    }

    @Test("the player that most recently started playing wins, and keeps it while paused")
    func mostRecentlyStarted() async throws {
        let f = try await TrackerFixture()
        try await f.tracker.start()
        try await f.a.client.play()
        try await f.settle(until: { f.tracker.nowPlaying == "org.mpris.MediaPlayer2.alpha" })
        #expect(f.tracker.nowPlaying == "org.mpris.MediaPlayer2.alpha")
        try await f.b.client.play()
        try await f.settle(until: { f.tracker.nowPlaying == "org.mpris.MediaPlayer2.beta" })
        #expect(f.tracker.nowPlaying == "org.mpris.MediaPlayer2.beta")
        let heard = try await f.recordPlayerSignals()
        try await f.b.client.pause()
        #expect(await heard.until { f.saw(heard, f.b, say: "Paused") })
        #expect(f.tracker.nowPlaying == "org.mpris.MediaPlayer2.beta")
        #expect(f.tracker.target == "org.mpris.MediaPlayer2.beta")
    }

    @Test("a redundant PropertiesChanged that repeats Playing does not steal now-playing")
    func redundantSignalIgnored() async throws {
        let f = try await TrackerFixture()
        try await f.tracker.start()
        try await f.a.client.play()
        try await f.settle(until: { f.tracker.nowPlaying == "org.mpris.MediaPlayer2.alpha" })
        try await f.b.client.play()
        try await f.settle(until: { f.tracker.nowPlaying == "org.mpris.MediaPlayer2.beta" })
        // alpha, still playing, repeats itself (as some players do on every metadata change).
        let heard = try await f.recordPlayerSignals()
        try f.a.server.object?.emit(
            StandardInterfaces.propertiesChanged, [.string(PlayerInterface.name), .stringVariantDictionary(["PlaybackStatus": .string("Playing")]), .strings([])])
        #expect(await heard.until { f.saw(heard, f.a, say: "Playing") })
        #expect(f.tracker.nowPlaying == "org.mpris.MediaPlayer2.beta")
        // But stopping and starting again is a real start.
        try await f.a.client.stop()
        try await f.a.client.play()
        try await f.settle(until: { f.tracker.nowPlaying == "org.mpris.MediaPlayer2.alpha" })
        #expect(f.tracker.nowPlaying == "org.mpris.MediaPlayer2.alpha")
    }

    @Test("when the now-playing player leaves, the most recent other player to have played takes over")
    func fallback() async throws {
        let f = try await TrackerFixture()
        try await f.tracker.start()
        var targets: [String?] = []
        f.tracker.listeners.add { if case .targetChanged(let target) = $0 { targets.append(target) } }
        try await f.c.client.play()
        try await f.settle(until: { f.tracker.nowPlaying == "org.mpris.MediaPlayer2.gamma" })
        try await f.a.client.play()
        try await f.settle(until: { f.tracker.nowPlaying == "org.mpris.MediaPlayer2.alpha" })
        f.a.serverConnection.close()
        try await f.settle(until: { f.tracker.players["org.mpris.MediaPlayer2.alpha"] == nil })
        #expect(f.tracker.nowPlaying == "org.mpris.MediaPlayer2.gamma")
        #expect(targets.last == "org.mpris.MediaPlayer2.gamma")
        #expect(targets.contains("org.mpris.MediaPlayer2.alpha"))
    }

    @Test("a player already playing when the tracker starts is now playing")
    func alreadyPlaying() async throws {
        let f = try await TrackerFixture()
        try await f.b.client.play()
        try await f.tracker.start()
        try await f.settle(until: { f.tracker.nowPlaying != nil })
        #expect(f.tracker.nowPlaying == "org.mpris.MediaPlayer2.beta")
    }

    @Test("any number of listeners hear each change of target, and one taken off hears no more")
    func targetListeners() async throws {
        let f = try await TrackerFixture()
        try await f.tracker.start()
        try await f.settle(until: { f.tracker.players.count == 3 })
        #expect(f.tracker.target == "org.mpris.MediaPlayer2.gamma")
        var first: [String?] = []
        var second: [String?] = []
        let firstID = f.tracker.listeners.add { if case .targetChanged(let target) = $0 { first.append(target) } }
        f.tracker.listeners.add { if case .targetChanged(let target) = $0 { second.append(target) } }
        try await f.a.client.play()
        try await f.settle(until: { f.tracker.target == "org.mpris.MediaPlayer2.alpha" })
        f.tracker.listeners.remove(firstID)
        try await f.b.client.play()
        try await f.settle(until: { f.tracker.target == "org.mpris.MediaPlayer2.beta" })
        #expect(first == ["org.mpris.MediaPlayer2.alpha"])
        #expect(second == ["org.mpris.MediaPlayer2.alpha", "org.mpris.MediaPlayer2.beta"])
    }
}

@Suite("NowPlayingTracker: Playing counts only with a track")
@MainActor
struct TrackPresenceTests {
    func announce(_ fixture: MPRISFixture, _ changed: KeyValuePairs<String, DBusValue>) throws {
        try fixture.server.object?.emit(
            StandardInterfaces.propertiesChanged, [.string(PlayerInterface.name), .stringVariantDictionary(changed), .strings([])])
    }

    @Test("a player that says Playing with a placeholder track id does not take now-playing; its Metadata arriving later does")
    func placeholderThenTrack() async throws {
        let f = try await TrackerFixture()
        try await f.tracker.start()
        try await f.b.client.play()
        try await f.settle(until: { f.tracker.nowPlaying == "org.mpris.MediaPlayer2.beta" })
        try await f.b.client.pause()
        // alpha behaves as idle mpv-mpris does: Stopped, then Playing with trackid /noplaylist.
        try announce(f.a, ["PlaybackStatus": .string("Stopped")])
        try announce(f.a, ["PlaybackStatus": .string("Playing"), "Metadata": .stringVariantDictionary(["mpris:trackid": .objectPath("/noplaylist")])])
        // Both signals are handled once the second one's Playing is in.
        try await f.settle(until: { f.tracker.players["org.mpris.MediaPlayer2.alpha"]?.status == .playing })
        #expect(f.tracker.players["org.mpris.MediaPlayer2.alpha"]?.hasTrack == false)
        #expect(f.tracker.nowPlaying == "org.mpris.MediaPlayer2.beta")
        #expect(f.tracker.target == "org.mpris.MediaPlayer2.beta")
        // Then it loads something: the same Playing now counts.
        try announce(f.a, ["Metadata": .stringVariantDictionary(["xesam:title": .string("Song")])])
        try await f.settle(until: { f.tracker.nowPlaying == "org.mpris.MediaPlayer2.alpha" })
        #expect(f.tracker.nowPlaying == "org.mpris.MediaPlayer2.alpha")
    }

    @Test("what names a track", arguments: [
        (["mpris:trackid": DBusValue.objectPath(TrackListInterface.noTrack)], false),
        (["mpris:trackid": .objectPath("/noplaylist")], false),
        ([:], false),
        (["xesam:title": .string("")], false),
        (["mpris:trackid": .objectPath("/org/mpris/MediaPlayer2/Track/3")], true),
        (["xesam:title": .string("A")], true),
        (["mpris:trackid": .objectPath("/noplaylist"), "xesam:url": .string("file:///a.flac")], true),
    ] as [([String: DBusValue], Bool)])
    func trackPresence(metadata: [String: DBusValue], named: Bool) {
        #expect(TrackPresence.hasCurrentTrack(metadata) == named)
    }
}
