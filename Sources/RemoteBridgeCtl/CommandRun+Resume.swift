// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeResume

extension CommandRun {
    /// `remotectl play` or `play-pause` with no player at all, no `-p`, `-i` or `-a`: media-button
    /// resumption, as headsetd does it. Under `[headset] resume-after-exit-within`, with a saved
    /// queue, it starts remote-playerd through D-Bus activation and sends Play; returns 0 then.
    /// Returns nil to go on as playerctl does ("No players found", 1) when it declines, when the
    /// config file cannot be read, or when the bus has no activation file for remote-playerd.
    func resumeWithNoPlayer(_ verb: String, on buses: PlayerBuses) async -> Int32? {
        guard verb == "play" || verb == "play-pause", invocation.playerNames.isEmpty, invocation.ignoredNames.isEmpty, !invocation.allPlayers
        else { return nil }
        guard let policy = try? ResumePolicy.fromConfigurationFile() else { return nil }
        switch await PlayerResumption(connection: buses.session, policy: { policy }).resume() {
        case .resumed: return 0
        case .declined, .alreadyStarting, .notActivatable: return nil
        case .failed(let message):
            diagnostic("remotectl: could not resume: \(message)")
            return 1
        }
    }
}
