import RemoteBridgeMPRIS
import RemoteControl

/// Maps every event to the in-memory player, as the daemon's PlayerController does for mpv.
@MainActor
public final class TestPlayerController: Responder {
    /// The player driven.
    public let player: InMemoryPlayer

    /// Makes a controller that passes unhandled events to `next`.
    public init(player: InMemoryPlayer, next: Responder) {
        self.player = player
        super.init()
        self.next = next
    }

    public override var canBecomeFirstResponder: Bool { true }
    public override var responderName: String { "TestPlayerController" }

    public override func remoteControlReceived(with event: RemoteControlEvent) {
        switch event.subtype {
        case .play: player.play()
        case .pause: player.pause()
        case .togglePlayPause: player.playbackStatus == .playing ? player.pause() : player.play()
        case .stop: player.stop()
        case .nextTrack: player.next()
        case .previousTrack: player.previous()
        case .skipForward: player.seek(by: event.interval ?? .zero)
        case .skipBackward: player.seek(by: .zero - (event.interval ?? .zero))
        case .changePlaybackPosition: player.setPosition(event.position ?? .zero)
        default: super.remoteControlReceived(with: event)
        }
    }
}
