// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore

/// The container above the player, like a navigation controller: it handles `stop` by
/// "popping" the player, and passes everything else on to the application.
@MainActor
final class NavigationController: Responder {
    private(set) var popped = false

    init(application: RemoteApplication) {
        super.init()
        next = application
    }

    override func remoteControlReceived(with event: RemoteControlEvent) {
        guard event.subtype == .stop else { return super.remoteControlReceived(with: event) }
        popped = true
    }
}
