// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import Testing

/// Every listener the daemon adds to its parts holds the daemon weakly: once it has shut down
/// and its owner lets go, nothing keeps it alive. (Not playing, so that no call of its own,
/// such as the media-key grab that playing starts, is still on its way. The player itself
/// lives on until the main queue has run the mpv events already posted for it.)
@Suite("remote-playerd lets go of itself")
@MainActor
struct DaemonReleaseTests {
    @Test("after shutdown, no listener holds the daemon")
    func freedAfterShutdown() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let media = try await TestMedia.make()
        defer { media.remove() }
        weak var daemon: RemotePlayerDaemon?
        do {
            let running = try await PlayerFixture.startDaemon(
                bus: bus, items: media.tones.map(\.path), statePath: media.directory.appendingPathComponent("state.json").path)
            daemon = running
            #expect(running.player.entries.count == media.tones.count)
            running.shutdown()
        }
        #expect(daemon == nil, "something still holds the daemon")
    }
}
