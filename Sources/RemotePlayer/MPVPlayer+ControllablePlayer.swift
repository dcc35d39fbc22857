import MPVPlayer
import RemoteControl

/// mpv, as `PlayerController` drives it.
extension MPVPlayer: ControllablePlayer {
    public var isPlaying: Bool { status == .playing }
    public var currentLength: Duration? { current?.length }
}
