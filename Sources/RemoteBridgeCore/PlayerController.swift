// SPDX-License-Identifier: Apache-2.0
/// The responder that plays: it handles every remote-control subtype on a `ControllablePlayer`.
/// remote-playerd makes it the first responder over its mpv player; tests do the same over an
/// in-memory player, so what they check is the controller that ships.
///
/// Skips without an interval use `TransportDefaults`. Put a responder of your own in front of
/// it to change what some events mean (the podcast example turns next/previous into skips).
@MainActor
public final class PlayerController: Responder {
    /// The player it drives.
    public let player: any ControllablePlayer

    /// Makes a controller that passes nothing on (it handles every subtype), below `next`.
    public init(player: any ControllablePlayer, next: Responder?) {
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
        case .togglePlayPause: player.isPlaying ? player.pause() : player.play()
        case .stop: player.stop()
        case .nextTrack: player.next()
        case .previousTrack: player.previous()
        case .beginSeekingForward: player.beginScanning(forward: true)
        case .beginSeekingBackward: player.beginScanning(forward: false)
        case .endSeekingForward, .endSeekingBackward: player.endScanning()
        case .skipForward: player.seek(by: event.interval ?? TransportDefaults.skipForward)
        case .skipBackward: player.seek(by: .zero - (event.interval ?? TransportDefaults.skipBackward))
        case .changePlaybackPosition:
            guard let position = event.position, position >= .zero else { return }
            if let length = player.currentLength, position > length { return }
            player.seek(to: position)
        }
    }
}
