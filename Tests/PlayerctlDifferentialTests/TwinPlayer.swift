// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeTesting

/// One player as the test sees it: the same scripted player in playerctl's world and in
/// remotectl's, changed together.
@MainActor
struct TwinPlayer {
    /// The copy playerctl talks to.
    let reference: ScriptedPlayer
    /// The copy remotectl talks to.
    let candidate: ScriptedPlayer

    /// Sets a player property on both copies.
    func set(_ name: String, _ value: DBusValue) {
        reference.set(name, value)
        candidate.set(name, value)
    }

    /// Replaces the metadata of both copies.
    func setMetadata(_ entries: [(String, DBusValue)]) {
        reference.setMetadata(entries)
        candidate.setMetadata(entries)
    }

    /// Seeks both copies, each sending Seeked.
    func seek(to position: Duration) {
        reference.seek(to: position)
        candidate.seek(to: position)
    }

    /// Takes both copies off their buses.
    func leave() {
        reference.leave()
        candidate.leave()
    }

    /// Takes both copies off their buses, and returns once each bus has told its clients.
    func leaveInOrder() async {
        async let reference: Void = reference.leaveInOrder()
        async let candidate: Void = candidate.leaveInOrder()
        _ = await (reference, candidate)
    }

    /// The calls each copy received, as lines (`Play`, `Set "Volume" 0.5`).
    var calls: (playerctl: [String], remotectl: [String]) {
        (reference.calls.map(\.description), candidate.calls.map(\.description))
    }
}
