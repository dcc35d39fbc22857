// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgePlayer
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgePlayerDaemon

/// A podcast-like queue on a real remote-playerd and a real engine: three 20-minute episodes
/// (Opus, MP3, M4B) with four chapters each, made by ffmpeg. Each episode resumes where it was
/// left, across a kill -9; one played to its end starts from 0; a chapter step lands on the
/// chapter's start and the bus names it.
@Suite("remote-playerd: podcasts and audiobooks resume where they were left", .serialized)
@MainActor
struct SpokenWordTests {
    static let name = "org.mpris.MediaPlayer2.remotebridge"
    /// Each episode's chapters: start in seconds, title.
    static let chapters: [(start: Int, title: String)] = [(0, "Opening"), (300, "Second part"), (600, "Third part"), (900, "Closing")]
    static let length = 1200

    /// Makes the three episodes in `folder`; their paths, in queue order.
    static func makeEpisodes(in folder: URL) async throws -> [String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var metadata = ";FFMETADATA1\n"
        for (index, chapter) in chapters.enumerated() {
            let end = index + 1 < chapters.count ? chapters[index + 1].start : length
            metadata += "[CHAPTER]\nTIMEBASE=1/1000\nSTART=\(chapter.start * 1000)\nEND=\(end * 1000)\ntitle=\(chapter.title)\n"
        }
        let metadataFile = folder.appendingPathComponent("chapters.txt")
        try metadata.write(to: metadataFile, atomically: true, encoding: .utf8)
        let episodes: [(name: String, codec: [String])] = [
            ("episode 1.opus", ["-c:a", "libopus", "-b:a", "6k", "-compression_level", "0"]),
            ("episode 2.mp3", ["-c:a", "libmp3lame", "-b:a", "8k", "-id3v2_version", "4"]),
            ("episode 3.m4b", ["-c:a", "aac", "-b:a", "8k"]),
        ]
        var paths: [String] = []
        for episode in episodes {
            let path = folder.appendingPathComponent(episode.name).path
            let result = try await ExternalProcess.run(
                "ffmpeg",
                ["-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=220:duration=\(length):sample_rate=8000", "-i", metadataFile.path,
                 "-map", "0:a", "-map_metadata", "1", "-map_chapters", "1", "-ac", "1", "-metadata", "genre=Podcast", "-metadata", "title=\(episode.name)"]
                    + episode.codec + [path])
            try #require(result.status == 0, "ffmpeg for \(episode.name): \(result.standardError)")
            paths.append(path)
        }
        return paths
    }

    /// A daemon's view as a client has it.
    struct Client {
        let mpris: MPRISClient
        let changes: SignalRecorder

        /// The current entry's path and track id.
        func current() async throws -> (path: String, trackID: String) {
            let metadata = try await mpris.metadata()
            let url = metadata["xesam:url"]?.unwrapped.stringValue ?? ""
            return (URL(string: url)?.path(percentEncoded: false) ?? url, metadata["mpris:trackid"]?.unwrapped.stringValue ?? "")
        }

        /// The position, in seconds.
        func position() async throws -> Double {
            Double(try await mpris.property(PlayerInterface.position).int64Value ?? -1) / 1e6
        }

        /// Waits until `path` is current; its position then. (Until its file has opened, the
        /// player shows where it is to open, so the position is the one it plays from.)
        func waitUntilCurrent(_ path: String) async throws -> Double {
            let current = try await changes.until(limit: .seconds(20)) { try await self.current().path == path }
            #expect(current, "\(path) never became current")
            return try await position()
        }

        /// Calls a Playback1 method.
        func call(_ method: DBusMethodDeclaration, _ arguments: [DBusValue] = []) async throws {
            _ = try await mpris.call(method, arguments)
        }
    }

    static func connect(_ bed: DaemonTestBed) async throws -> Client {
        let changes = try await SignalRecorder.start(on: bed.connection, MatchRule(path: MPRISNames.objectPath))
        return Client(mpris: MPRISClient(connection: bed.connection, busName: name), changes: changes)
    }

    @Test("play the first to 7:30, Next, play 10 s, Previous: it resumes at 7:30; kill -9 and restart: same; played to its end: it starts at 0; a chapter step lands on the chapter's start, named on the bus")
    func resumeScenario() async throws {
        let bed = try await DaemonTestBed(tones: 1, seconds: 1)
        defer { bed.stop() }
        // Previous goes back to the previous entry at once (the scenario's), and Next goes to the
        // next entry, not the next chapter (a later test covers that rule).
        try "[player]\nprevious-restarts-after = 0\nchapter-steps = \"off\"\n".write(toFile: bed.config, atomically: true, encoding: .utf8)
        let files = try await Self.makeEpisodes(in: bed.media.directory.appendingPathComponent("podcasts"))
        let state = bed.path("player.state")
        var daemon = try await bed.startPlayer(["--state", state] + files)
        defer { daemon.send(SIGKILL) }
        var client = try await Self.connect(bed)
        var timeline: [String] = []
        func note(_ what: String) async throws {
            let current = try await client.current()
            timeline.append(String(format: "%@ → %@ at %.3f s", what, (current.path as NSString).lastPathComponent, try await client.position()))
        }

        // Played to 7:30, then paused there, so that what is checked is where it was left, not
        // how long a loaded machine took between two calls.
        try await client.mpris.play()
        let first = try await client.current()
        #expect(first.path == files[0])
        try await client.mpris.setPosition(trackID: first.trackID, .seconds(450))
        try await client.mpris.pause()
        #expect(try await client.changes.until(asking: { try await client.mpris.property(PlayerInterface.playbackStatus).stringValue == "Paused" }))
        let leftAt = try await client.position()
        #expect(abs(leftAt - 450) < 1, "left at \(leftAt) s")
        try await note("played to 7:30")
        try await client.mpris.next()
        let secondStart = try await client.waitUntilCurrent(files[1])
        try await note("Next")
        #expect(secondStart < 1, "the second episode, never played, starts at 0 (\(secondStart) s)")
        try await client.mpris.setPosition(trackID: try await client.current().trackID, .seconds(10))
        try await note("played 10 s")
        try await client.mpris.previous()
        let resumed = try await client.waitUntilCurrent(files[0])
        try await note("Previous")
        #expect(abs(resumed - leftAt) < 1, "the first episode resumes where it was left (\(leftAt) s), not at \(resumed) s")

        // kill -9 with the first episode left at 7:30 (now current again, then left for the
        // second): the restart resumes it there.
        let watch = try FileWatch(folder: bed.media.directory.path)
        try await client.mpris.next()
        _ = try await client.waitUntilCurrent(files[1])
        #expect(await watch.waitFor(name: "player.state"), "the state was never written")
        let saved = try #require(try StateStore(path: state).load())
        #expect(saved.queue[0].progress.resumePosition.map { abs($0.inSeconds - leftAt) < 1 } == true, "saved: \(saved.queue[0].progress)")
        daemon.send(SIGKILL)
        _ = await daemon.waitForExit()
        daemon = try await bed.startPlayer(["--state", state])
        client = try await Self.connect(bed)
        try await note("kill -9, restart")
        try await client.mpris.previous()
        let afterRestart = try await client.waitUntilCurrent(files[0])
        try await note("Previous after the restart")
        #expect(abs(afterRestart - leftAt) < 1, "after kill -9 and a restart, it resumes at \(leftAt) s, not \(afterRestart) s")

        // A chapter step: from 7:30 (in "Second part") to "Third part" at 10:00, paused, so
        // that the position read is where it landed.
        #expect(try await client.changes.until(limit: .seconds(20), asking: { (try await client.mpris.property(Playback1Interface.chapters).arrayValue ?? []).count == 4 }))
        let chapterSignals = try await SignalRecorder.start(on: bed.connection, MatchRule(signal: Playback1Interface.chapterChanged, path: MPRISNames.objectPath))
        try await client.call(Playback1Interface.nextChapter)
        #expect(await chapterSignals.until { chapterSignals.messages.contains { $0.body.first?.int64Value == 2 } }, "ChapterChanged names chapter 2")
        let stepped = try await client.position()
        try await note("NextChapter")
        #expect(abs(stepped - 600) < 0.2, "a chapter step lands on its start (600 s), not \(stepped) s")
        let title = try await client.mpris.property(Playback1Interface.chapterTitle).stringValue
        #expect(title == "Third part")
        let signalled = chapterSignals.messages.last { $0.body.first?.int64Value == 2 }
        #expect(signalled?.body.dropFirst().first?.stringValue == "Third part")
        let listed = try await client.mpris.property(Playback1Interface.chapters).arrayValue ?? []
        #expect(listed.count == Self.chapters.count)
        // MPRIS Metadata keeps the file's title, and names the chapter beside it.
        #expect(try await client.changes.until(asking: { try await client.mpris.metadata()[Track.chapterKey]?.unwrapped.stringValue == "Third part" }))
        #expect(try await client.mpris.metadata()["xesam:title"]?.unwrapped.stringValue == "episode 1.opus")

        // Played to its end: the second episode, from 20 s before its end, goes on to the third
        // by itself; coming back, it starts at 0.
        try await client.mpris.next()
        _ = try await client.waitUntilCurrent(files[1])
        try await client.mpris.setPosition(trackID: try await client.current().trackID, .seconds(Self.length - 2))
        try await client.mpris.play()
        try await note("the second near its end")
        _ = try await client.waitUntilCurrent(files[2])
        try await note("went on by itself")
        try await client.mpris.previous()
        let again = try await client.waitUntilCurrent(files[1])
        try await note("Previous to the finished one")
        #expect(again < 1, "an episode played to its end starts at 0, not \(again) s")
        print("spoken-word timeline:\n" + timeline.joined(separator: "\n"))
    }

    @Test("chapter-steps: in a 20-minute episode with chapters, Next goes to the next chapter's start and Previous back through them, then to the previous episode; past the last chapter, Next goes to the next episode")
    func nextStepsThroughChapters() async throws {
        let bed = try await DaemonTestBed(tones: 1, seconds: 1)
        defer { bed.stop() }
        try "[player]\nchapter-steps = \"20min\"\n".write(toFile: bed.config, atomically: true, encoding: .utf8)
        let files = try await Self.makeEpisodes(in: bed.media.directory.appendingPathComponent("podcasts"))
        let daemon = try await bed.startPlayer(["--no-state"] + files)
        defer { daemon.send(SIGKILL) }
        let client = try await Self.connect(bed)
        try await client.mpris.play()
        // The chapters are read from the file; Next steps once they are known.
        #expect(try await client.changes.until(limit: .seconds(20), asking: { (try await client.mpris.property(Playback1Interface.chapters).arrayValue ?? []).count == 4 }))
        try await client.mpris.next()
        #expect(try await client.changes.until(limit: .seconds(20), asking: { try await client.mpris.property(Playback1Interface.chapter).int64Value == 1 }))
        #expect(abs(try await client.position() - 300) < 0.2, "Next lands on the second chapter's start")
        #expect(try await client.current().path == files[0])
        try await client.mpris.next()
        try await client.mpris.next()
        #expect(try await client.changes.until(limit: .seconds(20), asking: { try await client.mpris.property(Playback1Interface.chapter).int64Value == 3 }))
        #expect(try await client.mpris.property(Playback1Interface.chapterTitle).stringValue == "Closing")
        // Within 3 s of the chapter's start, Previous goes to the one before.
        try await client.mpris.previous()
        #expect(try await client.changes.until(limit: .seconds(20), asking: { try await client.mpris.property(Playback1Interface.chapter).int64Value == 2 }))
        #expect(abs(try await client.position() - 600) < 0.2)
        try await client.mpris.next()
        try await client.mpris.next()
        let next = try await client.waitUntilCurrent(files[1])
        #expect(next < 1, "past the last chapter, the next episode")
    }

    @Test("the rate: kept across a kill -9 (remember-rate = global); per entry, each episode plays at its own and a new one at 1")
    func rateKept() async throws {
        let bed = try await DaemonTestBed(tones: 2, seconds: 30)
        defer { bed.stop() }
        let state = bed.path("player.state")
        let files = bed.media.tones.map(\.path)
        var daemon = try await bed.startPlayer(["--state", state] + files)
        var client = try await Self.connect(bed)
        let watch = try FileWatch(folder: bed.media.directory.path)
        try await client.mpris.setProperty(PlayerInterface.rate, .double(1.5))
        #expect(try await client.changes.until(asking: { try await client.mpris.property(PlayerInterface.rate).doubleValue == 1.5 }))
        #expect(await watch.waitFor(name: "player.state"))
        #expect(try StateStore(path: state).load()?.rate == 1.5)
        daemon.send(SIGKILL)
        _ = await daemon.waitForExit()
        daemon = try await bed.startPlayer(["--state", state])
        client = try await Self.connect(bed)
        #expect(try await client.mpris.property(PlayerInterface.rate).doubleValue == 1.5, "the rate after a restart")
        daemon.send(SIGKILL)
        _ = await daemon.waitForExit()

        try "[player]\nremember-rate = \"per-entry\"\n".write(toFile: bed.config, atomically: true, encoding: .utf8)
        daemon = try await bed.startPlayer(["--no-state"] + files)
        defer { daemon.send(SIGKILL) }
        client = try await Self.connect(bed)
        try await client.mpris.play()
        try await client.mpris.setProperty(PlayerInterface.rate, .double(1.75))
        #expect(try await client.changes.until(asking: { try await client.mpris.property(PlayerInterface.rate).doubleValue == 1.75 }))
        try await client.mpris.next()
        _ = try await client.waitUntilCurrent(files[1])
        #expect(try await client.changes.until(asking: { try await client.mpris.property(PlayerInterface.rate).doubleValue == 1 }), "the second plays at 1")
        try await client.call(PlayerInterface.previous)
        try await client.call(PlayerInterface.previous)
        _ = try await client.waitUntilCurrent(files[0])
        #expect(try await client.changes.until(asking: { try await client.mpris.property(PlayerInterface.rate).doubleValue == 1.75 }), "the first at its own again")
    }

    @Test("remote-playerd's object serves Playback1 after MPRIS and RemoteControl1, exactly as dbus/interfaces says")
    func playback1Introspects() async throws {
        let bed = try await DaemonTestBed(tones: 1, seconds: 1)
        defer { bed.stop() }
        let daemon = try await bed.startPlayer(["--no-state"] + bed.media.tones.map(\.path))
        defer { daemon.send(SIGKILL) }
        let client = try await Self.connect(bed)
        let xml = try await client.mpris.call(StandardInterfaces.introspect).first?.stringValue ?? ""
        #expect(InterfaceXML.interfaceNames(in: xml).suffix(2) == [RemoteControl1Interface.name, Playback1Interface.name])
        #expect(InterfaceXML.block(Playback1Interface.name, in: xml) == (try InterfaceXML.fileBlock(Playback1Interface.name)))
        #expect(try await client.mpris.property(Playback1Interface.sleepRemaining).int64Value == -1)
        #expect(try await client.mpris.property(Playback1Interface.chapter).int64Value == -1, "a tone has no chapters")
        await #expect(throws: DBusError.self) { try await client.call(Playback1Interface.nextChapter) }
        await #expect(throws: DBusError.self) { try await client.call(Playback1Interface.setSleepTimer, [.string("soon")]) }
        // Hostile input: a clear error each, and the daemon answers on.
        for index in [Int32.min, -1, Int32.max] {
            await #expect(throws: DBusError.self) { try await client.call(Playback1Interface.goToChapter, [.int32(index)]) }
        }
        let huge = String(repeating: "9", count: 1 << 20) + "m"
        do {
            try await client.call(Playback1Interface.setSleepTimer, [.string(huge)])
            Issue.record("a megabyte of digits was taken as a sleep timer")
        } catch let error as DBusError {
            #expect(error.message.utf8.count < 2048, "the error quotes a bounded excerpt: \(error.message.utf8.count) bytes")
        }
        await #expect(throws: DBusError.self) { try await client.call(Playback1Interface.setSleepTimer, [.string("+\u{0}5m")]) }
        #expect(try await client.mpris.property(Playback1Interface.sleepTimer).stringValue == "off")
    }

    @Test("a sleep timer to the end of the chapter pauses at the chapter's end; to the end of the track, at the track's end")
    func sleepToTheEnd() async throws {
        let bed = try await DaemonTestBed(tones: 1, seconds: 4)
        defer { bed.stop() }
        try "[player]\nsleep-fade = \"1s\"\n".write(toFile: bed.config, atomically: true, encoding: .utf8)
        let chaptered = bed.media.directory.appendingPathComponent("chaptered.flac")
        try await TestMedia.tone(
            at: chaptered, seconds: 8,
            tags: ["TITLE=Chaptered", "CHAPTER001=00:00:00.000", "CHAPTER001NAME=One", "CHAPTER002=00:00:03.000", "CHAPTER002NAME=Two", "CHAPTER003=00:00:06.000", "CHAPTER003NAME=Three"])
        let daemon = try await bed.startPlayer(["--no-state", chaptered.path, bed.media.tones[0].path])
        defer { daemon.send(SIGKILL) }
        let client = try await Self.connect(bed)
        func paused() async throws -> Bool {
            try await client.changes.until(limit: .seconds(15), asking: { try await client.mpris.property(PlayerInterface.playbackStatus).stringValue == "Paused" })
        }
        #expect(try await client.changes.until(limit: .seconds(20), asking: { (try await client.mpris.property(Playback1Interface.chapters).arrayValue ?? []).count == 3 }))
        try await client.mpris.play()
        try await client.call(Playback1Interface.setSleepTimer, [.string("end-of-chapter")])
        #expect(try await client.mpris.property(Playback1Interface.sleepTimer).stringValue == "end-of-chapter")
        let left = Double(try await client.mpris.property(Playback1Interface.sleepRemaining).int64Value ?? -1) / 1e6
        #expect(left > 1 && left <= 3, "what is left of the first chapter: \(left) s")
        #expect(try await paused(), "the end of the chapter never paused it")
        let atChapterEnd = try await client.position()
        #expect(abs(atChapterEnd - 3) < 0.5, "paused at \(atChapterEnd) s, the first chapter ends at 3 s")
        #expect(try await client.mpris.property(Playback1Interface.sleepTimer).stringValue == "off")

        try await client.mpris.play()
        try await client.call(Playback1Interface.setSleepTimer, [.string("end-of-track")])
        #expect(try await paused(), "the end of the track never paused it")
        let current = try await client.current()
        let position = try await client.position()
        let atTrackEnd = current.path == chaptered.path ? position >= 7.4 : position < 0.6
        #expect(atTrackEnd, "paused in \(current.path) at \(position) s; the track ends at 8 s")
        #expect(try await client.mpris.property(PlayerInterface.volume).doubleValue == 1)
    }

    @Test("OpenUri of the episode playing resumes where it plays now; an episode reached by playing on from the one before resumes at its place; from chapters to none, ChapterChanged(-1)")
    func resumeByOpenAndByPlayingOn() async throws {
        let bed = try await DaemonTestBed(tones: 1, seconds: 1)
        defer { bed.stop() }
        let folder = bed.media.directory
        let a = folder.appendingPathComponent("a.flac")
        let b = folder.appendingPathComponent("b.flac")
        try await TestMedia.tone(at: a, seconds: 600, sampleRate: 8000, tags: ["TITLE=A", "GENRE=Podcast", "CHAPTER001=00:00:00.000", "CHAPTER002=00:05:00.000"])
        try await TestMedia.tone(at: b, seconds: 600, sampleRate: 8000, frequency: 330, tags: ["TITLE=B", "GENRE=Podcast"])
        let daemon = try await bed.startPlayer(["--no-state", a.path, b.path])
        defer { daemon.send(SIGKILL) }
        let client = try await Self.connect(bed)
        let chapterSignals = try await SignalRecorder.start(on: bed.connection, MatchRule(signal: Playback1Interface.chapterChanged, path: MPRISNames.objectPath))

        // B left at 200 s, then A played at 300 s and opened again (by its file:// URI, queued by
        // its path): the new entry resumes at 300 s.
        try await client.mpris.play()
        let before = try await client.mpris.property(TrackListInterface.tracks).stringArrayValue ?? []
        try await client.mpris.next()
        _ = try await client.waitUntilCurrent(b.path)
        try await client.mpris.setPosition(trackID: before[1], .seconds(200))
        try await client.mpris.pause()
        try await client.call(TrackListInterface.goTo, [.objectPath(before[0])])
        _ = try await client.waitUntilCurrent(a.path)
        try await client.mpris.setPosition(trackID: before[0], .seconds(300))
        try await client.mpris.openURI(URL(fileURLWithPath: a.path).absoluteString)
        var tracks: [String] = []
        let added = try await client.changes.until(asking: {
            tracks = try await client.mpris.property(TrackListInterface.tracks).stringArrayValue ?? []
            let current = try await client.current().trackID
            return tracks.count == before.count + 1 && current == tracks.last
        })
        #expect(added, "OpenUri added the episode again and made it current")
        let reopened = try await client.position()
        #expect(abs(reopened - 300) < 2, "the episode opened again resumes where it played (300 s), not at \(reopened) s")

        // From near A's end, playing on reaches B, which resumes at 200 s; A had chapters, B none.
        try await client.call(TrackListInterface.goTo, [.objectPath(before[0])])
        _ = try await client.waitUntilCurrent(a.path)
        try await client.mpris.setPosition(trackID: before[0], .seconds(598))
        try await client.mpris.play()
        let signalsBefore = chapterSignals.messages.count
        let playedOn = try await client.waitUntilCurrent(b.path)
        #expect(abs(playedOn - 200) < 2, "B, reached by playing on, resumes at its place (200 s), not at \(playedOn) s")
        #expect(await chapterSignals.until { chapterSignals.messages.dropFirst(signalsBefore).contains { $0.body.first?.int64Value == -1 } }, "ChapterChanged(-1) as B, without chapters, follows A")
    }
}
