// SPDX-License-Identifier: Apache-2.0
/// The skip and scan amounts every part of RemoteBridge uses unless configured otherwise: the
/// daemon's controller, MPRIS `SendEvent` without an interval, the desktop's media keys, and
/// scanning by repeated `Seek` on players that cannot scan themselves; and the player's own
/// defaults that its settings, mpv's adapter and the tests' player share.
public enum TransportDefaults {
    /// How far `skipForward` goes without an interval (podcast apps skip 30 s forward).
    public static let skipForward: Duration = .seconds(30)
    /// How far `skipBackward` goes without an interval.
    public static let skipBackward: Duration = .seconds(10)
    /// How much of a track must have played for previous-track to restart it rather than go back
    /// (`previous-restarts-after` in `config.toml`; phones restart after about 3 s too).
    public static let previousRestartsAfter: Duration = .seconds(3)
    /// The URI schemes OpenUri accepts unless `supported-uri-schemes` says otherwise.
    public static let uriSchemes = ["file", "http", "https"]
    /// How far each scan jump goes while a seek button is held.
    public static let scanStep: Duration = .milliseconds(1250)
    /// The time between scan jumps: 1.25 s every 250 ms is 6× real time forward, 4× back.
    public static let scanPeriod: Duration = .milliseconds(250)
    /// How long the player stays paused or stopped before it ends its engine process (mpv and the
    /// libraries under it, about 45 MiB) until the next Play (`release-engine-after`; zero: never).
    /// Long enough that a pause to answer the door keeps the next Play instant.
    public static let releaseEngineAfter: Duration = .seconds(300)

    /// The default interval of a skip subtype; nil for the others.
    public static func skipInterval(for subtype: RemoteControlSubtype) -> Duration? {
        switch subtype {
        case .skipForward: skipForward
        case .skipBackward: skipBackward
        default: nil
        }
    }
}
