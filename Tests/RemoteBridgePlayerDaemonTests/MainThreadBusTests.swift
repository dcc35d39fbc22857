// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// remote-playerd, run as a real process, reads, answers and writes its bus messages on the main
/// thread, in the turn a message wakes it: the main thread's own loop polls the bus socket, so no
/// other thread of the daemon wakes for a call (before, each call woke dispatch's manager thread
/// and the connection's I/O thread, each twice).
@Suite("remote-playerd: the main thread polls the bus", .serialized)
@MainActor
struct MainThreadBusTests {
    @Test("300 Gets one after another wake the main thread for each, and the other threads of the daemon together fewer than 75 times (the I/O thread and dispatch's manager woke for each)")
    func callsWakeOnlyTheMainThread() async throws {
        let bed = try await DaemonTestBed(tones: 2, seconds: 5)
        defer { bed.stop() }
        let daemon = try await bed.startPlayer(["--no-state", "--log-level", "warning"] + bed.media.tones.map(\.path))
        defer { daemon.send(SIGKILL) }
        let client = MPRISClient(connection: bed.connection, busName: "org.mpris.MediaPlayer2.remotebridge")
        // Start-up's own work (the queue, the state, the names) settles first.
        for _ in 0..<20 { _ = try await client.property(PlayerInterface.playbackStatus) }
        let status = try await client.property(PlayerInterface.playbackStatus)
        let calls = 300
        let before = ThreadSwitches.byThread(of: daemon.pid)
        for _ in 0..<calls {
            #expect(try await client.property(PlayerInterface.playbackStatus) == status)
        }
        let after = ThreadSwitches.byThread(of: daemon.pid)
        let mainThread = Int(daemon.pid)
        let mainWakes = (after[mainThread] ?? 0) - (before[mainThread] ?? 0)
        let otherWakes = after.filter { $0.key != mainThread }.map { $0.value - (before[$0.key] ?? 0) }.reduce(0, +)
        #expect(mainWakes >= calls * 9 / 10, "the main thread switched \(mainWakes) times for \(calls) calls")
        #expect(otherWakes < calls / 4, "the daemon's other threads switched \(otherWakes) times for \(calls) calls: \(after)")
    }

    /// The thread of `pid` named `name`, if it has one.
    static func thread(named name: String, of pid: pid_t) -> Int? {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap(Int.init).first { tid in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }
    }

    @Test("100 Seeks of +0.1 s while playing land 10 s on, plus at most the time played: a report mpv made before a seek ran is held, not taken (taken, they lost up to 1.2 s); the engine's replies, events and positions are read by the main thread, and the engine channel's thread sleeps through them (it read each, waking the main thread after it)")
    func engineChannelReadOnTheMainThread() async throws {
        let bed = try await DaemonTestBed(tones: 2, seconds: 30)
        defer { bed.stop() }
        let running = try await EngineProcessTests.Running(bed)
        let (daemon, client) = (running.daemon, running.client)
        defer { daemon.send(SIGKILL) }
        let began = ContinuousClock.now
        try await client.play()
        #expect(await running.untilPlaying())
        let channelThread = try #require(Self.thread(named: "engine channel", of: daemon.pid), "the daemon has a thread named engine channel while its engine runs")
        let before = ThreadSwitches.byThread(of: daemon.pid)
        for _ in 0..<100 {
            try await client.seek(by: .milliseconds(100))
        }
        // The engine has done them all once a read, sent after them, is answered.
        let position = try await client.position()
        // Played meanwhile: at most the time since Play (on a loaded machine, seconds).
        let played = ContinuousClock.now - began
        #expect(position >= .seconds(10) && position <= .seconds(10) + played, "100 seeks of 0.1 s from the start, \(played) after Play: at \(position)")
        let after = ThreadSwitches.byThread(of: daemon.pid)
        let channelWakes = (after[channelThread] ?? 0) - (before[channelThread] ?? 0)
        #expect(channelWakes < 5, "the engine channel's thread switched \(channelWakes) times for 100 seeks")
    }
}
