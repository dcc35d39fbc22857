import MPVPlayer
import RemoteControl

/// The first responder of `remote-playerd`: it handles every remote-control subtype on the
/// mpv player, as docs/ARCHITECTURE.md describes.
@MainActor
public final class PlayerController: Responder {
    /// The player it drives.
    public let player: MPVPlayer

    /// Makes a controller below `next` (usually the application).
    public init(player: MPVPlayer, next: Responder) {
        self.player = player
        super.init()
        self.next = next
    }

    public override var canBecomeFirstResponder: Bool { true }
    public override var responderName: String { "PlayerController" }

    public override func remoteControlReceived(with event: RemoteControlEvent) {
        switch event.subtype {
        case .play: player.play()
        case .pause: player.pause()
        case .togglePlayPause: player.status == .playing ? player.pause() : player.play()
        case .stop: player.stop()
        case .nextTrack: player.next()
        case .previousTrack: player.previous()
        case .beginSeekingForward: player.beginScanning(forward: true)
        case .beginSeekingBackward: player.beginScanning(forward: false)
        case .endSeekingForward, .endSeekingBackward: player.endScanning()
        case .skipForward: player.seek(by: event.interval ?? .seconds(30))
        case .skipBackward: player.seek(by: .zero - (event.interval ?? .seconds(10)))
        case .changePlaybackPosition:
            guard let position = event.position, position >= .zero else { return }
            if let length = player.current?.length, position > length { return }
            player.seek(to: position)
        }
    }
}
