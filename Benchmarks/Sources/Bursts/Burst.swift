// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// The bursts of calls measured, in the order they run.
enum Burst: String, CaseIterable, Sendable {
    /// No calls: the player plays on alone for as long as a burst lasts, then is watched as
    /// after one. The control: what RSS does without any call (track changes included).
    case noCalls = "no-calls"
    /// Properties.Get (PlaybackStatus, Metadata, Position), GetAll of the Player, Introspect.
    case gets = "gets"
    /// Next and Previous.
    case nextPrevious = "next-previous"
    /// PlayPause once, then Seek by +1 s and −1 s in turn.
    case seek = "seek"
    /// The Scale benchmark's concurrent load (ConcurrentLoad), in rounds.
    case mixed = "mixed"
    /// remote-playerd holding 100 000 entries: Get(Tracks) five times, then GetTracksMetadata of all.
    case tracks100k = "tracks-100k"
    /// OpenUri of a 100 000-line M3U playlist to a player holding the small queue.
    case openURI100k = "openuri-100k"

    /// Whether BurstLimits holds remote-playerd to it (the control is reported only).
    var isChecked: Bool { self != .noCalls }

    /// Whether it works with a 100 000-entry queue (BURST_LARGE=0 leaves it out).
    var isLarge: Bool { self == .tracks100k || self == .openURI100k }

    /// Why mpv + mpv-mpris is not measured, if it is not.
    var notForMPV: String? { self == .tracks100k ? "mpv-mpris has no TrackList" : nil }

    /// What the burst calls, for the report's heading.
    func summary(_ settings: BurstSettings) -> String {
        switch self {
        case .noCalls: "the control: no client calls for \(settings.seconds) s, the player playing on alone (not checked)"
        case .gets: "\(settings.clients) clients: Get(PlaybackStatus, Metadata, Position), GetAll(Player), Introspect, back to back for \(settings.seconds) s"
        case .nextPrevious: "\(settings.clients) clients: Next and Previous, back to back for \(settings.seconds) s"
        case .seek: "\(settings.clients) clients: PlayPause once, then Seek +1 s / −1 s, back to back for \(settings.seconds) s"
        case .mixed:
            "\(settings.mixedRounds) rounds of \(settings.mixedSeconds) s, each followed by the watch: \(BurstSettings.mixedClients) clients of the Scale "
                + "benchmark's mix (Gets, Next/Previous/Pause, RemoveTrack + AddTrack pairs for remote-playerd) and a probe reading PlaybackStatus every 10 ms"
        case .tracks100k:
            "remote-playerd holding \(FigureText.grouped(BurstSettings.largeEntries)) entries: Get(Tracks) \(LargeQueueCalls.tracksReads) times, "
                + "then GetTracksMetadata of every entry, \(FigureText.grouped(LargeQueueCalls.metadataChunk)) ids a call, one client"
        case .openURI100k: "OpenUri of a \(FigureText.grouped(BurstSettings.largeEntries))-line M3U playlist; the last call is the queue complete"
        }
    }

    /// The calls of a burst of clients calling back to back (nil for the others).
    var mix: LoadMix? {
        switch self {
        case .gets:
            let steps: [LoadStep] = [
                LoadMix.get(PlayerInterface.playbackStatus), LoadMix.get(PlayerInterface.metadata), LoadMix.get(PlayerInterface.position),
                .call(StandardInterfaces.getAll, [.string(PlayerInterface.name)]), .call(StandardInterfaces.introspect, []),
            ]
            return LoadMix { client, turn in steps[(client + turn) % steps.count] }
        case .nextPrevious:
            return LoadMix { client, turn in .call((client + turn) % 2 == 0 ? PlayerInterface.next : PlayerInterface.previous, []) }
        case .seek:
            return LoadMix { client, turn in
                if client == 0, turn == 0 { return .call(PlayerInterface.playPause, []) }
                return .call(PlayerInterface.seek, [.int64((client + turn) % 2 == 0 ? 1_000_000 : -1_000_000)])
            }
        case .noCalls, .mixed, .tracks100k, .openURI100k:
            return nil
        }
    }
}
