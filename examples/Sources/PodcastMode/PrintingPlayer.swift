// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore

/// A stand-in for a real player (remote-playerd drives mpv the same way): it prints each
/// command and keeps a position, so the example shows what the chain did.
@MainActor
final class PrintingPlayer: ControllablePlayer {
    private(set) var position: Duration = .seconds(600)
    private(set) var isPlaying = false
    var currentLength: Duration? { .seconds(3600) }

    func play() { isPlaying = true; say("play") }
    func pause() { isPlaying = false; say("pause") }
    func stop() { isPlaying = false; say("stop") }
    func next() { say("next episode") }
    func previous() { say("previous episode") }
    func seek(by offset: Duration) {
        position = max(.zero, position + offset)
        say("seek by \(offset) → \(position)")
    }
    func seek(to position: Duration) {
        self.position = position
        say("seek to \(position)")
    }
    func beginScanning(forward: Bool) { say("scan \(forward ? "forward" : "backward")") }
    func endScanning() { say("scan ends") }

    private func say(_ text: String) { print("  player: \(text)") }
}
