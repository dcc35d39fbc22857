// SPDX-License-Identifier: Apache-2.0
// Runs the guide's three steps and shows, for each event, which responder kept it.
import RemoteBridgeCore

let application = RemoteApplication()
let navigation = NavigationController(application: application)
let player = PlayerViewController(
    tracks: ["Morning Tone", "Evening Tone", "Night Tone"], presentedIn: navigation, application: application)

/// Sends one event and prints where it went and what the player shows afterwards.
@MainActor
func send(_ subtype: RemoteControlSubtype, from source: RemoteControlEvent.Source = .test) {
    let outcome = application.sendEvent(RemoteControlEvent(subtype: subtype, source: source))
    let destination = outcome.responder.map { "handled by \($0.responderName)" } ?? outcome.name
    print("  \(pad(subtype.name, 18)) from \(pad(source.name, 13)) → \(pad(destination, 32)) [\(player.nowShowing)]")
}

/// Pads `text` with spaces to `width` characters, for aligned columns.
func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}

print("Before the player appears (not receiving):")
send(.togglePlayPause)

print("Listing 5-1: the player appears, begins receiving and becomes first responder:")
player.viewDidAppear()
print("  first responder: \(application.firstResponder?.responderName ?? "none"); chain: \(application.responderChainNames.joined(separator: " → "))")
send(.togglePlayPause)
send(.nextTrack)
send(.nextTrack)
send(.previousTrack)
send(.skipForward)
send(.stop)

print("A headset click while another app is Now Playing, then after we become Now Playing:")
send(.togglePlayPause, from: .headset("click"))
application.isNowPlaying = true
send(.togglePlayPause, from: .headset("click"))

print("The player disappears, ends receiving and resigns:")
player.viewWillDisappear()
send(.togglePlayPause)
