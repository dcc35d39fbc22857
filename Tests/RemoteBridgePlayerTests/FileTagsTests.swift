// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTags
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgePlayer

/// Tags read from the files themselves, as the queue takes them.
@Suite("Tags read from files")
@MainActor
struct FileTagsTests {
    @Test("the test tones (FLAC from sox): title, artist, album, track, genre, and the exact length")
    func flacFromSox() async throws {
        let media = try await TestMedia.make(count: 2, seconds: 3)
        defer { media.remove() }
        let found = try #require(TagReader.read(path: media.tones[1].path))
        let tags = QueueEntry.Tags(fields: found.fields.map { ($0.key.rawValue, $0.value) })
        #expect(tags.title == "Tone 2" && tags.artists == ["Test Artist"] && tags.album == "Test Album")
        #expect(tags.trackNumber == 2 && tags.genres == ["Test"])
        #expect(found.length == .seconds(3))
    }

    @Test("the entries whose tags were looked up are the queue's: a new queue forgets the old one's, a removed entry is forgotten")
    func lookupsFollowTheQueue() async throws {
        let f = try await MPVPlayerTests.Fixture(count: 3)
        f.player.readTags(of: f.player.entries.map(\.id))
        #expect(f.player.tagsLookedUp.count == 3)
        let old = f.player.tagsLookedUp
        f.player.load(f.media.tones.map { QueueItem(url: $0.path) })
        #expect(f.player.tagsLookedUp.isDisjoint(with: old), "the old queue's entries are forgotten")
        f.player.readTags(of: f.player.entries.map(\.id))
        try f.player.remove(id: try #require(f.player.entries.last?.id))
        #expect(f.player.tagsLookedUp == Set(f.player.entries.map(\.id)))
        for _ in 0..<20 {
            f.player.load(f.media.tones.map { QueueItem(url: $0.path) })
            f.player.readTags(of: f.player.entries.map(\.id))
        }
        #expect(f.player.tagsLookedUp == Set(f.player.entries.map(\.id)), "twenty queues later, still the queue's three")
        #expect(f.player.announcement.tagsRead.isSubset(of: f.player.tagsLookedUp.union(f.player.entries.map(\.id))))
    }
}
