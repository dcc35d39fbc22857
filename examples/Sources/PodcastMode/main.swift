// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore

// The podcast mode of a player app: next/previous skip ±30 s while it is on.
//
//   PodcastMode (first responder) → PlayerController → RemoteApplication
//
// Run: swift run --package-path examples PodcastMode

MainActor.assumeIsolated {
    let application = RemoteApplication()
    let player = PrintingPlayer()
    let controller = PlayerController(player: player, next: application)
    let podcast = PodcastMode(inFrontOf: controller)

    application.beginReceivingRemoteControlEvents()

    @MainActor func send(_ subtype: RemoteControlSubtype) {
        print("\(subtype.name):")
        let outcome = application.sendEvent(RemoteControlEvent(subtype: subtype))
        print("  → \(outcome.name)\(outcome.responder.map { " by \($0.responderName)" } ?? "")")
    }

    print("Podcast mode on.")
    _ = podcast.becomeFirstResponder()
    send(.togglePlayPause)
    send(.nextTrack)
    send(.previousTrack)
    send(.previousTrack)

    print("Podcast mode off: the controller is first responder again.")
    _ = controller.becomeFirstResponder()
    send(.nextTrack)
}
