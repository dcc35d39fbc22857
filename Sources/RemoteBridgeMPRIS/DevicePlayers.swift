// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeProcess

/// Bluetooth devices' own players on the session bus: a phone's AVRCP player that BlueZ's
/// `mpris-proxy` puts there as an MPRIS player (`org.mpris.MediaPlayer2.Pixel_7_Music`, one
/// connection each). They look like any other player, but they are the phone's, not this
/// computer's: the Now Playing rule lets one take a press only while it plays
/// (`NowPlayingTracker`), and `remotectl doctor` names one that playerctl picks first.
///
/// A player is a device's when the process that owns its name is a proxy program (its
/// `/proc/PID/comm`, which the bus tells by the owner's process id).
public enum DevicePlayers {
    /// The programs that put Bluetooth devices' players on the bus: BlueZ's `mpris-proxy`.
    public static let proxyPrograms: Set<String> = ["mpris-proxy"]

    /// The proxy program that runs process `pid`, or nil when it runs another program (or is gone).
    public static func proxyProgram(ofProcess pid: Int64, proc: String = "/proc") -> String? {
        guard pid > 0, let name = ProcessFiles.name("\(proc)/\(pid)/comm"), proxyPrograms.contains(name) else { return nil }
        return name
    }

    /// Whether the connection `owner` (a unique name) belongs to a proxy program; asks the bus
    /// daemon, never the player, so a frozen player delays nothing.
    public static func isDevicePlayer(owner: String, on connection: DBusConnection) async -> Bool {
        guard let pid = await connection.processID(of: owner) else { return false }
        return proxyProgram(ofProcess: pid) != nil
    }
}
