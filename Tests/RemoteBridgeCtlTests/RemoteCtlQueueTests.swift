// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// `remotectl queue`, what the desktop entry's "Open With" runs: it starts remote-playerd by D-Bus
/// activation, puts the items right after the current entry in the order given, makes the first
/// current, and plays; a refused item is named, the others are queued.
@Suite("remotectl queue: start by activation, queue after the current entry, play", .serialized)
@MainActor
struct RemoteCtlQueueTests {
    /// The queue's URLs in order, and the current one's.
    static func queue(of player: MPRISClient) async throws -> (urls: [String], current: String?) {
        let ids = try await player.property(TrackListInterface.tracks).stringArrayValue ?? []
        let reply = try await player.call(TrackListInterface.getTracksMetadata, [.objectPaths(ids)])
        let urls = (reply.first?.arrayValue ?? []).compactMap { $0.stringDictionaryValue?["xesam:url"]?.stringValue }
        let current = try await player.property(PlayerInterface.metadata).stringDictionaryValue?["xesam:url"]?.stringValue
        return (urls, current)
    }

    /// Whether the player's current entry becomes `url`, asked again at each PropertiesChanged:
    /// its Metadata follows the entry made current once mpv starts loading it.
    static func current(of player: MPRISClient, becomes url: String, watching changes: SignalRecorder) async throws -> Bool {
        try await changes.until { try await queue(of: player).current == url }
    }

    @Test("Not running: started by the bus; two files go after the saved current entry, in order; the first plays")
    func queuesAfterCurrent() async throws {
        let world = try await ActivationWorld(saved: true)
        defer { world.stop() }
        let added = try await world.moreTones(count: 2)
        let changes = try await world.propertyChanges()
        // A relative path, as a shell gives it, and a file URI, as a file manager's %U does.
        let relative = "../" + added.directory.lastPathComponent + "/" + added.tones[0].lastPathComponent
        let result = try await ExternalProcess.run(
            "/bin/sh", ["-c", "cd \"$1\" && exec \"$2\" --bus \"$3\" queue \"$4\" \"$5\"", "sh", world.media.directory.path, BuiltProduct.debug("remotectl"),
                        world.bus.address, relative, added.tones[1].absoluteString],
            environment: world.environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty && result.standardError.isEmpty, "\(result.standardError)")
        let player = try await world.player()
        #expect(try await Self.current(of: player, becomes: added.tones[0].absoluteString, watching: changes))
        let urls = try await Self.queue(of: player).urls
        let saved = world.media.tones.map(\.absoluteString)
        #expect(urls == [saved[0], added.tones[0].absoluteString, added.tones[1].absoluteString, saved[1], saved[2]], "\(urls)")
        #expect(try await player.playbackStatus() == .playing)
    }

    @Test("With no items: starts the player and plays its saved queue")
    func noItems() async throws {
        let world = try await ActivationWorld(saved: true)
        defer { world.stop() }
        let result = try await world.remotectl(["queue"])
        #expect(result.status == 0, "\(result.standardError)")
        let player = try await world.player()
        #expect(try await player.playbackStatus() == .playing)
        #expect(try await Self.queue(of: player).current == world.media.tones[0].absoluteString)
    }

    @Test("A refused first item is named with the player's reason; the next one is current and plays; exit 1")
    func refusedItem() async throws {
        let world = try await ActivationWorld(saved: true)
        defer { world.stop() }
        let added = try await world.moreTones(count: 1)
        let changes = try await world.propertyChanges()
        let result = try await world.remotectl(["queue", "gopher://example.com/song.flac", added.tones[0].path])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("remotectl: queue: \"gopher://example.com/song.flac\": "), "\(result.standardError)")
        #expect(result.standardError.contains("gopher"), "\(result.standardError)")
        let player = try await world.player()
        #expect(try await Self.current(of: player, becomes: added.tones[0].absoluteString, watching: changes))
        let urls = try await Self.queue(of: player).urls
        #expect(urls.count == 4 && !urls.contains { $0.hasPrefix("gopher") }, "\(urls)")
        #expect(try await player.playbackStatus() == .playing)
    }

    @Test("No activation file and no player: says so and how to fix it; exit 1")
    func notActivatable() async throws {
        let world = try await ActivationWorld(saved: true, activatable: false)
        defer { world.stop() }
        let result = try await world.remotectl(["queue", world.media.tones[0].path])
        #expect(result.status == 1)
        #expect(result.standardError == "remotectl: queue: remotebridge is not running, and the bus cannot start it: no D-Bus activation file for "
            + "org.mpris.MediaPlayer2.remotebridge (install one with make install or the Debian package, or start the player first)\n")
    }

    @Test("A -p name that cannot be a bus name is refused before anything is sent; exit 2")
    func badName() async throws {
        let world = try await ActivationWorld(saved: false, activatable: false)
        defer { world.stop() }
        let result = try await world.remotectl(["-p", "9bad..name", "queue"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("remotectl: queue: \"9bad..name\" cannot be part of a bus name"), "\(result.standardError)")
    }
}
