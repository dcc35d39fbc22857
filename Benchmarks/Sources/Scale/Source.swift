// SPDX-License-Identifier: Apache-2.0
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
