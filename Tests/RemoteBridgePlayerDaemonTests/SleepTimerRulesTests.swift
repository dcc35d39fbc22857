// SPDX-License-Identifier: Apache-2.0
import Foundation
import Logging
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgePlayer
@testable import RemoteBridgePlayerDaemon

/// The sleep timer's rules on a real player (in-process, real engine, null output): more time
/// during the fade undoes it at once, the fade lowers the volume only on its own ticks (not once
/// per change mpv reports back), more time on an end-of-chapter timer adds to what is left, and
/// an end-of-chapter timer follows a step to the next chapter instead of pausing there.
@Suite("remote-playerd: the sleep timer's rules", .serialized)
@MainActor
struct SleepTimerRulesTests {
    static func daemon(_ media: TestMedia, bus: PrivateBus, items: [String], config: String) async throws -> RemotePlayerDaemon {
        let path = media.directory.appendingPathComponent("sleep-\(UUID().uuidString).toml").path
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        var options = RemotePlayerDaemon.Options()
        options.busAddress = bus.address
        options.audioOutput = "null"
        options.noState = true
        options.configPath = path
        options.items = items
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return try await RemotePlayerDaemon(options: options, logger: logger)
    }

    @Test("a fade: the volume lowered on the timer's ticks only (about 10 a second, not one per change mpv reports); +15m during it puts the volume back at once and adds to what was left")
    func moreTimeUndoesTheFade() async throws {
        let bus = try PrivateBus()
        let media = try await TestMedia.make(count: 1, seconds: 60)
        defer {
            bus.stop()
            media.remove()
        }
        let daemon = try await Self.daemon(media, bus: bus, items: media.tones.map(\.path), config: "[player]\nsleep-fade = \"3s\"\n")
        defer { daemon.shutdown() }
        let player = daemon.player
        player.play()
        #expect(await until(wokenBy: player.listeners) { player.status == .playing && player.mpvVolume == 100 })
        var changes = 0
        player.listeners.add { _ in changes += 1 }
        player.setSleepTimer(.after(.seconds(4)))
        #expect(await until(wokenBy: player.listeners, limit: .seconds(10)) { player.mpvVolume < 50 }, "the fade lowers mpv's volume")
        #expect(player.volume == 1, "clients are shown the volume from before the fade")
        // A second of the fade at 10 ticks a second, each answered by one volume report.
        #expect(changes < 120, "\(changes) changes in the first part of a fade: the fade feeds on its own reports")
        let left = try #require(player.sleepRemaining)
        player.setSleepTimer(.extend(.seconds(900)))
        #expect(player.mpvVolume == 100, "the volume is back at once")
        #expect(await until(wokenBy: player.listeners) { player.mpv.value("volume").double == 100 })
        let now = try #require(player.sleepRemaining)
        #expect(abs((now - left - .seconds(900)).inSeconds) < 0.5, "+15m adds to the \(left) that was left: \(now)")
        #expect(player.status == .playing)
    }

    @Test("end of chapter: a step to the next chapter follows it (no pause at the step); +15m adds to what is left of the chapter")
    func endOfChapterFollowsSteps() async throws {
        let bus = try PrivateBus()
        let media = try await TestMedia.make(count: 1, seconds: 1)
        defer {
            bus.stop()
            media.remove()
        }
        let file = media.directory.appendingPathComponent("chapters.flac")
        try await TestMedia.tone(
            at: file, seconds: 600, sampleRate: 8000,
            tags: ["CHAPTER001=00:00:00.000", "CHAPTER001NAME=One", "CHAPTER002=00:04:00.000", "CHAPTER002NAME=Two", "CHAPTER003=00:08:00.000"])
        let daemon = try await Self.daemon(media, bus: bus, items: [file.path], config: "")
        defer { daemon.shutdown() }
        let player = daemon.player
        player.play()
        #expect(await until(wokenBy: player.listeners) { player.status == .playing && player.chapters.count == 3 && player.loadedID == player.currentID })
        player.setSleepTimer(.endOfChapter)
        #expect(player.sleepTimer.target?.end == .seconds(240))
        try player.nextChapter()
        #expect(player.sleepTimer.target?.end == .seconds(480), "the timer follows to the chapter stepped to")
        #expect(player.sleepTimer.mode == .endOfChapter && player.status == .playing)
        let left = try #require(player.sleepRemaining)
        #expect(left > .seconds(230), "what is left of the second chapter: \(left)")
        player.setSleepTimer(.extend(.seconds(900)))
        let now = try #require(player.sleepRemaining)
        #expect(player.sleepTimer.mode == .time)
        #expect(abs((now - left - .seconds(900)).inSeconds) < 1, "+15m adds to the \(left) left of the chapter: \(now)")
    }
}
