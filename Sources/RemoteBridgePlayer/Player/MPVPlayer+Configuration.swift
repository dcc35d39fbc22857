// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import RemoteBridgeCore

extension MPVPlayer {
    /// How the player is set up.
    public struct Configuration: Sendable {
        /// mpv's audio output: `auto` tries the real outputs and falls back to `null`.
        public var audioOutput = "auto"
        /// What the audio output stream says it is; nil leaves mpv's own names ("mpv").
        public var audioStream: AudioStreamIdentity?
        /// URI schemes `open(uri:)` accepts.
        public var allowedSchemes = TransportDefaults.uriSchemes
        /// Where embedded cover art is extracted to.
        public var artCacheDirectory: URL?
        /// previousTrack restarts the track when more than this has played; zero turns it off.
        public var previousRestartThreshold: Duration = TransportDefaults.previousRestartsAfter
        /// How often a scan jumps while a seek button is held.
        public var scanInterval: Duration = TransportDefaults.scanPeriod
        /// How far each scan jump goes.
        public var scanStep: Duration = TransportDefaults.scanStep
        /// The most the art cache may hold, in bytes; the least recently used files go first.
        public var artCacheLimit = 200 << 20
        /// The unix sockets the engine's confinement hides from it: the buses, which the daemon
        /// lists (`EngineHiddenSockets` in RemoteBridgePlayerDaemon). Empty: none is hidden.
        public var hiddenSockets: [String] = []
        /// How long paused or stopped before the engine is let go; zero: never.
        public var releaseEngineAfter: Duration = TransportDefaults.releaseEngineAfter
        /// The most entries the queue holds (`QueueLimits.maximumEntries`; tests lower it).
        public var maximumEntries = QueueLimits.maximumEntries

        /// The defaults.
        public init() {}
    }

    /// Playing, paused or stopped.
    public enum Status: String, Sendable {
        case playing, paused, stopped
    }

    /// The loop mode.
    public enum Loop: String, Sendable, Codable {
        case none, track, playlist
    }

    /// What changed, for whoever presents the player.
    public enum Change: Sendable, Equatable {
        /// Status, volume, rate, loop, shuffle, current entry or its tags may have changed.
        case state
        /// The position jumped.
        case seeked(Duration)
        /// The queue was replaced or reordered as a whole (a load, shuffle turned on or off).
        case queueChanged
        /// Entries were inserted: `entries[index ..< index + count]` are the new ones.
        case entriesInserted(at: Int, count: Int)
        /// The entry `id` was removed from `index` (the entries after it moved up by one).
        case entryRemoved(at: Int, id: Int64)
        /// An entry's tags, length or art changed.
        case entryChanged(QueueEntry)
        /// An entry could not be played; playback went on with the next one.
        case loadFailed(url: String, reason: String)
    }
}
