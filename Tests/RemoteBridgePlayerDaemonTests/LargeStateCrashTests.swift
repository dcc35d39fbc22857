// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgePlayer
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import Testing

/// remote-playerd restarted from a 100 000-entry state, edited one entry at a time over D-Bus and
/// killed at awkward moments: the file always holds the state before the edit or after it.
@Suite("remote-playerd at 100 000 entries: a kill leaves the old state or the new one", .serialized)
@MainActor
struct LargeStateCrashTests {
    static let count = QueueLimits.maximumEntries
    /// The first entries are real files, so that the current entry and the next always open;
    /// the rest are paths that are never played.
    static let playable = 16

    /// A folder of playable files (hard links to the tones, one name each) and a 100 000-entry
    /// state file whose first entry is current; returns the state and the file's path.
    static func largeState(_ bed: DaemonTestBed) throws -> (PlayerState, String) {
        let real = bed.path("real")
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        let urls = try (0..<count).map { index in
            guard index < playable else { return bed.path("missing/\(index).flac") }
            return try playableCopy(bed, named: "\(index)")
        }
        let state = PlayerState(queue: urls.map { QueueItem(url: $0) }, currentIndex: 0, position: 0, volume: 1, loop: .none, shuffle: false)
        let path = bed.path("player.state")
        try StateStore(path: path).save(state)
        return (state, path)
    }

    /// A new name for one of the tones, in `real/`.
    static func playableCopy(_ bed: DaemonTestBed, named name: String) throws -> String {
        let path = bed.path("real/\(name).flac")
        guard link(bed.media.tones[name.utf8.count % bed.media.tones.count].path, path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return path
    }

    /// The queue's URLs and the current entry: what must be exactly the old state or the new one.
    struct Saved: Equatable {
        var urls: [String]
        var current: Int?

        init(_ state: PlayerState) {
            urls = state.queue.map(\.url)
            current = state.currentIndex
        }
    }

    /// Waits, write by write, until the state file holds `wanted`; false if a write never came.
    static func waitUntilSaved(_ watch: FileWatch, _ path: String, _ wanted: (PlayerState) -> Bool) async throws -> Bool {
        while true {
            if let state = try StateStore(path: path).load(), wanted(state) { return true }
            guard await watch.waitFor(name: "player.state") else { return false }
        }
    }

    /// The track ids in the daemon's queue, in order.
    static func trackIDs(_ client: MPRISClient) async throws -> [String] {
        try await client.property(TrackListInterface.tracks).stringArrayValue ?? []
    }

    /// The local paths of `ids`, as the daemon shows them.
    static func paths(_ client: MPRISClient, _ ids: [String]) async throws -> [String] {
        var paths: [String] = []
        for start in stride(from: 0, to: ids.count, by: 2000) {
            let chunk = Array(ids[start..<min(start + 2000, ids.count)])
            let reply = try await client.call(TrackListInterface.getTracksMetadata, [.objectPaths(chunk)])
            paths += (reply.first?.arrayValue ?? []).map { metadata in
                let url = metadata.stringDictionaryValue?["xesam:url"]?.stringValue ?? ""
                return URL(string: url)?.path(percentEncoded: false) ?? url
            }
        }
        return paths
    }

    /// Checks that the running daemon holds `saved`: every entry when `whole`, else the length,
    /// the entries around the current one and a sample, and always the current entry.
    static func expectHolds(_ saved: Saved, _ client: MPRISClient, whole: Bool, _ label: String) async throws {
        let ids = try await trackIDs(client)
        #expect(ids.count == saved.urls.count, "\(label): the queue's length")
        guard ids.count == saved.urls.count else { return }
        let current = try await client.metadata()["mpris:trackid"]?.stringValue
        #expect(current.flatMap { ids.firstIndex(of: $0) } == saved.current, "\(label): the current entry")
        let sample = whole ? Array(ids.indices) : Array(0..<40) + Array(stride(from: 40, to: ids.count, by: 997)) + Array(ids.count - 5..<ids.count)
        let shown = try await paths(client, sample.map { ids[$0] })
        #expect(shown == sample.map { saved.urls[$0] }, "\(label): the entries")
    }

    @Test("single-entry edits over D-Bus, each followed by kill -9 at once, after its write, or after a round trip: the file and the restarted daemon hold the old state or the new one")
    func killsAtLargeSize() async throws {
        let bed = try await DaemonTestBed(tones: 3, seconds: 20)
        defer { bed.stop() }
        let (initial, statePath) = try Self.largeState(bed)
        var expected = Saved(initial)
        let client = MPRISClient(connection: bed.connection, busName: CrashRecoveryTests.name, timeout: .seconds(60))
        for cycle in 0..<12 {
            let daemon = try await bed.startPlayer(["--state", statePath, "--log-level", "warning"])
            try await Self.expectHolds(expected, client, whole: false, "cycle \(cycle), restarted")
            let ids = try await Self.trackIDs(client)
            let current = try #require(expected.current, "cycle \(cycle): no current entry")
            var changed = expected
            let watch = try FileWatch(folder: bed.media.directory.path)
            // A full queue takes no AddTrack: then an entry is removed instead.
            switch cycle % 4 == 1 && expected.urls.count >= Self.count ? 0 : cycle % 4 {
            case 0:
                // A far entry, or the first (before the current one, which then moves up).
                let index = cycle % 8 == 4 ? 0 : 5000 + cycle
                _ = try await client.call(TrackListInterface.removeTrack, [.objectPath(ids[index])])
                changed.urls.remove(at: index)
                if index < current { changed.current = current - 1 }
            case 1:
                let added = try Self.playableCopy(bed, named: "added-\(cycle)")
                _ = try await client.call(TrackListInterface.addTrack, [.string(added), .objectPath(ids[0]), .bool(false)])
                changed.urls.insert(added, at: 1)
                if current >= 1 { changed.current = current + 1 }
            case 2:
                let index = 2 + cycle % 5
                _ = try await client.call(TrackListInterface.goTo, [.objectPath(ids[index])])
                changed.current = index
            default:
                try await client.next()
                changed.current = current + 1
            }
            switch cycle % 3 {
            case 0: break
            case 1:
                let written = try await Self.waitUntilSaved(watch, statePath) { Saved($0) == changed }
                #expect(written, "cycle \(cycle): the edit was never written")
            default: _ = try await client.position()
            }
            daemon.send(SIGKILL)
            #expect(await daemon.waitForExit() == -SIGKILL, "cycle \(cycle): \(daemon.standardError)")
            let saved = Saved(try #require(try StateStore(path: statePath).load(), "cycle \(cycle): no state"))
            #expect(saved == expected || saved == changed, "cycle \(cycle): neither the old state nor the new one")
            expected = saved
        }
        let last = try await bed.startPlayer(["--state", statePath, "--log-level", "warning"])
        defer { last.send(SIGKILL) }
        try await Self.expectHolds(expected, client, whole: true, "the last restart")
    }

    @Test("one edit at 100 000 entries appends a few dozen bytes to the state file, not megabytes")
    func smallWrites() async throws {
        let bed = try await DaemonTestBed(tones: 3, seconds: 20)
        defer { bed.stop() }
        let (_, statePath) = try Self.largeState(bed)
        let daemon = try await bed.startPlayer(["--state", statePath, "--log-level", "warning"])
        defer { daemon.send(SIGKILL) }
        let client = MPRISClient(connection: bed.connection, busName: CrashRecoveryTests.name, timeout: .seconds(60))
        let ids = try await Self.trackIDs(client)
        func size() throws -> Int { try #require(try FileManager.default.attributesOfItem(atPath: statePath)[.size] as? Int) }
        #expect(try size() > 1_000_000, "a 100 000-entry snapshot is megabytes")
        let removed = try #require(try StateStore(path: statePath).load()).queue[50_000].url
        let added = try Self.playableCopy(bed, named: "added")
        let edits: [(name: String, edit: () async throws -> Void, landed: (PlayerState) -> Bool)] = [
            ("RemoveTrack", { _ = try await client.call(TrackListInterface.removeTrack, [.objectPath(ids[50_000])]) },
             { $0.queue.count == Self.count - 1 && $0.queue[50_000].url != removed }),
            ("AddTrack", { _ = try await client.call(TrackListInterface.addTrack, [.string(added), .objectPath(ids[10]), .bool(false)]) },
             { $0.queue.count == Self.count && $0.queue[11].url == added }),
        ]
        for (name, edit, landed) in edits {
            let before = try size()
            let watch = try FileWatch(folder: bed.media.directory.path)
            try await edit()
            #expect(try await Self.waitUntilSaved(watch, statePath, landed), "\(name): never written")
            let after = try size()
            #expect(after > before && after - before < 1024, "\(name): the file went from \(before) to \(after) bytes")
        }
    }
}
