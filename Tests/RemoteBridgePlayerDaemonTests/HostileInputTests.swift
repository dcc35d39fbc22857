// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import Foundation
import Glibc
import RemoteBridgeMPRIS
import RemoteBridgePlayer
import RemoteBridgeTesting
import RemoteBridgeText
import RemoteBridgePlayerDaemon
import Testing

/// What any session client can send remote-playerd: nothing of it may hang, crash or bloat it.
@Suite("remote-playerd: hostile input over D-Bus, in playlists and in state", .serialized)
@MainActor
struct HostileInputTests {
    @Test("OpenUri of a FIFO: the player goes on answering (art is never read from a FIFO, nor on the main actor)")
    func fifoDoesNotHang() async throws {
        let f = try await PlayerFixture()
        defer { f.stop() }
        let fifo = f.media.directory.appendingPathComponent("trap.flac").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // mpv itself may wait on the FIFO; the daemon must not.
        _ = try? await f.client.openURI("file://" + fifo)
        // Three more round trips through the main actor, each bounded well below the old 60 s hang.
        for _ in 0..<3 {
            let identity = try await f.clientConnection.call(
                f.daemon.busName, MPRISNames.objectPath, StandardInterfaces.get,
                [.string(MediaPlayer2Interface.name), .string("Identity")], timeout: .seconds(3))
            #expect(identity.first?.stringValue == "RemoteBridge")
        }
        // Let mpv's open of the FIFO finish, so the player shuts down cleanly.
        let writer = open(fifo, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
    }

    @Test("playlist entries with edl://, memory://, lavfi:// and av:// never reach mpv; the file entries do")
    func playlistSchemes() async throws {
        let media = try await TestMedia.make(count: 1, seconds: 5)
        let playlist = media.directory.appendingPathComponent("list.m3u")
        try """
            #EXTM3U
            edl:///etc/passwd
            memory://#EXTM3U
            lavfi://sine
            av://lavfi:sine=frequency=300
            \(media.tones[0].path)
            """.write(to: playlist, atomically: true, encoding: .utf8)
        let f = try await PlayerFixture(items: [playlist.path], media: media)
        defer { f.stop() }
        #expect(f.player.entries.map(\.url) == [media.tones[0].path])
    }

    @Test("state-file entries pass the same check: edl:///etc/passwd is not played after a restore")
    func stateSchemes() async throws {
        let f = try await PlayerFixture()
        defer { f.stop() }
        f.daemon.shutdown()
        var state = try #require(try StateStore(path: f.statePath).load())
        state.queue.insert(QueueItem(url: "edl:///etc/passwd"), at: 0)
        state.queue.append(QueueItem(url: "memory://x"))
        state.currentIndex = 0
        try StateStore(path: f.statePath).save(state)
        try await f.restart()
        #expect(f.player.entries.map(\.url) == f.media.tones.map(\.path))
        #expect(f.player.currentIndex == 0)
    }

    /// The errors that OpenUri and AddTrack answer `uri` with; a call that takes it is an issue.
    private func refusals(of uri: String, _ f: PlayerFixture) async -> [(call: String, error: DBusError)] {
        var refusals: [(call: String, error: DBusError)] = []
        for call in ["OpenUri", "AddTrack"] {
            do throws(DBusError) {
                if call == "OpenUri" {
                    try await f.client.openURI(uri)
                } else {
                    _ = try await f.client.call(TrackListInterface.addTrack, [.string(uri), .objectPath(TrackListInterface.noTrack), .bool(false)])
                }
                Issue.record("\(call) accepted a URI of \(uri.utf8.count) bytes")
            } catch {
                refusals.append((call, error))
            }
        }
        return refusals
    }

    @Test("a URI over 64 KiB is refused with LimitsExceeded, and the error quotes only its start")
    func longURI() async throws {
        let f = try await PlayerFixture()
        defer { f.stop() }
        let uri = "file:///" + String(repeating: "a", count: 1 << 20)
        for (call, error) in await refusals(of: uri, f) {
            #expect(error.name == "org.freedesktop.DBus.Error.LimitsExceeded", "\(call): \(error.name)")
            #expect(error.message.utf8.count < 600, "\(call) echoed \(error.message.utf8.count) bytes")
            #expect(error.message.contains("1048584 bytes"))
        }
        #expect(f.player.entries.count == 3)
    }

    @Test("a 1 MiB URI of one grapheme (a letter and 524288 accents) gets an error reply under 1 KiB from OpenUri and AddTrack")
    func singleGraphemeURI() async throws {
        let f = try await PlayerFixture()
        defer { f.stop() }
        // One `Character`: a quote that counted Characters sent all of it back.
        let uri = "file:///a" + String(repeating: "\u{301}", count: 1 << 19)
        #expect(uri.utf8.count == 1_048_585)
        for (call, error) in await refusals(of: uri, f) {
            #expect(error.name == "org.freedesktop.DBus.Error.LimitsExceeded", "\(call): \(error.name)")
            #expect(error.message.utf8.count < 1024, "\(call) echoed \(error.message.utf8.count) bytes")
            // The reply quotes the URI's start and size; a reply cut only on arrival would hold
            // the start of the whole URI instead, without this mark after 200 bytes.
            #expect(error.message.contains(OutsideText.quoted(uri)), "\(call): \(error.message.utf8.count) bytes")
            #expect(error.message.contains("… (1048585 bytes)"))
        }
        #expect(f.player.entries.count == 3)
    }

    @Test("a full queue refuses AddTrack with LimitsExceeded, and the player answers throughout")
    func fullQueue() async throws {
        let bus = try PrivateBus()
        let media = try await TestMedia.make(count: 3, seconds: 5)
        defer {
            bus.stop()
            media.remove()
        }
        let daemon = try await PlayerFixture.startDaemon(
            bus: bus, items: media.tones.map(\.path), statePath: media.directory.path + "/state.json", maximumQueueLength: 4)
        defer { daemon.shutdown() }
        let connection = try await DBusConnection.connect(to: bus.address)
        let client = MPRISClient(connection: connection, busName: daemon.busName)
        func add() async throws(DBusError) {
            _ = try await client.call(TrackListInterface.addTrack, [.string("file://" + media.tones[0].path), .objectPath(TrackListInterface.noTrack), .bool(false)])
        }
        try await add()
        do throws(DBusError) {
            try await add()
            Issue.record("a fifth entry was accepted")
        } catch {
            #expect(error.name == "org.freedesktop.DBus.Error.LimitsExceeded")
            #expect(error.message.contains("the queue is full (4 entries)"))
        }
        #expect(daemon.player.entries.count == 4)
    }
}
