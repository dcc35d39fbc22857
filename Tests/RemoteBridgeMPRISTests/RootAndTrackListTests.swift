// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

@Suite("MPRIS root interface")
@MainActor
struct RootInterfaceTests {
    @Test("identity properties")
    func properties() async throws {
        let f = try await MPRISFixture()
        let all = try await f.client.properties(of: MediaPlayer2Interface.declaration)
        #expect(all["Identity"] == .string("RemoteBridge Test"))
        #expect(all["DesktopEntry"] == .string("remotebridge"))
        #expect(all["CanQuit"] == .bool(true))
        #expect(all["CanRaise"] == .bool(false))
        #expect(all["HasTrackList"] == .bool(true))
        #expect(all["SupportedUriSchemes"] == .strings(["file", "http", "https"]))
        #expect(all["SupportedMimeTypes"] == .strings(["audio/mpeg", "audio/flac"]))
        await f.expectError("org.freedesktop.DBus.Error.PropertyReadOnly") { () async throws(DBusError) in
            try await f.rawSet(MediaPlayer2Interface.name, "Identity", .string("x"))
        }
    }

    @Test("Quit is answered first, then calls the quit handler; Raise does nothing")
    func quitAndRaise() async throws {
        let f = try await MPRISFixture()
        let before = try await f.client.properties()
        #expect(try await f.client.call(MediaPlayer2Interface.raise) == [])
        #expect(try await f.client.properties() == before)
        #expect(f.quitCalls == 0)
        #expect(try await f.client.call(MediaPlayer2Interface.quit) == [])
        // The handler runs once the reply has been written, so after the caller may have it.
        #expect(await f.quits.until { f.quitCalls == 1 })
        await f.expectError("org.freedesktop.DBus.Error.InvalidArgs") { () async throws(DBusError) in
            _ = try await f.client.call(MediaPlayer2Interface.quit, [.bool(true)])
        }
    }
}

@Suite("MPRIS TrackList")
@MainActor
struct TrackListTests {
    @Test("Tracks lists the queue; GetTracksMetadata returns known ids and skips unknown ones")
    func tracksAndMetadata() async throws {
        let f = try await MPRISFixture()
        let ids = f.player.queue.map(\.objectPath)
        #expect(try await f.client.property(TrackListInterface.tracks) == .objectPaths(ids))
        #expect(try await f.client.property(TrackListInterface.canEditTracks) == .bool(true))
        let reply = try await f.client.call(TrackListInterface.getTracksMetadata, [.objectPaths([ids[2], "/io/github/remotebridge/track/77", ids[0]])])
        let titles = reply.first?.arrayValue?.compactMap { $0.stringDictionaryValue?["xesam:title"] }
        #expect(titles == [.string("Tone 3"), .string("Tone 1")])
    }

    @Test("AddTrack inserts after a track, can make it current, and signals TrackAdded")
    func addTrack() async throws {
        let f = try await MPRISFixture()
        let added = try await f.record("TrackAdded", interface: TrackListInterface.name)
        let first = f.player.queue[0].objectPath
        _ = try await f.client.call(TrackListInterface.addTrack, [.string("file:///music/new.flac"), .objectPath(first), .bool(true)])
        #expect(f.player.queue.map(\.url)[1] == "file:///music/new.flac")
        #expect(f.player.currentTrack?.url == "file:///music/new.flac")
        try #require(await added.waitFor(count: 1))
        #expect(added.messages[0].body[1] == .objectPath(first))
        _ = try await f.client.call(TrackListInterface.addTrack, [.string("file:///music/front.flac"), .objectPath(TrackListInterface.noTrack), .bool(false)])
        #expect(f.player.queue.first?.url == "file:///music/front.flac")
    }

    @Test("AddTrack refuses an unknown AfterTrack and an unsupported scheme")
    func addTrackErrors() async throws {
        let f = try await MPRISFixture()
        await f.expectError("io.github.remotebridge.Error.NoSuchTrack") { () async throws(DBusError) in
            _ = try await f.client.call(TrackListInterface.addTrack, [.string("file:///a.flac"), .objectPath("/io/github/remotebridge/track/99"), .bool(false)])
        }
        await f.expectError("org.freedesktop.DBus.Error.NotSupported") { () async throws(DBusError) in
            _ = try await f.client.call(TrackListInterface.addTrack, [.string("gopher://a"), .objectPath(f.player.queue[0].objectPath), .bool(false)])
        }
        #expect(f.player.queue.count == 3)
    }

    @Test("RemoveTrack and GoTo work on known ids, and refuse stale ones")
    func removeAndGoTo() async throws {
        let f = try await MPRISFixture()
        let removed = try await f.record("TrackRemoved", interface: TrackListInterface.name)
        let second = f.player.queue[1].objectPath
        _ = try await f.client.call(TrackListInterface.goTo, [.objectPath(f.player.queue[2].objectPath)])
        #expect(f.player.currentIndex == 2)
        _ = try await f.client.call(TrackListInterface.removeTrack, [.objectPath(second)])
        #expect(f.player.queue.count == 2)
        try #require(await removed.waitFor(count: 1))
        #expect(removed.messages[0].body == [.objectPath(second)])
        for member in [TrackListInterface.removeTrack, TrackListInterface.goTo] {
            await f.expectError("io.github.remotebridge.Error.NoSuchTrack") { () async throws(DBusError) in
                _ = try await f.client.call(member, [.objectPath(second)])
            }
            await f.expectError("io.github.remotebridge.Error.NoSuchTrack") { () async throws(DBusError) in
                _ = try await f.client.call(member, [.objectPath("/not/ours")])
            }
        }
    }

    @Test("Tracks changes are announced as invalidated; metadata changes as TrackMetadataChanged")
    func trackListSignals() async throws {
        let f = try await MPRISFixture()
        let changed = try await f.record("PropertiesChanged")
        let metadataChanged = try await f.record("TrackMetadataChanged", interface: TrackListInterface.name)
        _ = try await f.client.call(TrackListInterface.removeTrack, [.objectPath(f.player.queue[2].objectPath)])
        f.player.retag { $0.title = "Renamed" }
        try #require(await metadataChanged.waitFor(count: 1))
        func renamedTitle(_ message: DBusMessage) -> Bool {
            message.body[0] == .string(PlayerInterface.name)
                && message.body[1].stringDictionaryValue?["Metadata"]?.stringDictionaryValue?["xesam:title"] == .string("Renamed")
        }
        // Both interfaces' PropertiesChanged, waited for themselves.
        #expect(await changed.until {
            changed.messages.contains { $0.body[0] == .string(TrackListInterface.name) } && changed.messages.contains(where: renamedTitle)
        })
        let trackListSignal = changed.messages.first { $0.body[0] == .string(TrackListInterface.name) }
        #expect(trackListSignal?.body[2] == .strings(["Tracks"]))
        #expect(trackListSignal?.body[1].stringDictionaryValue == [:])
        #expect(metadataChanged.messages[0].body[1].stringDictionaryValue?["xesam:title"] == .string("Renamed"))
        let playerSignal = changed.messages.last { $0.body[0] == .string(PlayerInterface.name) }
        #expect(playerSignal?.body[1].stringDictionaryValue?["Metadata"]?.stringDictionaryValue?["xesam:title"] == .string("Renamed"))
    }
}
