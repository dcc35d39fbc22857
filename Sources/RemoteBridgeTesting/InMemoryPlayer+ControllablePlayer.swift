// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeMPRIS
import RemoteBridgeCore

/// The in-memory player, as `PlayerController` drives it. Scanning is only recorded, and, as
/// `MPVPlayer` does, a position before the start is 0 and a stopped player does not scan.
extension InMemoryPlayer: ControllablePlayer {
    /// Whether it is playing.
    public var isPlaying: Bool { playbackStatus == .playing }
    /// The current track's length, if it has one.
    public var currentLength: Duration? { currentTrack?.length }

    /// Jumps to `position`, 0 for one before the start (Seeked is signalled).
    public func seek(to position: Duration) { setPosition(max(.zero, position)) }

    /// Records a scan in `scanning`, unless stopped.
    public func beginScanning(forward: Bool) {
        guard playbackStatus != .stopped else { return }
        scanning = forward ? .forward : .backward
    }

    /// Ends the recorded scan.
    public func endScanning() { scanning = nil }
}
