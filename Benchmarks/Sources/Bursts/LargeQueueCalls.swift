// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting

/// The calls of the two 100 000-entry bursts, from one client: reading the whole TrackList,
/// and opening a 100 000-line playlist.
@MainActor
struct LargeQueueCalls {
    /// How many times `Tracks` is read.
    nonisolated static let tracksReads = 5
    /// Ids per GetTracksMetadata call.
    nonisolated static let metadataChunk = 1_000
    /// How long the large calls, and the queue's completion, may take.
    nonisolated static let limit: Duration = .seconds(120)

    let connection: DBusConnection
    let busName: String

    /// Get(Tracks) `tracksReads` times, then GetTracksMetadata of every id, `metadataChunk` a call.
    func readTracks() async -> CallCount {
        var tally = Tally()
        var ids: [String] = []
        for _ in 0..<Self.tracksReads {
            await tally.count {
                ids = try await connection.getProperty(busName, MPRISNames.objectPath, TrackListInterface.tracks, timeout: Self.limit).stringArrayValue ?? []
            }
        }
        for start in stride(from: 0, to: ids.count, by: Self.metadataChunk) {
            let chunk = Array(ids[start..<min(ids.count, start + Self.metadataChunk)])
            await tally.count {
                _ = try await connection.call(busName, MPRISNames.objectPath, TrackListInterface.getTracksMetadata, [.objectPaths(chunk)], timeout: Self.limit)
            }
        }
        return tally.result
    }

    /// OpenUri of `playlist` (a URI), until the queue is complete: remote-playerd's
    /// TrackListReplaced with more than `before` entries (the count goes to `notes`), mpv's
    /// `playlist-count` over its IPC socket `ipcSocket` reaching `lines`.
    func openURI(_ playlist: String, contender: Contender, before: Int, lines: Int, ipcSocket: String, notes: inout [String]) async -> CallCount {
        var tally = Tally()
        let replaced = try? await SignalRecorder.start(on: connection, MatchRule(signal: TrackListInterface.trackListReplaced))
        await tally.count { _ = try await connection.call(busName, MPRISNames.objectPath, PlayerInterface.openURI, [.string(playlist)], timeout: Self.limit) }
        guard tally.calls.failed == 0 else { return tally.result }
        switch contender {
        case .remotePlayerd:
            func entries(_ message: DBusMessage) -> Int { message.body.first?.arrayValue?.count ?? 0 }
            guard let replaced, await replaced.until(limit: Self.limit, { replaced.messages.contains { entries($0) > before } }) else {
                tally.calls.fail("no TrackListReplaced with more than \(before) entries within \(Self.limit)")
                return tally.result
            }
            notes.append("queue after OpenUri: \(FigureText.grouped(replaced.messages.map(entries).max() ?? 0)) entries (TrackListReplaced)")
        case .mpv:
            let ipc = MPVIPC(path: ipcSocket)
            let deadline = ContinuousClock.now + Self.limit
            var count = 0
            while count < lines, ContinuousClock.now < deadline {
                count = ipc?.playlistCount() ?? 0
                if count < lines { try? await Task.sleep(for: .milliseconds(10)) }
            }
            guard count >= lines else {
                tally.calls.fail("mpv's playlist-count stayed at \(count), not \(lines), for \(Self.limit)")
                return tally.result
            }
            notes.append("playlist after OpenUri: \(FigureText.grouped(count)) entries (playlist-count)")
        }
        return tally.result
    }
}

/// The calls of one burst, counted, timed from the first.
private struct Tally {
    private let started = ContinuousClock.now
    var calls = CallTally()

    /// Runs one call, counting it answered or failed.
    nonisolated(nonsending) mutating func count(_ body: () async throws -> Void) async {
        let outcome = await CallTally.run(body)
        calls.record(outcome)
    }

    /// The count, with calls a second up to now.
    var result: CallCount {
        CallCount(
            answered: calls.answered, perSecond: Double(calls.answered) / (FigureText.seconds(ContinuousClock.now - started) ?? 1), failed: calls.failed,
            firstFailure: calls.firstFailure)
    }
}
