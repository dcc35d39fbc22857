// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeEngineProtocol
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// remote-playerd as users run it, a process of its own, and the engine it starts: libmpv is
/// never in the daemon, the engine comes with Play and goes after `release-engine-after`, and the
/// MPRIS view is the same with or without it.
@Suite("remote-playerd and its engine process", .serialized)
@MainActor
struct EngineProcessTests {
    /// Whether process `pid` has libmpv mapped. Read to its end: /proc files say they are empty.
    private func mapsLibmpv(_ pid: Int32) throws -> Bool {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
        defer { try? handle.close() }
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        #expect(maps.contains("r-xp"), "the maps of \(pid) were read")
        return maps.contains("libmpv")
    }

    /// The children of `pid` running the engine program.
    private func engines(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { child in
            guard let status = try? String(contentsOfFile: "/proc/\(child)/status", encoding: .utf8) else { return false }
            let fields = status.split(separator: "\n")
            return fields.contains("PPid:\t\(pid)") && fields.contains { $0.hasPrefix("Name:\tremotebridge-en") }
        }
    }

    /// remote-playerd started on `bed` with its tones, its log and its PlaybackStatus followed.
    @MainActor
    final class Running {
        let daemon: DaemonProcess
        let client: MPRISClient
        let changes = ChangeWaiter()
        var status = ""
        var volume: Double?

        init(_ bed: DaemonTestBed) async throws {
            daemon = try await bed.startPlayer(["--no-state", "--log-level", "info"] + bed.media.tones.map(\.path))
            client = MPRISClient(connection: bed.connection, busName: "org.mpris.MediaPlayer2.remotebridge")
            daemon.standardErrorGrew.add { [changes] in changes.wake() }
            try await client.followPropertiesChanged { [weak self] _, changed, _ in
                if let value = changed["PlaybackStatus"]?.stringValue { self?.status = value }
                if let value = changed["Volume"]?.doubleValue { self?.volume = value }
                self?.changes.wake()
            }
        }

        /// Waits until the player says Playing and its engine has started (Playing is said as
        /// Play is asked; the engine starts on its own thread).
        func untilPlaying() async -> Bool {
            await until { status == "Playing" && daemon.standardError.contains("engine started") }
        }

        /// Waits until `condition` holds, woken by each change and log line.
        func until(limit: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
            await changes.until(limit: limit, condition)
        }
    }

    @Test("no libmpv in the daemon, before Play or after; Play starts one engine that maps it; paused past release-engine-after it ends, and Play goes on from where it was")
    func engineComesAndGoes() async throws {
        let bed = try await DaemonTestBed(tones: 2, seconds: 30)
        defer { bed.stop() }
        try "[player]\nrelease-engine-after = 1\n".write(toFile: bed.config, atomically: true, encoding: .utf8)
        let running = try await Running(bed)
        let (daemon, client) = (running.daemon, running.client)
        defer { daemon.send(SIGTERM) }
        // Before Play: Paused on the first entry with its tags and length, and no engine.
        #expect(try await client.playbackStatus() == .paused)
        let metadata = try await client.metadata()
        #expect(metadata["xesam:title"]?.stringValue == "Tone 1")
        #expect(metadata["mpris:length"] != nil)
        #expect(try await client.property(PlayerInterface.canSeek).boolValue == true)
        #expect(try !mapsLibmpv(daemon.pid))
        #expect(engines(of: daemon.pid).isEmpty)

        try await client.setPosition(trackID: try #require(metadata["mpris:trackid"]?.stringValue), .seconds(5))
        try await client.play()
        #expect(await running.untilPlaying())
        let started = engines(of: daemon.pid)
        #expect(started.count == 1)
        if let engine = started.first { #expect(try mapsLibmpv(engine)) }
        #expect(try !mapsLibmpv(daemon.pid))
        #expect(try await client.position() >= .seconds(5))

        try await client.pause()
        #expect(await running.until { running.status == "Paused" })
        let paused = try await client.position()
        #expect(await running.until { daemon.standardError.contains("engine ended after") }, "\(daemon.standardError)")
        #expect(await running.until(limit: .seconds(5)) { engines(of: daemon.pid).isEmpty })
        #expect(try !mapsLibmpv(daemon.pid))
        #expect(try await client.playbackStatus() == .paused)
        // Where it stopped, as the engine last reported it: mpv may move its position once more
        // as it pauses, and that report comes within one report interval after Paused.
        let kept = try await client.position()
        #expect(abs((kept - paused).inSeconds) <= EngineMessage.positionInterval.inSeconds + 0.05, "paused at \(paused), kept \(kept)")

        try await client.play()
        #expect(await running.untilPlaying())
        let position = try await client.position()
        #expect(position >= paused && position < paused + .seconds(2), "paused at \(paused), went on from \(position)")
        #expect(engines(of: daemon.pid).count == 1)
    }

    @Test("the engine killed with SIGKILL while playing: the daemon keeps its name, logs the entry, and plays on from the same place in a new one")
    func engineKilled() async throws {
        let bed = try await DaemonTestBed(tones: 2, seconds: 30)
        defer { bed.stop() }
        let running = try await Running(bed)
        let (daemon, client) = (running.daemon, running.client)
        defer { daemon.send(SIGTERM) }
        try await client.play()
        #expect(await running.untilPlaying())
        // Followed from before the kill: the new engine may seek there before any wait below ends.
        var seeked: Duration?
        _ = try await client.followSeeked { position in
            seeked = position
            running.changes.wake()
        }
        try await client.setPosition(trackID: try #require(try await client.metadata()["mpris:trackid"]?.stringValue), .seconds(10))
        #expect(await running.until { (seeked ?? .zero) >= .seconds(10) })
        seeked = nil
        let engine = try #require(engines(of: daemon.pid).first)
        kill(engine, SIGKILL)
        #expect(await running.until { daemon.standardError.contains("engine ended unexpectedly") })
        #expect(daemon.standardError.contains("01 tone.flac"), "the log names the entry: \(daemon.standardError)")
        #expect(await running.until(limit: .seconds(5)) { engines(of: daemon.pid).first.map { $0 != engine } ?? false })
        // Playing again, the new engine having opened the file where it was, which Seeked says.
        #expect(await running.until { running.status == "Playing" && engines(of: daemon.pid).first != engine && (seeked ?? .zero) >= .seconds(10) })
        let position = try await client.position()
        #expect(position >= .seconds(10) && position < .seconds(12), "went on from \(position)")
        #expect(try await client.metadata()["xesam:title"]?.stringValue == "Tone 1")
    }

    @Test("the engine stopped (SIGSTOP) with a Volume set and a Seek sent to it: every Get is answered meanwhile without waiting for it, the hang is found, and it plays on")
    func engineHung() async throws {
        let bed = try await DaemonTestBed(tones: 1, seconds: 30)
        defer { bed.stop() }
        let running = try await Running(bed)
        let (daemon, client) = (running.daemon, running.client)
        defer { daemon.send(SIGTERM) }
        try await client.play()
        #expect(await running.untilPlaying())
        let engine = try #require(engines(of: daemon.pid).first)
        kill(engine, SIGSTOP)
        defer { kill(engine, SIGCONT) }
        let commands = Task {
            try await client.setProperty(PlayerInterface.volume, .double(0.5))
            try await client.seek(by: .seconds(1))
        }
        // Before the engine's client stopped waiting on the engine, each of these waited for the
        // 2 s reply deadline. The bound is far above a Get's cost (microseconds; 10 ms is the
        // release build's goal, `make wait-bench`) and far below that: beside the rest of `make
        // test` on two cores, one Get in a run has taken 0.2 s to be scheduled.
        var slowest: Duration = .zero
        var answered = 0
        let end = ContinuousClock.now + .milliseconds(1500)
        while ContinuousClock.now < end {
            let start = ContinuousClock.now
            #expect(try await client.playbackStatus() == .playing)
            slowest = max(slowest, ContinuousClock.now - start)
            answered += 1
        }
        try await commands.value
        #expect(slowest < .milliseconds(500), "the slowest of \(answered) Gets while the engine hung took \(slowest)")
        #expect(await running.until { daemon.standardError.contains("did not answer") }, "\(daemon.standardError)")
        #expect(await running.until { running.status == "Playing" && engines(of: daemon.pid).first.map { $0 != engine } ?? false })
        #expect(await running.until { abs((running.volume ?? 0) - 0.5) < 0.01 }, "the Volume set during the hang is the new engine's: \(running.volume ?? -1)")
    }

    @Test("remote-playerd killed with SIGKILL while its engine plays, or while the engine is stopped (SIGSTOP): the engine ends too")
    func daemonKilled() async throws {
        for stopped in [false, true] {
            let bed = try await DaemonTestBed(tones: 1, seconds: 30)
            defer { bed.stop() }
            let running = try await Running(bed)
            try await running.client.play()
            #expect(await running.untilPlaying())
            let engine = try #require(engines(of: running.daemon.pid).first)
            if stopped { kill(engine, SIGSTOP) }
            running.daemon.send(SIGKILL)
            _ = await running.daemon.waitForExit()
            // Its parent gone, the kernel kills it (PR_SET_PDEATHSIG), stopped or not; reaped by init.
            #expect(ProcessEnd.wait(for: engine, limit: .seconds(5)), "engine \(engine) outlived its daemon (stopped: \(stopped))")
        }
    }

    @Test("started by the bus for a call (DBUS_STARTER_BUS_TYPE), remote-playerd starts its engine program at once, libmpv in it and not in the daemon; the Play uses it")
    func preparedWhenActivated() async throws {
        let bed = try await DaemonTestBed(tones: 1, seconds: 30)
        defer { bed.stop() }
        let daemon = try await DaemonProcess(
            "remote-playerd", ["--bus", bed.bus.address, "--audio-output", "null", "--config", bed.config, "--no-state"] + bed.media.tones.map(\.path),
            environment: ["DBUS_STARTER_BUS_TYPE": "session", "DBUS_STARTER_ADDRESS": bed.bus.address])
        defer { daemon.send(SIGTERM) }
        #expect(try await daemon.waitForName("org.mpris.MediaPlayer2.remotebridge", on: bed.connection))
        let prepared = engines(of: daemon.pid)
        #expect(prepared.count == 1, "\(daemon.standardError)")
        #expect(try !mapsLibmpv(daemon.pid))
        let client = MPRISClient(connection: bed.connection, busName: "org.mpris.MediaPlayer2.remotebridge")
        try await client.play()
        let changes = ChangeWaiter()
        var status = try await client.playbackStatus()?.rawValue ?? ""
        try await client.followPropertiesChanged { _, changed, _ in
            if let value = changed["PlaybackStatus"]?.stringValue { status = value }
            changes.wake()
        }
        status = try await client.playbackStatus()?.rawValue ?? status
        #expect(await changes.until { status == "Playing" })
        #expect(engines(of: daemon.pid) == prepared, "the prepared engine plays")
    }
}
