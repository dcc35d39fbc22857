// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations

/// Where the engine last said playback stood (`EngineMessage.position`), and when that was read:
/// what the position is answered from without asking, carried forward at the playback speed while
/// playing, as an MPRIS client carries Position forward from its last read.
struct EnginePosition: Sendable, Equatable {
    /// mpv's `time-pos`, seconds.
    var timePos: Double
    /// What was heard: `audio-pts` less `demuxer-start-time`; nil without audio.
    var heard: Double?
    /// When it was read.
    var at: ContinuousClock.Instant

    /// `value` carried forward to `now`: by the time passed times `speed` unless `paused`.
    static func carried(_ value: Double, from at: ContinuousClock.Instant, to now: ContinuousClock.Instant, speed: Double, paused: Bool) -> Double {
        paused ? value : value + (now - at).inSeconds * speed
    }
}
