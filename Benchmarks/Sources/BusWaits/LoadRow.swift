// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport

/// Row c, 8 concurrent clients: the Bursts benchmark's mixed load (ConcurrentLoad with
/// `LoadMix.scale`, RemoveTrack + AddTrack pairs for remote-playerd, whose TrackList mpv-mpris
/// lacks) and its probe reading PlaybackStatus every 10 ms, on the player playing its queue.
@MainActor
enum LoadRow {
    static let name = "c. load"

    static func measure(_ player: PlayerUnderTest, seconds: Int, extraURI: String, into figures: inout WaitFigures) async throws {
        let control = try await player.newClient()
        defer { control.connection.close() }
        try await player.play(through: control)
        try await Task.sleep(for: WaitSettings.settle)
        let load = ConcurrentLoad(busName: player.busName, mix: .scale(editsQueue: player.contender == .remotePlayerd), extraURI: extraURI)
        let figuresOfLoad = try await load.run(address: player.busAddress, clients: WaitSettings.loadClients, seconds: seconds)
        figures.load = figuresOfLoad
        if figuresOfLoad.failedCalls > 0 {
            figures.notes.append("\(name): \(figuresOfLoad.failedCalls) calls failed, the first: \(figuresOfLoad.firstFailure ?? "?")")
        }
    }
}
