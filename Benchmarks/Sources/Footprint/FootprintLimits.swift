/// The footprint `make test` holds the release build to (`Footprint --check`): a short run of
/// the same measurement, failing the build when a daemon grows past these. The figures the
/// limits guard are in README.md (remote-playerd 0.95× its floor, headsetd 11.8 MiB, both 0
/// wakeups a second).
enum FootprintLimits {
    /// remote-playerd's RSS, paused with one tagged FLAC, at most this many times the C floor's
    /// (libmpv + libdbus) in the same run: the floor moves with libmpv, the ratio does not.
    static let playerToFloor = 1.15
    /// remote-playerd's wakeups a second while paused: an idle daemon is never woken.
    static let playerWakeupsPerSecond = 0.0
    /// headsetd's RSS reading one FIFO, in KiB (12 MiB).
    static let headsetKilobytes = 12 * 1024

    /// The limits `rows` break, one sentence each; empty when all hold. `rows` are in the
    /// benchmark's order: remote-playerd, its C floor, mpv + mpv-mpris, headsetd, its C floor.
    static func broken(by rows: [Measured]) -> [String] {
        let player = rows[0]
        let floor = rows[1]
        let headset = rows[3]
        var broken: [String] = []
        let ratio = Double(player.kilobytes) / Double(floor.kilobytes)
        if ratio > playerToFloor {
            broken.append("remote-playerd's RSS, \(player.kilobytes) KiB, is \(ratio.rounded(toPlaces: 2))× the C floor's \(floor.kilobytes) KiB; the limit is \(playerToFloor)×")
        }
        if player.wakeupsPerSecond > playerWakeupsPerSecond {
            broken.append("remote-playerd wakes \(player.wakeupsPerSecond.rounded(toPlaces: 2)) times a second while paused; the limit is \(playerWakeupsPerSecond)")
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
