// SPDX-License-Identifier: Apache-2.0
/// The footprint `make test` holds the release build to (`Footprint --check`): a short run of
/// the same measurement, failing the build when a daemon grows past these.
///
/// remote-playerd runs mpv in a program of its own (remotebridge-engine), started on the first
/// Play and ended after `[player] release-engine-after` paused or stopped: without it, remote-playerd
/// holds no libmpv and keeps a fixed RSS, no longer measured against the C floor (which embeds
/// libmpv) but in MiB; playing, it and its engine together are measured against the floor playing.
enum FootprintLimits {
    /// remote-playerd's RSS with one tagged FLAC queued, before the first Play and once its
    /// engine was released, in KiB (16 MiB; it was 62 MiB when it embedded libmpv).
    static let playerIdleKilobytes = 16 * 1024
    /// remote-playerd's wakeups a second in those states: an idle daemon is never woken.
    static let playerWakeupsPerSecond = 0.0
    /// remote-playerd's and its engine's RSS summed, playing, at most this many times the C
    /// floor's (libmpv + libdbus in one process) playing the same file in the same run.
    static let playingToFloor = 1.10
    /// headsetd's RSS reading one FIFO, in KiB (12 MiB).
    static let headsetKilobytes = 12 * 1024
    /// Start-up goals, exec → name on the bus (reported by the full run, not checked: start-up
    /// times vary with the machine's load more than a check made by `make test` can allow).
    static let startUpMilliseconds = 18.0
    static let startUpToPeer = 0.3

    /// The limits `rows` and `states` break, one sentence each; empty when all hold. `rows` are in
    /// the benchmark's order: remote-playerd, its C floor, mpv + mpv-mpris, headsetd, its C floor.
    static func broken(by rows: [Measured], states: EngineStates) -> [String] {
        let headset = rows[3]
        var broken: [String] = []
        for (state, player) in [("before the first Play", rows[0]), ("once its engine was released", states.released)] {
            if player.kilobytes > playerIdleKilobytes {
                broken.append("remote-playerd's RSS \(state), \(player.kilobytes) KiB, is over the limit of \(playerIdleKilobytes) KiB (16 MiB)")
            }
            if player.wakeupsPerSecond > playerWakeupsPerSecond {
                broken.append("remote-playerd wakes \(player.wakeupsPerSecond.rounded(toPlaces: 2)) times a second \(state); the limit is \(playerWakeupsPerSecond)")
            }
            if player.libmpvMapped != false {
                broken.append(
                    player.libmpvMapped == nil
                        ? "remote-playerd's /proc/PID/maps could not be read \(state)"
                        : "remote-playerd has libmpv mapped \(state): only its engine (remotebridge-engine) may load it")
            }
        }
        let ratio = Double(states.playingKilobytes) / Double(states.floorPlayingKilobytes)
        if ratio > playingToFloor {
            broken.append(
                "remote-playerd and its engine playing, \(states.playingDaemonKilobytes) + \(states.playingEngineKilobytes) KiB, are \(ratio.rounded(toPlaces: 2))× "
                    + "the C floor's \(states.floorPlayingKilobytes) KiB playing; the limit is \(playingToFloor)×")
        }
        if headset.kilobytes > headsetKilobytes {
            broken.append("headsetd's RSS, \(headset.kilobytes) KiB, is over the limit of \(headsetKilobytes) KiB (12 MiB)")
        }
        return broken
    }
}

extension Double {
    /// The value rounded to `places` decimal places, for a message.
    fileprivate func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
