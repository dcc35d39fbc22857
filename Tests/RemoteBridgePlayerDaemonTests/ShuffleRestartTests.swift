// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import RemoteBridgeMPRIS
import RemoteBridgePlayer
import RemoteBridgePlayerDaemon
import RemoteBridgeTesting
import Testing

/// remote-playerd restarted in-process with a shuffled queue: the shuffled order and the current
/// entry come back as they were, and Shuffle off then gives back the order before shuffling,
/// with the edits made while shuffled, as it would have without the restart.
@Suite("remote-playerd: a shuffled queue survives a restart", .serialized)
@MainActor
struct ShuffleRestartTests {
    /// Entries enough that a new shuffle all but never repeats the last one (24! orders).
    static let count = 24

    /// `count` distinct paths to the tones of `media`: hard links beside them, one name each.
    static func links(_ media: TestMedia, count: Int = count) throws -> [String] {
        try (0..<count).map { index in
            let path = media.directory.appendingPathComponent(String(format: "link-%02d.flac", index)).path
            guard link(media.tones[index % media.tones.count].path, path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            return path
        }
    }

    /// The queue as a client sees it: Tracks, and each track's local path from GetTracksMetadata.
    static func shown(_ f: PlayerFixture) async throws -> (ids: [String], paths: [String]) {
        let ids = try await f.client.property(TrackListInterface.tracks).stringArrayValue ?? []
        let reply = try await f.client.call(TrackListInterface.getTracksMetadata, [.objectPaths(ids)])
        let paths = (reply.first?.arrayValue ?? []).map { metadata in
            let url = metadata.stringDictionaryValue?["xesam:url"]?.stringValue ?? ""
            return URL(string: url)?.path(percentEncoded: false) ?? url
        }
        return (ids, paths)
    }

    /// The current entry's index in Tracks, as Metadata's track id names it.
    static func shownCurrent(_ f: PlayerFixture, in ids: [String]) async throws -> Int? {
        try await f.client.metadata()["mpris:trackid"]?.stringValue.flatMap { ids.firstIndex(of: $0) }
    }

    /// Sets Shuffle over D-Bus and waits until the player has it.
    static func setShuffle(_ f: PlayerFixture, _ on: Bool) async throws {
        try await f.client.setProperty(PlayerInterface.shuffle, .bool(on))
        await f.until("Shuffle \(on)") { f.player.shuffle == on }
    }

    @Test("Shuffle on, a restart: the same shuffled order in Tracks and the same current entry; Shuffle off then gives back the order before")
    func restartKeepsShuffledOrder() async throws {
        let media = try await TestMedia.make()
        let original = try Self.links(media)
        let f = try await PlayerFixture(items: original, media: media)
        defer { f.stop() }
        try await Self.setShuffle(f, true)
        let before = try await Self.shown(f)
        #expect(before.paths.sorted() == original.sorted())
        _ = try await f.client.call(TrackListInterface.goTo, [.objectPath(before.ids[17])])
        await f.until("the 18th entry current") { f.player.currentIndex == 17 }

        try await f.restart()
        let after = try await Self.shown(f)
        #expect(after.paths == before.paths, "the shuffled order, after the restart")
        #expect(try await Self.shownCurrent(f, in: after.ids) == 17)
        #expect(try await f.client.property(PlayerInterface.shuffle).boolValue == true)

        try await Self.setShuffle(f, false)
        let unshuffled = try await Self.shown(f)
        #expect(unshuffled.paths == original, "the order before shuffling")
        #expect(try await Self.shownCurrent(f, in: unshuffled.ids).map { unshuffled.paths[$0] } == before.paths[17])
    }

    @Test("entries added and removed while shuffled are journal edits; after a restart Shuffle off puts the added ones last, the removed ones gone")
    func editsWhileShuffled() async throws {
        let media = try await TestMedia.make()
        let links = try Self.links(media, count: Self.count + 2)
        let original = Array(links.prefix(Self.count))
        let f = try await PlayerFixture(items: original, media: media)
        defer { f.stop() }
        try await Self.setShuffle(f, true)
        // The shuffle is on disk, whole: what follows is appended to it.
        f.daemon.saveNow()
        let shuffledSize = try #require(try StateStore(path: f.statePath).loadedLayout()).snapshotSize

        let shuffled = try await Self.shown(f)
        let removed = [shuffled.paths[3], shuffled.paths[10]]
        for index in [10, 3] { _ = try await f.client.call(TrackListInterface.removeTrack, [.objectPath(shuffled.ids[index])]) }
        let added = Array(links.suffix(2))
        // The second added goes before the first in the shuffled order; both go last, in the
        // order they were added, when shuffle goes off.
        _ = try await f.client.call(
            TrackListInterface.addTrack, [.string(URL(fileURLWithPath: added[0]).absoluteString), .objectPath(shuffled.ids[20]), .bool(false)])
        _ = try await f.client.call(
            TrackListInterface.addTrack, [.string(URL(fileURLWithPath: added[1]).absoluteString), .objectPath(shuffled.ids[0]), .bool(false)])
        await f.until("the edits made") { f.player.entries.count == Self.count }
        let before = try await Self.shown(f)

        f.daemon.shutdown()
        let layout = try #require(try StateStore(path: f.statePath).loadedLayout())
        #expect(layout.snapshotSize == shuffledSize && layout.journalSize > 0, "the edits were appended to the shuffled snapshot")
        try await f.restart()
        #expect(try await Self.shown(f).paths == before.paths, "the shuffled order with the edits, after the restart")

        try await Self.setShuffle(f, false)
        #expect(try await Self.shown(f).paths == original.filter { !removed.contains($0) } + added)
    }

    @Test("a shuffled state from the release before, with no order before shuffling, comes back in its saved order, which Shuffle off keeps")
    func earlierReleaseFile() async throws {
        let media = try await TestMedia.make()
        let saved = try Self.links(media).reversed().map { $0 }
        let statePath = media.directory.appendingPathComponent("player.state").path
        // What the release before wrote for a shuffled queue: its play order, and shuffle on.
        try StateStore(path: statePath).save(
            PlayerState(queue: saved.map { QueueItem(url: $0) }, currentIndex: 5, position: 0, volume: 1, loop: .none, shuffle: true))
        let f = try await PlayerFixture(items: [], media: media, statePath: statePath)
        defer { f.stop() }
        let restored = try await Self.shown(f)
        #expect(restored.paths == saved, "not shuffled anew")
        #expect(try await Self.shownCurrent(f, in: restored.ids) == 5)
        #expect(f.player.shuffle)

        try await Self.setShuffle(f, false)
        #expect(try await Self.shown(f).paths == saved)
    }
}

extension StateStore {
    /// The layout of the file at `path` as a load finds it; nil when there is no file.
    func loadedLayout() throws -> Layout? {
        try load() == nil ? nil : layout
    }
}
