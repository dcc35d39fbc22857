// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting

/// One of the two programs measured side by side, driven only from outside: its command line,
/// its bus name, and (for mpv, whose MPRIS plug-in shows no TrackList) its JSON IPC socket.
public enum Contender: String, CaseIterable, Sendable {
    case remotePlayerd = "remote-playerd"
    case mpv = "mpv + mpv-mpris"

    /// mpv's MPRIS plug-in, as Debian installs it.
    public static let mprisPlugin = "/usr/lib/mpv-mpris/mpris.so"

    /// The well-known name it owns once it is on the bus.
    public var busName: String {
        switch self {
        case .remotePlayerd: "org.mpris.MediaPlayer2.remotebridge"
        case .mpv: "org.mpris.MediaPlayer2.mpv"
        }
    }

    /// The program to run.
    public var executable: String {
        switch self {
        case .remotePlayerd: BuiltProduct.release("remote-playerd")
        case .mpv: "/usr/bin/mpv"
        }
    }

    /// The arguments that start it on `bus`, paused and silent, with `item` queued (none: the
    /// saved state). remote-playerd keeps its state in `stateFile`, or none when nil; mpv answers
    /// on `ipcSocket`.
    public func arguments(bus: String, config: String, item: String?, stateFile: String?, ipcSocket: String) -> [String] {
        let items = item.map { [$0] } ?? []
        switch self {
        case .remotePlayerd:
            let state = stateFile.map { ["--state", $0] } ?? ["--no-state"]
            return ["--bus", bus, "--audio-output", "null", "--config", config, "--log-level", "error"] + state + items
        case .mpv:
            return [
                "--no-config", "--ao=null", "--vo=null", "--no-video", "--pause", "--no-terminal", "--idle=yes",
                "--script=\(Self.mprisPlugin)", "--input-ipc-server=\(ipcSocket)",
            ] + items
        }
    }
}
