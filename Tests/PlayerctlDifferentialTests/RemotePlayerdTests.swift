// SPDX-License-Identifier: Apache-2.0
import Foundation
import Logging
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import Testing

/// remote-playerd itself (in-process, real mpv with no audio output) as the player: nothing
/// about our own player may trip playerctl compatibility.
@Suite("playerctl differential: remote-playerd as the player", .serialized)
@MainActor
struct RemotePlayerdTests {
    /// A remote-playerd on `world`'s session bus, paused on the first of `media`'s tones.
    private func daemon(on world: ClientWorld, media: TestMedia) async throws -> RemotePlayerDaemon {
        var options = RemotePlayerDaemon.Options()
        options.busAddress = world.session.address
        options.audioOutput = "null"
        options.noState = true
        options.configPath = media.directory.path + "/empty.toml"
        _ = FileManager.default.createFile(atPath: options.configPath!, contents: Data())
        options.items = media.tones.map(\.path)
        var logger = Logger(label: "differential")
        logger.logLevel = .critical
        return try await RemotePlayerDaemon(options: options, logger: logger)
    }

    @Test("queries, templates and commands on remote-playerd")
    func remotePlayerd() async throws {
        let media = try await TestMedia.make(count: 2)
        defer { media.remove() }
        let d = try Differential()
        let reference = try await daemon(on: d.reference, media: media)
        let candidate = try await daemon(on: d.candidate, media: media)
        defer {
            reference.shutdown()
            candidate.shutdown()
        }
        for arguments in [
            ["-l"], ["status"], ["-p", "remotebridge", "status"], ["metadata"], ["metadata", "title"], ["metadata", "artist"],
            ["metadata", "mpris:length"], ["metadata", "xesam:url"], ["volume"], ["loop"], ["shuffle"], ["position"],
            ["metadata", "--format", "{{playerName}} {{title}} {{duration(mpris:length)}} {{status}} {{volume}} {{loop}} {{shuffle}}"],
            ["status", "-f", "{{emoji(status)}} {{playerInstance}}"],
        ] {
            try await d.expectSame(arguments)
        }
        // Commands change each world's daemon alike; the queries after them must still agree
        // once mpv has taken the changes (each wait ends at the daemon's next change).
        for arguments in [["volume", "0.5"], ["loop", "track"], ["shuffle", "toggle"]] {
            try await d.expectSame(arguments)
        }
        let changes = ChangeWaiter()
        reference.player.listeners.add { [changes] _ in changes.wake() }
        candidate.player.listeners.add { [changes] _ in changes.wake() }
        _ = await changes.until {
            [reference, candidate].allSatisfy { abs($0.player.volume - 0.5) < 0.001 && $0.player.loop == .track && $0.player.shuffle }
        }
        for arguments in [["volume"], ["loop"], ["shuffle"], ["metadata", "title"], ["-f", "{{volume}} {{loop}} {{shuffle}}", "status"]] {
            try await d.expectSame(arguments)
        }
    }
}
