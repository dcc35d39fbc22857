// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting
import Testing

@testable import RemoteBridgePlayer

/// The engine process over its life: none until there is something to play, let go when idle,
/// and replaced when it crashes, is killed, or hangs, with playback going on from where it was.
@Suite("MPVPlayer: the engine process", .serialized)
@MainActor
struct EngineLifecycleTests {
    typealias Fixture = MPVPlayerTests.Fixture

    /// The engine reports announced so far.
    final class Reports {
        var all: [MPVPlayer.EngineReport] = []
        var losses: [MPVPlayer.EngineReport] { all.filter { if case .lost = $0 { true } else { false } } }
    }

    private func record(_ f: Fixture) -> Reports {
        let reports = Reports()
        f.player.listeners.add { event in
            if case .engine(let report) = event { reports.all.append(report) }
        }
        return reports
    }

    /// Whether process `pid` still exists (not a zombie: the daemon reaps its engines).
    private func exists(_ pid: Int32) -> Bool { kill(pid, 0) == 0 }

    @Test("a loaded queue has no engine: Paused on the first entry, tags and length from the file; volume and a seek are kept, and the first Play starts an engine that plays from there")
    func noEngineUntilPlay() async throws {
        let f = try await Fixture()
        #expect(!f.player.hasEngine)
        #expect(f.player.status == .paused)
        await f.until("tags and length read without mpv") { f.player.current?.tags.title == "Tone 1" && f.player.current?.length != nil }
        f.player.setVolume(0.4)
        await f.until("volume kept") { abs(f.player.volume - 0.4) < 0.001 }
        f.player.seek(to: .seconds(7))
        #expect(f.player.position == .seconds(7))
        #expect(f.player.isSeekable)
        #expect(!f.player.hasEngine, "nothing of this needs mpv")
        f.player.play()
        #expect(f.player.hasEngine)
        await f.until("playing from 7 s") { f.player.status == .playing && f.player.position >= .seconds(7) }
        #expect(f.player.position < .seconds(9))
        #expect(abs((await f.player.mpv.query("volume").double ?? 0) / 100 - 0.4) < 0.001, "the engine got the volume set before it started")
        #expect(f.player.enginesStarted == 1)
    }

    @Test("paused, the release is scheduled, and cancelled by Play; released: no engine process, same entry and position; Play goes on from there in a new one")
    func release() async throws {
        let f = try await Fixture()
        let reports = record(f)
        f.player.play()
        f.player.seek(to: .seconds(3))
        await f.until("playing past 3 s") { f.player.status == .playing && f.player.position > .seconds(3) }
        #expect(f.player.engineRelease == nil, "no release while playing")
        f.player.pause()
        await f.until("paused") { f.player.status == .paused }
        #expect(f.player.engineRelease != nil, "a release is due after release-engine-after")
        let pid = try #require(f.player.enginePID)
        let paused = f.player.position
        f.player.releaseEngine(idle: .zero)
        #expect(!f.player.hasEngine)
        #expect(reports.all.contains(.released(idle: .zero)))
        await f.until("the engine process has ended") { !exists(pid) }
        #expect(f.player.status == .paused)
        #expect(f.player.currentIndex == 0)
        #expect(f.player.position == paused)
        f.player.play()
        #expect(f.player.engineRelease == nil)
        // The new engine opens the file there: no read on the way says 0.
        var lowest = paused
        await f.until("playing on") {
            lowest = min(lowest, f.player.position)
            return f.player.status == .playing && f.player.position > paused
        }
        #expect(lowest >= paused - .milliseconds(300), "the position read \(lowest) on the way, was at \(paused)")
        #expect(f.player.position < paused + .seconds(2))
        #expect(f.player.enginePID != pid)
    }

    @Test("the engine killed while playing (SIGKILL, SIGSEGV): playing again within 1 s, same entry, from where it was", arguments: [SIGKILL, SIGSEGV])
    func lostWhilePlaying(signal: Int32) async throws {
        let f = try await Fixture()
        let reports = record(f)
        f.player.play()
        f.player.seek(to: .seconds(5))
        await f.until("playing past 6 s") { f.player.status == .playing && f.player.position > .seconds(6) }
        let before = f.player.position
        let pid = try #require(f.player.enginePID)
        let killed = ContinuousClock.now
        f.player.mpv.send(signal: signal)
        // Back by at most the report interval (250 ms) and a step of mpv's position, which moves
        // by decoded FLAC blocks (up to 0.5 s at the tones' 8 kHz). The new engine opens the file
        // where it was: no read in between says 0, and none says Paused.
        var statuses: Set<MPVPlayer.Status> = []
        var lowest = before
        await f.until("playing again from where it was, in a new engine") {
            statuses.insert(f.player.status)
            lowest = min(lowest, f.player.position)
            return f.player.enginePID != nil && f.player.enginePID != pid && f.player.status == .playing && f.player.loadedID == f.player.currentID
                && f.player.position >= before - .milliseconds(750)
        }
        #expect(statuses == [.playing], "a crash while playing is not announced as a pause: \(statuses)")
        #expect(lowest >= before - .milliseconds(750), "the position read \(lowest) on the way, was at \(before)")
        #expect(ContinuousClock.now - killed < .seconds(1), "playing again \(ContinuousClock.now - killed) after the kill")
        #expect(f.player.currentIndex == 0)
        #expect(f.player.position >= before - .milliseconds(750) && f.player.position < before + .seconds(2), "went on from \(f.player.position), was at \(before)")
        #expect(reports.losses.count == 1)
        if case .lost(let reason, let url, _, let skipped) = reports.losses.first {
            #expect(reason.contains("signal \(signal)"))
            #expect(url?.contains(f.media.tones[0].lastPathComponent) == true)
            #expect(!skipped)
        }
        #expect(!exists(pid))
    }

    @Test("the engine killed while paused: still Paused at the same place, no engine until Play, which goes on from there")
    func lostWhilePaused() async throws {
        let f = try await Fixture()
        f.player.play()
        f.player.seek(to: .seconds(4))
        await f.until("playing past 4 s") { f.player.status == .playing && f.player.position > .seconds(4) }
        f.player.pause()
        await f.until("paused") { f.player.status == .paused }
        let paused = f.player.position
        f.player.mpv.send(signal: SIGSEGV)
        await f.until("the engine is found gone") { !f.player.hasEngine }
        #expect(f.player.status == .paused)
        #expect(abs((f.player.position - paused).inSeconds) < 0.3, "paused at \(paused), now \(f.player.position)")
        f.player.play()
        // Opened there by the new engine, from its start offset.
        await f.until("playing on from there") {
            f.player.status == .playing && f.player.loadedID == f.player.currentID && f.player.position >= paused - .milliseconds(750)
        }
        #expect(abs((f.player.position - paused).inSeconds) < 1)
    }

    @Test("the engine killed while it opens a file: the same entry opens in a new one and plays")
    func lostWhileLoading() async throws {
        let f = try await Fixture()
        let reports = record(f)
        // Killed as soon as it is ready: Play handed it the file while it started, and it cannot
        // have opened it yet (nothing of the engine's after `ready` has reached the player).
        var killed = false
        f.player.mpv.events.add { [weak player = f.player] event in
            guard case .ready = event, !killed, let player else { return }
            killed = true
            #expect(player.loadedID == nil)
            player.mpv.send(signal: SIGKILL)
        }
        f.player.play()
        await f.until("playing the first entry") { f.player.status == .playing && f.player.loadedID == f.player.currentID }
        #expect(f.player.currentIndex == 0)
        #expect(f.player.position < .seconds(2))
        #expect(reports.losses.count == 1)
        #expect(f.player.enginesStarted == 2)
    }

    @Test("an entry that takes the engine down every time is skipped once, counted as failing, and playback goes on with the next")
    func crashingEntry() async throws {
        let f = try await Fixture()
        let reports = record(f)
        // Every engine dies as it starts opening the first entry's file.
        let first = f.player.entries[0].id
        f.player.mpv.events.add { [weak player = f.player] event in
            guard case .mpv(.startFile(let mpvID)) = event, let player, player.window.entry(forMPV: mpvID) == first else { return }
            player.mpv.send(signal: SIGSEGV)
        }
        f.player.play()
        await f.until("playing the second entry") { f.player.status == .playing && f.player.currentIndex == 1 && f.player.loadedID == f.player.currentID }
        let skips = reports.losses.filter { if case .lost(_, _, _, true) = $0 { true } else { false } }
        #expect(reports.losses.count == 2, "one retry, then the skip: \(reports.losses)")
        #expect(skips.count == 1)
        let failures = f.changeLog.filter { if case .loadFailed = $0 { true } else { false } }
        #expect(failures.count == 1)
        #expect(f.player.enginesStarted == 3)
    }

    @Test("a hung engine (SIGSTOP) holds up nothing: reads and commands return at once, a request's deadline finds it, and a new one plays on")
    func hung() async throws {
        let f = try await Fixture()
        let reports = record(f)
        f.player.play()
        await f.until("playing past 1 s") { f.player.status == .playing && f.player.position > .seconds(1) }
        let pid = try #require(f.player.enginePID)
        f.player.mpv.send(signal: SIGSTOP)
        let asked = ContinuousClock.now
        var slowest: Duration = .zero
        for round in 0..<200 {
            let start = ContinuousClock.now
            if round == 0 { f.player.setVolume(0.5) }
            if round == 1 { f.player.seek(by: .seconds(1)) }
            _ = (f.player.position, f.player.status, f.player.volume, f.player.maximumVolume)
            slowest = max(slowest, ContinuousClock.now - start)
        }
        // A bound far above a read's real cost (microseconds) and far below the deadline.
        #expect(slowest < .milliseconds(10), "a read or a command waited \(slowest)")
        await f.until("the hang found", limit: .seconds(5)) { !reports.losses.isEmpty }
        #expect(ContinuousClock.now - asked >= EngineConnection.replyDeadline - .milliseconds(50))
        await f.until("a new engine, playing") { f.player.enginePID != pid && f.player.status == .playing && f.player.loadedID == f.player.currentID }
        if case .lost(let reason, _, _, _) = reports.losses.first {
            #expect(reason.contains("did not answer"))
        } else {
            Issue.record("no loss reported: \(reports.all)")
        }
        #expect(abs(f.player.volume - 0.5) < 0.001, "the volume asked during the hang reached the new engine")
        await f.until("the hung process is gone") { !exists(pid) }
    }

    @Test("a prepared engine (the program started, libmpv loaded, mpv not) is the one the first Play starts; one killed meanwhile is replaced; an unused one is let go")
    func prepared() async throws {
        let f = try await Fixture()
        f.player.prepareEngine()
        #expect(f.player.hasPreparedEngine && !f.player.hasEngine)
        #expect(f.player.engineRelease != nil, "an unused prepared engine is let go after release-engine-after")
        let pid = try #require(f.player.mpv.preparedPID)
        f.player.play()
        #expect(f.player.enginePID == pid)
        await f.until("playing") { f.player.status == .playing && f.player.loadedID == f.player.currentID }

        let unused = try await Fixture()
        unused.player.prepareEngine()
        let spare = try #require(unused.player.mpv.preparedPID)
        unused.player.releaseEngine(idle: .zero)
        #expect(!unused.player.hasPreparedEngine)
        #expect(ProcessEnd.wait(for: spare, limit: .seconds(5)))

        let killed = try await Fixture()
        killed.player.prepareEngine()
        let dead = try #require(killed.player.mpv.preparedPID)
        kill(dead, SIGKILL)
        #expect(ProcessEnd.wait(for: dead, limit: .seconds(5)))
        killed.player.play()
        await killed.until("a new engine spawned") { killed.player.enginePID != nil && killed.player.enginePID != dead }
        await killed.until("playing in a new one") { killed.player.status == .playing }
    }
}
