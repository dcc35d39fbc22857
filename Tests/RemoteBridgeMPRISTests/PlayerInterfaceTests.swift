// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgeCore
import Testing

@Suite("MPRIS Player: transport")
@MainActor
struct PlayerTransportTests {
    @Test("Play, Pause, PlayPause, Stop, Next and Previous become events that drive the player")
    func transport() async throws {
        let f = try await MPRISFixture()
        try await f.client.play()
        #expect(try await f.client.playbackStatus() == .playing)
        try await f.client.pause()
        #expect(try await f.client.playbackStatus() == .paused)
        try await f.client.playPause()
        #expect(try await f.client.playbackStatus() == .playing)
        try await f.client.next()
        #expect(f.player.currentIndex == 1)
        try await f.client.previous()
        #expect(f.player.currentIndex == 0)
        try await f.client.stop()
        #expect(try await f.client.playbackStatus() == .stopped)
    }

    @Test("transport calls arrive as .mpris events and skip the now-playing check")
    func eventsAreAddressed() async throws {
        let f = try await MPRISFixture()
        var seen: [RemoteControlEvent] = []
        _ = f.application.addEventMonitor { seen.append($0) }
        #expect(!f.application.isNowPlaying)
        try await f.client.play()
        #expect(seen.map(\.subtype) == [.play])
        #expect(seen.first?.source == .mpris)
        #expect(f.player.playbackStatus == .playing)
    }

    @Test("Seek becomes a skip by the offset's size; before 0 clamps, past the end moves on")
    func seek() async throws {
        let f = try await MPRISFixture()
        var seen: [RemoteControlEvent] = []
        _ = f.application.addEventMonitor { seen.append($0) }
        try await f.client.seek(by: .seconds(30))
        #expect(f.player.position == .seconds(30))
        try await f.client.seek(by: .seconds(-10))
        #expect(f.player.position == .seconds(20))
        try await f.client.seek(by: .seconds(-60))
        #expect(f.player.position == .zero)
        try await f.client.seek(by: .seconds(500))
        #expect(f.player.currentIndex == 1)
        #expect(seen.map(\.subtype) == [.skipForward, .skipBackward, .skipBackward, .skipForward])
        #expect(seen.map(\.interval) == [.seconds(30), .seconds(10), .seconds(60), .seconds(500)])
        _ = try await f.client.call(PlayerInterface.seek, [.int64(.min)])
        #expect(seen.last?.interval == .microseconds(Int64.max))
    }

    @Test("SetPosition moves within the current track; a stale track id or an out-of-range position does nothing")
    func setPosition() async throws {
        let f = try await MPRISFixture()
        let current = f.player.queue[0].objectPath
        try await f.client.setPosition(trackID: current, .seconds(42))
        #expect(f.player.position == .seconds(42))
        try await f.client.setPosition(trackID: f.player.queue[1].objectPath, .seconds(7))
        try await f.client.setPosition(trackID: "/io/github/remotebridge/track/999", .seconds(7))
        try await f.client.setPosition(trackID: current, .seconds(-1))
        try await f.client.setPosition(trackID: current, .seconds(181))
        #expect(f.player.position == .seconds(42))
        try await f.client.setPosition(trackID: current, .seconds(180))
        #expect(f.player.position == .seconds(180))
    }

    @Test("OpenUri plays supported schemes and refuses others with NotSupported")
    func openURI() async throws {
        let f = try await MPRISFixture()
        try await f.client.openURI("https://example.com/stream.mp3")
        #expect(f.player.currentTrack?.url == "https://example.com/stream.mp3")
        let message = await f.expectError("org.freedesktop.DBus.Error.NotSupported") { () async throws(DBusError) in
            try await f.client.openURI("ftp://example.com/a.mp3")
        }
        #expect(message?.contains("ftp://example.com/a.mp3") == true)
        await f.expectError("org.freedesktop.DBus.Error.NotSupported") { () async throws(DBusError) in
            try await f.client.openURI("no scheme at all")
        }
        await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            try await f.client.openURI("")
        }
    }

    @Test("methods called with the wrong signature get InvalidArgs")
    func wrongSignatures() async throws {
        let f = try await MPRISFixture()
        for (member, arguments) in [
            ("Play", [DBusValue.string("now")]), ("Seek", [.string("10")]), ("Seek", [.int32(10)]),
            ("SetPosition", [.string("/a"), .int64(1)]), ("OpenUri", [.int64(1)]), ("OpenUri", []),
        ] {
            await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
                _ = try await f.rawCall(PlayerInterface.name, member, arguments)
            }
        }
        #expect(f.player.playbackStatus == .stopped)
    }

    @Test("Seeked is emitted on every discontinuity, with the new position")
    func seeked() async throws {
        let f = try await MPRISFixture()
        let recorder = try await f.record("Seeked", interface: PlayerInterface.name)
        try await f.client.seek(by: .seconds(15))
        try await f.client.setPosition(trackID: f.player.queue[0].objectPath, .seconds(3))
        try await f.client.next()
        #expect(await recorder.waitFor(count: 3))
        #expect(recorder.messages.map { $0.body } == [[.int64(15_000_000)], [.int64(3_000_000)], [.int64(0)]])
    }
}

@Suite("MPRIS Player: properties")
@MainActor
struct PlayerPropertyTests {
    @Test("every Player property has the spec's type")
    func types() async throws {
        let f = try await MPRISFixture()
        let all = try await f.client.properties()
        let expected: [String: String] = [
            "PlaybackStatus": "s", "LoopStatus": "s", "Rate": "d", "Shuffle": "b", "Metadata": "a{sv}", "Volume": "d",
            "Position": "x", "MinimumRate": "d", "MaximumRate": "d", "CanGoNext": "b", "CanGoPrevious": "b",
            "CanPlay": "b", "CanPause": "b", "CanSeek": "b", "CanControl": "b",
        ]
        #expect(all.mapValues(\.signature) == expected)
    }

    @Test("Metadata carries exact types: o, x, as and i")
    func metadataTypes() async throws {
        let f = try await MPRISFixture()
        let metadata = try await f.client.metadata()
        #expect(metadata["mpris:trackid"] == .objectPath("/io/github/remotebridge/track/1"))
        #expect(metadata["mpris:length"] == .int64(180_000_000))
        #expect(metadata["mpris:artUrl"] == .string("file:///music/cover.jpg"))
        #expect(metadata["xesam:title"] == .string("Tone 1"))
        #expect(metadata["xesam:artist"] == .strings(["Test Artist"]))
        #expect(metadata["xesam:albumArtist"] == .strings(["Album Artist"]))
        #expect(metadata["xesam:genre"] == .strings(["Test"]))
        #expect(metadata["xesam:trackNumber"] == .int32(1))
        #expect(metadata["xesam:discNumber"] == .int32(1))
        #expect(metadata["xesam:url"] == .string("file:///music/1.flac"))
        #expect(metadata["xesam:album"] == .string("Test Album"))
    }

    @Test("with no current track, Metadata holds only the NoTrack id")
    func noTrack() async throws {
        let f = try await MPRISFixture()
        f.player.currentIndex = nil
        #expect(try await f.client.metadata() == ["mpris:trackid": .objectPath(TrackListInterface.noTrack)])
    }

    @Test("tags with a NUL inside are cleaned, not passed to libdbus")
    func nulInTags() async throws {
        let f = try await MPRISFixture()
        f.player.retag { $0.title = "bad\0title"; $0.artists = ["a\0b"] }
        let metadata = try await f.client.metadata()
        #expect(metadata["xesam:title"] == .string("badtitle"))
        #expect(metadata["xesam:artist"] == .strings(["ab"]))
    }

    @Test("LoopStatus and Shuffle are written straight to the player; a bad LoopStatus is refused")
    func loopAndShuffle() async throws {
        let f = try await MPRISFixture()
        try await f.client.setProperty(PlayerInterface.loopStatus, .string("Playlist"))
        try await f.client.setProperty(PlayerInterface.shuffle, .bool(true))
        #expect(f.player.loopStatus == .playlist)
        #expect(f.player.shuffle)
        let message = await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            try await f.client.setProperty(PlayerInterface.loopStatus, .string("Forever"))
        }
        #expect(message?.contains("None, Track or Playlist") == true)
        await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            try await f.rawSet(PlayerInterface.name, "Shuffle", .string("yes"))
        }
    }

    @Test("Volume: negative clamps to 0, NaN is refused, above 1 is passed on")
    func volume() async throws {
        let f = try await MPRISFixture()
        try await f.client.setProperty(PlayerInterface.volume, .double(-0.5))
        #expect(f.player.volume == 0)
        try await f.client.setProperty(PlayerInterface.volume, .double(1.25))
        #expect(f.player.volume == 1.25)
        await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            try await f.client.setProperty(PlayerInterface.volume, .double(.nan))
        }
        #expect(try await f.client.property(PlayerInterface.volume) == .double(1.25))
    }

    @Test("Rate: 0 acts as Pause, the range is enforced, NaN and infinity are refused")
    func rate() async throws {
        let f = try await MPRISFixture()
        try await f.client.play()
        try await f.client.setProperty(PlayerInterface.rate, .double(0))
        #expect(f.player.playbackStatus == .paused)
        #expect(f.player.rate == 1)
        try await f.client.setProperty(PlayerInterface.rate, .double(2))
        #expect(f.player.rate == 2)
        for bad in [0.1, 5.0, -1.0, .nan, .infinity] {
            await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
                try await f.client.setProperty(PlayerInterface.rate, .double(bad))
            }
        }
        #expect(f.player.rate == 2)
    }

    @Test("read-only properties refuse Set")
    func readOnly() async throws {
        let f = try await MPRISFixture()
        for name in ["PlaybackStatus", "Metadata", "Position", "CanControl", "CanPlay", "MinimumRate"] {
            await f.expectError("org.freedesktop.DBus.Error.PropertyReadOnly") { () async throws(DBusError) in
                try await f.rawSet(PlayerInterface.name, name, .string("x"))
            }
        }
    }

    @Test("Position is read live and never appears in PropertiesChanged")
    func position() async throws {
        let f = try await MPRISFixture()
        let recorder = try await f.record("PropertiesChanged")
        try await f.client.play()
        f.player.position = .seconds(12)
        f.player.listeners.announce(.state)
        try await f.client.seek(by: .seconds(5))
        #expect(try await f.client.position() == .seconds(17))
        #expect(await recorder.until { !recorder.messages.isEmpty })
        // Then every signal sent so far, none of which may carry Position.
        try await f.sync()
        for message in recorder.messages {
            #expect(message.body[1].stringDictionaryValue?["Position"] == nil)
            #expect(!(message.body[2].stringArrayValue ?? []).contains("Position"))
        }
    }

    @Test("several changes in one turn go out as one PropertiesChanged")
    func coalesced() async throws {
        let f = try await MPRISFixture()
        let recorder = try await f.record("PropertiesChanged")
        f.player.play()
        f.player.setVolume(0.5)
        f.player.setLoopStatus(.track)
        f.player.setShuffle(true)
        #expect(await recorder.waitFor(count: 1))
        try await f.sync()
        try #require(recorder.messages.count == 1)
        let changed = recorder.messages[0].body[1].stringDictionaryValue ?? [:]
        #expect(changed["PlaybackStatus"] == .string("Playing"))
        #expect(changed["Volume"] == .double(0.5))
        #expect(changed["LoopStatus"] == .string("Track"))
        #expect(changed["Shuffle"] == .bool(true))
        #expect(changed["CanGoNext"] == nil)  // unchanged values are left out
    }

    @Test("while not receiving, every Can* but CanControl is false, and it is announced")
    func canWhileNotReceiving() async throws {
        let f = try await MPRISFixture()
        let capabilities = ["CanGoNext", "CanGoPrevious", "CanPlay", "CanPause", "CanSeek"]
        let before = try await f.client.properties()
        #expect(capabilities.allSatisfy { before[$0] == .bool(true) })
        let recorder = try await f.record("PropertiesChanged")
        f.application.endReceivingRemoteControlEvents()
        #expect(await recorder.waitFor(count: 1))
        let after = try await f.client.properties()
        #expect(capabilities.allSatisfy { after[$0] == .bool(false) })
        #expect(after["CanControl"] == .bool(true))
        let changed = recorder.messages.first(where: { $0.body[0] == .string(PlayerInterface.name) })?.body[1].stringDictionaryValue ?? [:]
        #expect(Set(changed.keys) == Set(capabilities))
        // Calls are accepted but have no effect.
        try await f.client.play()
        #expect(f.player.playbackStatus == .stopped)
        f.application.beginReceivingRemoteControlEvents()
        #expect(try await f.client.property(PlayerInterface.canPlay) == .bool(true))
        #expect(try await f.client.property(PlayerInterface.canControl) == .bool(true))
    }
}
