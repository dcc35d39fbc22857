import RemoteBridgeMPRIS
import RemoteControl

/// The in-memory player, as `PlayerController` drives it. Scanning is only recorded.
extension InMemoryPlayer: ControllablePlayer {
    public var isPlaying: Bool { playbackStatus == .playing }
    public var currentLength: Duration? { currentTrack?.length }

    public func seek(to position: Duration) { setPosition(position) }

    public func beginScanning(forward: Bool) { scanning = forward ? .forward : .backward }

    public func endScanning() { scanning = nil }
}
