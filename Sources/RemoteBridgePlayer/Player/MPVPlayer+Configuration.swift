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
        /// How mpv evens out loudness from the files' ReplayGain tags.
        public var replayGain = ReplayGainMode.off
        /// Decibels mpv adds to the ReplayGain.
        public var replayGainPreamp = 0.0
        /// When leaving an entry keeps where it was (`PositionMemory`).
        public var positionMemory = PositionMemory()
        /// Whether the rate is one for the player or kept per entry.
        public var rateMemory = RateMemory.global
        /// Next and Previous step through the chapters of a file at least this long; nil: never.
        public var chapterStepsFrom: Duration? = PlaybackDefaults.chapterStepsFrom
        /// How long the sleep timer's fade lasts before it pauses.
        public var sleepFade: Duration = PlaybackDefaults.sleepFade
        /// How much longer a scan jump is in spoken word than in music, forward and back
        /// (`[media-keys] spoken-word-skip-forward` over `skip-forward`); 1: the same.
        public var spokenWordScanScale = (forward: 1.0, backward: 1.0)

        /// The mpv options for `replayGain` and `replayGainPreamp`.
        var replayGainOptions: [(String, String)] {
            [("replaygain", replayGain.mpvValue), ("replaygain-preamp", String(replayGainPreamp))]
        }

        /// The defaults.
        public init() {}
    }
}
