// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// How remote-playerd tells clients of queue changes: an edit of one entry as that edit
/// (TrackAdded, TrackRemoved), never as the whole list again; a large change as one
/// TrackListReplaced.
@Suite("remote-playerd: TrackList signals fit the change", .serialized)
@MainActor
struct TrackListSignalTests {
    @Test("AddTrack of one file is one TrackAdded after the right track; RemoveTrack is one TrackRemoved; a 40-entry playlist is one TrackListReplaced")
    func signalsFitTheChange() async throws {
        let f = try await PlayerFixture()
        let connection = f.clientConnection
        // The queue's shape; TrackMetadataChanged (tags read as entries open) is not about it.
        let trackList = try await SignalRecorder.start(on: connection, MatchRule(path: MPRISNames.objectPath, interface: TrackListInterface.name))
        func shapeSignals() -> [DBusMessage] { trackList.messages.filter { $0.member != "TrackMetadataChanged" } }
        func waitForShapeSignal() async -> Bool {
            await trackList.until { !shapeSignals().isEmpty }
        }
        let properties = try await SignalRecorder.start(
            on: connection, MatchRule(signal: StandardInterfaces.propertiesChanged, path: MPRISNames.objectPath))
        let before = try await f.client.property(TrackListInterface.tracks).stringArrayValue ?? []

        _ = try await f.client.call(TrackListInterface.addTrack, [.string(f.media.tones[2].path), .objectPath(before[0]), .bool(false)])
        #expect(await waitForShapeSignal())
        try await connection.barrier(with: f.daemon.connection.uniqueName)
        #expect(shapeSignals().map(\.member) == ["TrackAdded"])
        let added = shapeSignals()[0].body
        #expect(added[0].stringDictionaryValue?["xesam:url"]?.stringValue == URL(fileURLWithPath: f.media.tones[2].path).absoluteString)
        #expect(added[1] == .objectPath(before[0]))
        let tracks = try await f.client.property(TrackListInterface.tracks).stringArrayValue ?? []
        #expect(tracks.count == before.count + 1)
        #expect(Array(tracks[0...0] + tracks[2...]) == before)
        #expect(added[0].stringDictionaryValue?["mpris:trackid"]?.stringValue == tracks[1])
        #expect(properties.messages.contains { $0.body.first == .string(TrackListInterface.name) && $0.body[2] == .strings(["Tracks"]) })

        trackList.clear()
        _ = try await f.client.call(TrackListInterface.removeTrack, [.objectPath(tracks[1])])
        #expect(await waitForShapeSignal())
        try await connection.barrier(with: f.daemon.connection.uniqueName)
        #expect(shapeSignals().map(\.member) == ["TrackRemoved"])
        #expect(shapeSignals()[0].body == [.objectPath(tracks[1])])

        trackList.clear()
        let playlist = f.media.directory.appendingPathComponent("forty.m3u")
        try (Array(repeating: f.media.tones[0].path, count: 40).joined(separator: "\n") + "\n").write(to: playlist, atomically: true, encoding: .utf8)
        _ = try await f.client.call(TrackListInterface.addTrack, [.string(playlist.path), .objectPath(TrackListInterface.noTrack), .bool(false)])
        #expect(await waitForShapeSignal())
        try await connection.barrier(with: f.daemon.connection.uniqueName)
        #expect(shapeSignals().map(\.member) == ["TrackListReplaced"])
        #expect(shapeSignals()[0].body.first?.stringArrayValue?.count == before.count + 40)
    }
}

/// Tags are read when they are needed: the current entry (mpv), the next one, and what a client
/// asks about; never the whole queue at load.
@Suite("remote-playerd: tags read when asked for", .serialized)
@MainActor
struct LazyTagTests {
    @Test("the next entry's tags are read ahead; a never-played entry's tags follow a GetTracksMetadata as TrackMetadataChanged")
    func tagsOnRequest() async throws {
        let f = try await PlayerFixture()
        let tracks = try await f.client.property(TrackListInterface.tracks).stringArrayValue ?? []
        try #require(tracks.count == 3)
        func title(_ path: String) async throws -> String? {
            let reply = try await f.client.call(TrackListInterface.getTracksMetadata, [.objectPaths([path])])
            return reply.first?.arrayValue?.first?.stringDictionaryValue?["xesam:title"]?.stringValue
        }
        // The next entry (the second): read ahead, without being asked.
        await f.until("the second entry's tags are read") { f.player.entries[1].tags.artists == ["Test Artist"] }
        #expect(f.player.entries[1].tags.title == "Tone 2")
        // The third: nothing read until a client asks.
        #expect(f.player.entries[2].tags.artists.isEmpty)
        let changed = try await SignalRecorder.start(
            on: f.clientConnection, MatchRule(signal: TrackListInterface.trackMetadataChanged, path: MPRISNames.objectPath))
        _ = try await title(tracks[2])
        _ = await changed.until { changed.messages.contains { $0.body.first == .objectPath(tracks[2]) } }
        let announced = changed.messages.first { $0.body.first == .objectPath(tracks[2]) }?.body[1].stringDictionaryValue ?? [:]
        #expect(announced["xesam:title"]?.stringValue == "Tone 3")
        #expect(announced["xesam:artist"]?.stringArrayValue == ["Test Artist"])
        #expect(try await title(tracks[2]) == "Tone 3")
    }
}
