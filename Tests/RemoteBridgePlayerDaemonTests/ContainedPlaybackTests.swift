// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
@testable import RemoteBridgePlayer
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import Testing

/// mpv opens only what the queue's check passed: never an entry it found inside a file, never a
/// file a nested URL names. Every hostile entry points at a canary file that inotify watches.
@Suite("remote-playerd: mpv plays only what the scheme check passed", .serialized)
@MainActor
struct ContainedPlaybackTests {
    /// URIs with each of mpv's and libavformat's protocols that read something other than the
    /// file they name, all aimed at the canary (or at an open descriptor of it).
    nonisolated static func hostileURIs(canary: String, descriptor: Int32) -> [String] {
        [
            "edl://\(canary)", "edl://%\(canary.utf8.count)%\(canary)", "memory://#EXTM3U", "lavfi://amovie=\(canary)",
            "av://lavfi:amovie=\(canary)", "avdevice://lavfi:amovie=\(canary)", "fd://\(descriptor)", "fdclose://\(descriptor)",
            "slice://0-100@\(canary)", "appending://\(canary)", "null://", "mf://\(canary)", "archive://\(canary)",
            "cdda://", "dvb://", "dvd://", "bd://", "ffmpeg://\(canary)", "lavf://\(canary)", "concat:\(canary)|\(canary)",
            "subfile:\(canary)", "data:audio/flac;base64,AAAA", "smb://localhost\(canary)", "udp://127.0.0.1:9",
        ]
    }

    /// Files whose content is not what their names say: each names the canary the way its real
    /// format does, so a player that read them by content would open it.
    nonisolated static func lyingFiles(canary: String, canaryFolder: String) -> [(name: String, content: String)] {
        [
            ("01 m3u.flac", "#EXTM3U\n\(canary)\n"),
            ("02 plain m3u.mp3", "\(canary)\n"),
            ("03 edl.flac", "# mpv EDL v0\n\(canary)\n"),
            ("04 cue.flac", "FILE \"\(canary)\" WAVE\n  TRACK 01 AUDIO\n    INDEX 01 00:00:00\n"),
            ("05 hls.ogg", "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile://\(canary)\n#EXT-X-ENDLIST\n"),
            ("06 concat.flac", "ffconcat version 1.0\nfile \(canary)\n"),
            ("07 pls.flac", "[playlist]\nFile1=\(canary)\nNumberOfEntries=1\n"),
            ("08 directory m3u.opus", "#EXTM3U\n\(canaryFolder)\n"),
        ]
    }

    /// A canary folder, an open descriptor of its canary (for fd://), and the media.
    final class Scene {
        let media: TestMedia
        let canaries: CanaryFolder
        let descriptor: Int32

        init() async throws {
            media = try await TestMedia.make(count: 1, seconds: 1)
            canaries = try CanaryFolder(copying: media.tones[0])
            descriptor = open(canaries.audio.path, O_RDONLY | O_CLOEXEC)
            _ = canaries.touched()  // the test's own open
        }

        deinit { close(descriptor) }

        var canary: String { canaries.audio.path }
        var hostile: [String] { ContainedPlaybackTests.hostileURIs(canary: canary, descriptor: descriptor) }

        /// Writes the lying files into a folder of their own, with a copy of the tone last.
        func lyingFolder() throws -> URL {
            let folder = media.directory.appendingPathComponent("album")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in ContainedPlaybackTests.lyingFiles(canary: canary, canaryFolder: canaries.directory.path) {
                try Data(file.content.utf8).write(to: folder.appendingPathComponent(file.name))
            }
            try FileManager.default.copyItem(at: media.tones[0], to: folder.appendingPathComponent("99 tone.flac"))
            return folder
        }

        /// A playlist of every hostile URI (one a line) and the tone, under `name`.
        func hostilePlaylist(named name: String) throws -> String {
            let path = media.directory.appendingPathComponent(name).path
            let lines = ["#EXTM3U"] + hostile.filter { !$0.contains("\n") } + [media.tones[0].path]
            try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
            return path
        }

        /// The canary files that were opened or read (the folder's own listing is not counted).
        func touchedCanaries() -> [String] { canaries.touched().filter { !$0.isEmpty } }
    }

    /// Plays the queue from its first entry to its last: each entry that opens is heard (its
    /// position moves), then the next is made current without waiting for it to play out; one
    /// that mpv refuses is skipped by the player itself. Every entry has then been opened, or
    /// refused, by mpv. The time it takes is that of the opens, not of the audio: a hang guard
    /// of 10 s would otherwise be a race against seconds of real-time playback on a loaded machine.
    private func playThrough(_ f: PlayerFixture) async {
        try? f.player.goTo(id: f.player.entries[0].id)
        var heard = -1
        while heard < f.player.entries.count - 1 {
            let played = await f.until("entry \(heard + 1) or a later one plays") {
                guard let index = f.player.currentIndex, index > heard, f.player.status == .playing, f.player.position > .zero else { return false }
                heard = index
                return true
            }
            guard played, heard < f.player.entries.count - 1 else { return }
            try? f.player.goTo(id: f.player.entries[heard + 1].id)
        }
    }

    @Test("OpenUri and AddTrack of each hostile URI are refused, and nothing opens the canary")
    func hostileURIsOverDBus() async throws {
        let scene = try await Scene()
        let f = try await PlayerFixture(items: scene.media.tones.map(\.path), media: scene.media)
        defer { f.stop() }
        for uri in scene.hostile {
            await #expect(throws: DBusError.self, "OpenUri \(uri)") { try await f.client.openURI(uri) }
            await #expect(throws: DBusError.self, "AddTrack \(uri)") {
                _ = try await f.client.call(TrackListInterface.addTrack, [.string(uri), .objectPath(TrackListInterface.noTrack), .bool(true)])
            }
        }
        #expect(f.player.entries.map(\.url) == scene.media.tones.map(\.path))
        await playThrough(f)
        #expect(scene.touchedCanaries() == [])
    }

    @Test("a playlist by its name or only by its content, over OpenUri, AddTrack and the command line: its own parser reads it, and only its file entry is queued")
    func playlistsEveryWay() async throws {
        let scene = try await Scene()
        let byName = try scene.hostilePlaylist(named: "evil.m3u")
        let byContent = try scene.hostilePlaylist(named: "song.flac")
        let tone = scene.media.tones[0].path
        // On the command line, beside the two playlists, every hostile URI as an argument of its own.
        let f = try await PlayerFixture(items: [byName, byContent] + scene.hostile, media: scene.media)
        defer { f.stop() }
        #expect(f.player.entries.map(\.url) == [tone, tone])
        try await f.client.openURI("file://" + byName)
        try await f.client.openURI(byContent)
        _ = try await f.client.call(TrackListInterface.addTrack, [.string("file://" + byContent), .objectPath(TrackListInterface.noTrack), .bool(false)])
        #expect(f.player.entries.map(\.url) == [tone, tone, tone, tone, tone])
        await playThrough(f)
        #expect(scene.touchedCanaries() == [])
    }

    @Test("a folder of files whose content is an M3U, PLS, CUE, EDL, HLS or ffconcat naming the canary: each is tried as audio, none opens the canary")
    func lyingFilesInAFolder() async throws {
        let scene = try await Scene()
        let folder = try scene.lyingFolder()
        let f = try await PlayerFixture(items: [folder.path], media: scene.media)
        defer { f.stop() }
        #expect(f.player.entries.count == Self.lyingFiles(canary: "", canaryFolder: "").count + 1)
        await playThrough(f)
        #expect(scene.touchedCanaries() == [])
    }

    @Test("saved state with hostile URIs, lying files and a folder path: the URIs are refused, and mpv's own expansion of the folder is removed before it opens")
    func savedState() async throws {
        let scene = try await Scene()
        let folder = try scene.lyingFolder()
        let f = try await PlayerFixture(media: scene.media)
        defer { f.stop() }
        f.daemon.shutdown()
        var state = try #require(try StateStore(path: f.statePath).load())
        let lying = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0).path }
        state.queue = scene.hostile.map { QueueItem(url: $0) } + [QueueItem(url: scene.canaries.directory.path)] + lying.map { QueueItem(url: $0) }
        state.currentIndex = 0
        try StateStore(path: f.statePath).save(state)
        try await f.restart()
        #expect(f.player.entries.map(\.url) == [scene.canaries.directory.path] + lying)
        await playThrough(f)
        #expect(scene.touchedCanaries() == [])
    }

    @Test("an HLS radio stream over http plays, its segments fetched from the server; a file:// segment in it is never opened")
    func hlsRadio() async throws {
        let scene = try await Scene()
        let site = scene.media.directory.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        for index in 0..<3 {
            let result = try await ExternalProcess.run(
                "sox", ["-n", "-r", "44100", "-c", "2", site.appendingPathComponent("seg\(index).flac").path, "synth", "2", "sine", "440"])
            try #require(result.status == 0)
        }
        let lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:2", "#EXT-X-MEDIA-SEQUENCE:0"]
            + (0..<3).flatMap { ["#EXTINF:2.0,", "seg\($0).flac"] } + ["#EXTINF:2.0,", "file://\(scene.canary)", "#EXT-X-ENDLIST"]
        try Data(lines.joined(separator: "\n").utf8).write(to: site.appendingPathComponent("radio.m3u8"))
        // A web server on a free port, which names the port, and each request, on stderr.
        let server = try await DaemonProcess(
            executable: "/usr/bin/python3",
            [
                "-u", "-c",
                "import functools, http.server, sys; "
                    + "s = http.server.ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])); "
                    + "print('PORT', s.server_address[1], file=sys.stderr, flush=True); s.serve_forever()",
                site.path,
            ])
        defer { server.send(SIGKILL) }
        let started = ChangeWaiter()
        server.standardErrorGrew.add { started.wake() }
        // The whole line: stderr may arrive in pieces, "PORT " first and the number after.
        func port() -> Int? {
            server.standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .first { $0.hasPrefix("PORT ") }.flatMap { Int($0.dropFirst(5)) }
        }
        _ = await started.until { port() != nil }
        let port = try #require(port())
        let f = try await PlayerFixture(items: ["http://127.0.0.1:\(port)/radio.m3u8"], media: scene.media)
        defer { f.stop() }
        var played = false
        var failures: [String] = []
        f.player.listeners.add { event in
            if case .changed(.loadFailed(let url, let reason)) = event { failures.append("\(url): \(reason)") }
        }
        f.player.play()
        await f.until("the stream plays into its last segment", limit: .seconds(30)) {
            played = played || (f.player.status == .playing && f.player.position > .zero)
            return played && server.standardError.contains("GET /seg2.flac")
        }
        #expect(
            f.player.current?.length.map { $0 >= .seconds(6) } == true,
            """
            status \(f.player.status), \(f.player.entries.count) entries, mpv idle \(f.player.mpv.value("idle-active")), \
            playlist \(f.player.handedToMPV), failures \(failures); the server's log: \(server.standardError)
            """)
        #expect(f.player.entries.count == 1)
        #expect(scene.touchedCanaries() == [])
    }
}
