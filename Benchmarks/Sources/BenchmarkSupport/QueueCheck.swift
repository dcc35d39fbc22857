// SPDX-License-Identifier: Apache-2.0
/// Tells, from outside, whether a started program holds its whole queue.
@MainActor
public protocol QueueCheck {
    /// Whether the whole queue is loaded now.
    func isLoaded() async -> Bool
}

extension QueueReadiness: QueueCheck {}

/// mpv's side: its `playlist-count`, over the JSON IPC socket, is the number of entries given.
/// (mpv first holds the playlist file or folder as one entry, then what it expands to.)
@MainActor
public final class MPVPlaylistCheck: QueueCheck {
    private let socketPath: String
    private let entries: Int
    private var ipc: MPVIPC?

    /// Checks the mpv answering on `socketPath`, which was given `entries` entries.
    public init(socketPath: String, entries: Int) {
        self.socketPath = socketPath
        self.entries = entries
    }

    public func isLoaded() async -> Bool {
        if ipc == nil { ipc = MPVIPC(path: socketPath) }
        return ipc?.playlistCount() == entries
    }
}
