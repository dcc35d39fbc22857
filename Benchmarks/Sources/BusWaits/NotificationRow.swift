// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import RemoteBridgeDBus
import RemoteBridgeTesting

/// Row d, PlayPause → the PropertiesChanged carrying the new PlaybackStatus, with the engine
/// running: MPRISProbe.playPauseToNotification (the `make benchmark` figure), toggle after toggle
/// on the player once it plays, the first `warmUp` not counted.
@MainActor
enum NotificationRow {
    static let name = "d. PlayPause → PropertiesChanged"
    static let warmUp = 2
    /// How long one toggle may wait for its PropertiesChanged before the row gives up.
    static let limit: Duration = .seconds(5)

    static func measure(_ player: PlayerUnderTest, toggles: Int, into figures: inout WaitFigures) async throws {
        let control = try await player.newClient()
        let connection = try await DBusConnection.connect(to: player.busAddress)
        defer {
            control.connection.close()
            connection.close()
        }
        try await player.play(through: control)
        try await Task.sleep(for: WaitSettings.settle)
        if player.contender == .remotePlayerd, EngineProcess.pid(of: player.pid) == nil {
            throw ProcessTimer.Failure(description: "remote-playerd says Playing, but has no engine process")
        }
        let probe = try await MPRISProbe(connection: connection, busName: player.busName)
        let clock = ContinuousClock()
        let done = ChangeWaiter()
        // An even count, warm-up included, leaves the player as it was: playing.
        let total = warmUp + toggles + (warmUp + toggles) % 2
        for index in 0..<total {
            var took: Duration?
            Task {
                let sent = clock.now
                await probe.playPauseToNotification()
                took = clock.now - sent
                done.wake()
            }
            guard await done.until(limit: limit, { took != nil }), let took else {
                throw ProcessTimer.Failure(description: "no PropertiesChanged with PlaybackStatus within \(limit) of PlayPause \(index + 1)")
            }
            if index >= warmUp { figures.notifications.append(took) }
        }
    }
}
