import RemoteBridgeMPRIS
import RemoteControl

/// The in-memory player, as `PlayerController` drives it. Scanning is only recorded.
extension InMemoryPlayer: ControllablePlayer {
    /// Whether it is playing.
    public var isPlaying: Bool { playbackStatus == .playing }
    /// The current track's length, if it has one.
    public var currentLength: Duration? { currentTrack?.length }

    /// Jumps to `position` (Seeked is signalled).
    public func seek(to position: Duration) { setPosition(position) }

    /// Records a scan in `scanning`.
    public func beginScanning(forward: Bool) { scanning = forward ? .forward : .backward }

    /// Ends the recorded scan.
    public func endScanning() { scanning = nil }
}
