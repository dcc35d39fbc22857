// SPDX-License-Identifier: Apache-2.0
import Foundation
import Logging
import RemoteBridgeCore
import RemoteBridgeDesktopKeys
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgePlayer
@testable import RemoteBridgePlayerDaemon

/// Skips and scans by the kind of entry: the desktop's FastForward and Rewind skip by
/// `[media-keys] spoken-word-skip-*` in a podcast or an audiobook and by `skip-*` in music, and a
/// held seek button scans in longer jumps in spoken word by the same ratio.
@Suite("remote-playerd: spoken word skips and scans further than music", .serialized)
@MainActor
struct SpokenWordStepsTests {
    @Test("FastForward and Rewind from the desktop: 20 s and 10 s in a song, 60 s and 30 s in an audiobook; a hold's scan jumps three times as far in it")
    func stepsByKind() async throws {
        let bus = try PrivateBus()
        let media = try await TestMedia.make(count: 1, seconds: 60)
        let gnome = try await FakeSettingsDaemon(bus: bus, daemon: DesktopMediaKeys.daemons[0])
        defer {
            bus.stop()
            media.remove()
        }
        let book = media.directory.appendingPathComponent("book.m4b")
        let made = try await ExternalProcess.run(
            "ffmpeg", ["-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=220:duration=60:sample_rate=8000", "-c:a", "aac", book.path])
        try #require(made.status == 0, "ffmpeg: \(made.standardError)")
        let config = media.directory.appendingPathComponent("steps.toml").path
        try "[media-keys]\nskip-forward = 20\nspoken-word-skip-forward = 60\nspoken-word-skip-backward = 30\n".write(toFile: config, atomically: true, encoding: .utf8)
        var options = RemotePlayerDaemon.Options()
        options.busAddress = bus.address
        options.audioOutput = "null"
        options.noState = true
        options.configPath = config
        options.items = [media.tones[0].path, book.path]
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let daemon = try await RemotePlayerDaemon(options: options, logger: logger)
        defer { daemon.shutdown() }
        var skips: [String] = []
        let delivered = ChangeWaiter()
        daemon.application.listeners.add { announced in
            guard case .delivered(let event, _) = announced, event.source == .mediaKeys else { return }
            skips.append("\(event.subtype.name) \(event.interval?.inSeconds ?? -1)")
            delivered.wake()
        }
        daemon.player.play()
        #expect(await until(wokenBy: gnome.grabbed) { gnome.grabs.count == 1 })
        func press(_ key: String) async throws {
            let count = skips.count
            try gnome.press(key)
            #expect(await delivered.until { skips.count > count })
        }
        try await press("FastForward")
        try await press("Rewind")
        #expect(skips == ["skip-forward 20.0", "skip-backward 10.0"], "a song")
        try daemon.player.goTo(id: daemon.player.entries.id(at: 1))
        #expect(daemon.player.current?.isSpokenWord == true)
        try await press("FastForward")
        try await press("Rewind")
        #expect(skips.suffix(2) == ["skip-forward 60.0", "skip-backward 30.0"], "an audiobook")

        // A hold: each scan jump in the audiobook is 60/20 = 3 times the music's 1.25 s forward,
        // 30/10 = 3 times back; in the song, the music's.
        #expect(daemon.player.scanStep(forward: true) == TransportDefaults.scanStep * 3)
        #expect(daemon.player.scanStep(forward: false) == TransportDefaults.scanStep * 3)
        try daemon.player.goTo(id: daemon.player.entries.id(at: 0))
        #expect(daemon.player.scanStep(forward: true) == TransportDefaults.scanStep)
    }
}
