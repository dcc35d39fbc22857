import BenchmarkSupport
import Foundation
import RemoteBridgeTesting

/// One of the two programs measured side by side, driven only from outside: its command line,
/// its bus name, and (for mpv, whose MPRIS plug-in shows no TrackList) its JSON IPC socket.
enum Contender: String, CaseIterable {
    case remotePlayerd = "remote-playerd"
    case mpv = "mpv + mpv-mpris"

    /// mpv's MPRIS plug-in, as Debian installs it.
    static let mprisPlugin = "/usr/lib/mpv-mpris/mpris.so"

    /// The well-known name it owns once it is on the bus.
    var busName: String {
        switch self {
        case .remotePlayerd: "org.mpris.MediaPlayer2.remotebridge"
        case .mpv: "org.mpris.MediaPlayer2.mpv"
        }
    }

    /// The program to run.
    var executable: String {
        switch self {
        case .remotePlayerd: BuiltProduct.release("remote-playerd")
        case .mpv: "/usr/bin/mpv"
        }
    }

    /// The arguments that start it on `bus`, paused and silent, with `item` queued (none: the
    /// saved state). remote-playerd keeps its state in `stateFile`, or none when nil; mpv answers
    /// on `ipcSocket`.
    func arguments(bus: String, config: String, item: String?, stateFile: String?, ipcSocket: String) -> [String] {
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

/// Where a queue comes from.
enum Source: String, CaseIterable {
    /// An M3U playlist of the library (both programs).
    case playlist = "playlist"
    /// The library's folder tree (both programs).
    case folder = "folder tree"
    /// The playlist, with remote-playerd keeping a state file (which it then writes).
    case playlistWithState = "playlist, --state"
    /// No items: remote-playerd restores the state saved by the run before (mpv has none).
    case savedState = "saved state"

    /// Whether mpv + mpv-mpris can start from it.
    var servesMPV: Bool { self == .playlist || self == .folder }
}
