// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore

/// Podcast mode: a responder in front of the player that turns next-track and previous-track
/// into 30-second skips, as podcast apps do with a headset's double- and triple-click, and
/// passes every other event on unchanged.
///
/// It is the guide's responder chain in use: it becomes the first responder, its `next` is the
/// player's controller, so an event it does not handle travels on to the controller.
@MainActor
final class PodcastMode: Responder {
    /// How far a next-track or previous-track skips.
    let interval: Duration

    init(interval: Duration = .seconds(30), inFrontOf player: Responder) {
        self.interval = interval
        super.init()
        next = player
    }

    override var canBecomeFirstResponder: Bool { true }
    override var responderName: String { "PodcastMode" }

    override func remoteControlReceived(with event: RemoteControlEvent) {
        switch event.subtype {
        case .nextTrack, .previousTrack:
            // Handled here by handing a different event to the rest of the chain.
            let skip = event.subtype == .nextTrack ? RemoteControlSubtype.skipForward : .skipBackward
            next?.remoteControlReceived(with: RemoteControlEvent(subtype: skip, source: event.source, interval: interval))
        default:
            super.remoteControlReceived(with: event)
        }
    }
}
