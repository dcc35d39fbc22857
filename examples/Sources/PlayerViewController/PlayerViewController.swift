// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore

/// The guide's player view controller, as a RemoteBridge responder.
///
/// Listing 5-1: when it appears it begins receiving remote-control events and becomes first
/// responder; when it disappears it ends receiving and resigns.
/// Listing 5-2: it says it can become first responder.
/// Listing 5-3: it handles play/pause, next and previous, and passes everything else up.
@MainActor
final class PlayerViewController: Responder {
    private let application: RemoteApplication
    private let tracks: [String]
    private var index = 0
    private(set) var isPlaying = false

    init(tracks: [String], presentedIn container: Responder, application: RemoteApplication) {
        self.tracks = tracks
        self.application = application
        super.init()
        next = container
    }

    /// Listing 5-1, `viewDidAppear:`.
    func viewDidAppear() {
        application.beginReceivingRemoteControlEvents()
        becomeFirstResponder()
    }

    /// Listing 5-1, `viewWillDisappear:`.
    func viewWillDisappear() {
        application.endReceivingRemoteControlEvents()
        resignFirstResponder()
    }

    /// Listing 5-2.
    override var canBecomeFirstResponder: Bool { true }

    /// Listing 5-3.
    override func remoteControlReceived(with event: RemoteControlEvent) {
        switch event.subtype {
        case .togglePlayPause:
            isPlaying.toggle()
        case .nextTrack:
            index = (index + 1) % tracks.count
        case .previousTrack:
            index = (index + tracks.count - 1) % tracks.count
        default:
            super.remoteControlReceived(with: event)
        }
    }

    /// What the player shows right now.
    var nowShowing: String { "\(isPlaying ? "▶" : "⏸") \(tracks[index])" }
}
