// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import Foundation
import RemoteBridgeEvdev
@testable import RemoteBridgeHeadsetDaemon
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgeCore
import Testing

/// Players frozen with SIGSTOP (remote-playerd processes) on the private bus delay no one.
@Suite("headsetd with frozen players", .serialized)
@MainActor
struct FrozenPlayerTests {
    /// The index of the player's current track in its queue.
    func currentIndex(of player: String, on connection: DBusConnection) async throws -> Int? {
        let client = MPRISClient(connection: connection, busName: player)
        let current = try await client.metadata()["mpris:trackid"]?.stringValue
        let tracks = try await client.property(TrackListInterface.tracks).stringArrayValue ?? []
        return tracks.firstIndex { $0 == current }
    }

    /// Starts `player` (a remote-playerd) playing, and waits until it says so, which mpv may
    /// take a while to on a loaded machine, and then until headsetd has seen it.
    func play(_ player: String, _ f: HeadsetFixture) async throws {
        let changes = try await SignalRecorder.start(
            on: f.client, MatchRule(signal: StandardInterfaces.propertiesChanged, path: MPRISNames.objectPath))
        try await MPRISClient(connection: f.client, busName: player).play()
        func playing() -> Bool {
            changes.messages.contains { $0.body.count > 1 && $0.body[1].stringDictionaryValue?["PlaybackStatus"]?.stringValue == "Playing" }
        }
        _ = await changes.until { playing() }
        try await f.settle { f.handler.tracker.nowPlaying == player }
    }

    /// The player name the frozen remote-playerd owns.
    let frozenName = "org.mpris.MediaPlayer2.frozen"

    /// remote-playerd on the fixture's bus as "frozen", with `tones` tones queued, once its name is there.
    private func startFrozenCandidate(_ f: HeadsetFixture, tones: Int) async throws -> (DaemonProcess, TestMedia) {
        let media = try await TestMedia.make(count: tones, seconds: 30)
        let config = media.directory.appendingPathComponent("config.toml").path
        _ = FileManager.default.createFile(atPath: config, contents: Data())
        let frozen = try await DaemonProcess(
            "remote-playerd", ["--bus", f.bus.address, "--audio-output", "null", "--config", config, "--no-state", "--name", "frozen"] + media.tones.map(\.path))
        let named = try await frozen.waitForName(frozenName, on: f.client)
        if !named {
            frozen.send(SIGKILL)
            media.remove()
        }
        try #require(named, "remote-playerd never took \(frozenName)")
        return (frozen, media)
    }

    @Test("a press for our player is not held up by a call to a frozen one; five presses to the frozen one reach it as one")
    func frozenPeer() async throws {
        let f = try await HeadsetFixture()
        let (frozen, media) = try await startFrozenCandidate(f, tones: 6)
        defer {
            frozen.send(SIGKILL)
            media.remove()
        }
        // Long enough that our own player answers first even on a loaded machine.
        f.handler.output.pressTimeout = .seconds(2)
        // The frozen player is now playing when it freezes.
        try await play(frozenName, f)
        try #require(f.handler.tracker.nowPlaying == frozenName)
        await frozen.freeze()
        defer { frozen.send(SIGCONT) }
        // Five Next presses for it, in quick succession.
        for _ in 0..<5 { try await f.press(163) }
        // Ours starts playing and takes the buttons; a press for it is answered at once, while
        // the frozen player's first call is still waiting for its timeout.
        f.player.play()
        try await f.settle { f.handler.tracker.nowPlaying == f.served.busName }
        try await f.press(163)
        try await f.settle { f.player.currentIndex == 1 }
        #expect(f.player.currentIndex == 1)
        try await f.settle { !f.answers.isEmpty }
        #expect(f.answers.first.map { $0.0 == f.served.busName && $0.2 } == true, "\(f.answers)")
        // The frozen player's call times out; the presses behind it are dropped, not kept.
        try await f.settle { f.answers.contains { $0.0 == frozenName } }
        #expect(f.answers.contains { $0.0 == frozenName && !$0.2 })
        // Thawed, it has received one Next, not five. Its Metadata follows once the new
        // track's tags are read, so wait for that change (then for anything sent with it).
        let metadata = try await SignalRecorder.start(
            on: f.client, MatchRule(signal: StandardInterfaces.propertiesChanged, sender: frozenName, path: MPRISNames.objectPath))
        frozen.send(SIGCONT)
        _ = await metadata.until { metadata.messages.contains { $0.body.count > 1 && $0.body[1].stringDictionaryValue?["Metadata"] != nil } }
        try await f.client.barrier(with: frozenName)
        let thawed = try await currentIndex(of: frozenName, on: f.client)
        #expect(thawed == 1, "\(f.answers)")
    }

    @Test("a scan on a frozen RemoteBridge player falls back to Seeks, but once it thaws the next scan goes through RemoteControl1 again")
    func scanAfterThaw() async throws {
        let f = try await HeadsetFixture()
        let (frozen, media) = try await startFrozenCandidate(f, tones: 2)
        defer {
            frozen.send(SIGKILL)
            media.remove()
        }
        f.handler.output.pressTimeout = .milliseconds(300)
        try await play(frozenName, f)
        try #require(f.handler.tracker.nowPlaying == frozenName)
        // Frozen: its introspection times out, so the held key scans with Seeks.
        await frozen.freeze()
        try await f.press(KeyMap.keyFastForward)
        try await f.settle { f.answers.contains { $0.0 == frozenName && $0.1 == .endSeekingForward } }
        try #require(f.answers.contains { $0.0 == frozenName && $0.1 == .endSeekingForward }, "\(f.answers)")
        frozen.send(SIGCONT)
        // Thawed, the next hold reaches it as RemoteControl1 events (the player reports every
        // event it gets, the Seeks sent while it was frozen as skip-forward).
        let delivered = try await SignalRecorder.start(on: f.client, MatchRule(signal: RemoteControl1Interface.eventDelivered))
        try await f.press(KeyMap.keyFastForward)
        func subtypes() -> [String] { delivered.messages.compactMap { $0.body.first?.stringValue } }
        _ = await delivered.until { subtypes().contains("end-seeking-forward") }
        #expect(subtypes().filter { $0.contains("seeking") } == ["begin-seeking-forward", "end-seeking-forward"], "\(subtypes()) \(f.answers)")
    }

    @Test("headsetd claims its name at once with two frozen players on the bus, and SIGTERM during start ends it at once")
    func startWithFrozenPlayers() async throws {
        let bed = try await DaemonTestBed(tones: 1)
        defer { bed.stop() }
        let first = try await bed.startPlayer(["--no-state", "--name", "one", bed.media.tones[0].path], name: "one")
        let second = try await bed.startPlayer(["--no-state", "--name", "two", bed.media.tones[0].path], name: "two")
        defer {
            first.send(SIGKILL)
            second.send(SIGKILL)
        }
        await first.freeze()
        await second.freeze()
        let arguments = ["--bus", bed.bus.address, "--config", bed.config, "--system-bus", "unix:path=/nonexistent/remotebridge", "--input-dir", bed.media.directory.path]
        let began = ContinuousClock.now
        let headsetd = try await DaemonProcess("headsetd", arguments)
        #expect(try await headsetd.waitForName(Headset1Interface.busName, on: bed.connection, limit: .seconds(10)), "\(headsetd.standardError)")
        let claimed = ContinuousClock.now - began
        #expect(claimed < .seconds(3), "headsetd took \(claimed) to claim its name")
        headsetd.send(SIGTERM)
        #expect(await headsetd.waitForExit() == 0, "\(headsetd.standardError)")

        // SIGTERM as early as can be: right after it runs.
        let early = try await DaemonProcess("headsetd", arguments)
        let sent = ContinuousClock.now
        early.send(SIGTERM)
        let status = await early.waitForExit()
        #expect(status == 0 || status == -SIGTERM)
        #expect(ContinuousClock.now - sent < .seconds(3))
    }

    @Test("headsetd --device with a relative path reads it from the working directory, waiting for it to appear")
    func relativeDevice() async throws {
        let bed = try await DaemonTestBed(tones: 1)
        defer { bed.stop() }
        let served = try await ServedPlayer(address: bed.bus.address, name: "test")
        let headsetd = try await DaemonProcess(
            "headsetd",
            ["--bus", bed.bus.address, "--config", bed.config, "--system-bus", "unix:path=/nonexistent/remotebridge", "--device", "f", "--log-level", "debug"],
            workingDirectory: bed.media.directory.path)
        defer { headsetd.send(SIGKILL) }
        #expect(try await headsetd.waitForName(Headset1Interface.busName, on: bed.connection), "\(headsetd.standardError)")
        let devices = try await SignalRecorder.start(
            on: bed.connection, MatchRule(signal: StandardInterfaces.propertiesChanged, path: Headset1Interface.objectPath))
        let fifo = try EvdevFIFO(path: bed.path("f"))
        defer { fifo.remove() }
        let changed = try await SignalRecorder.start(on: bed.connection, MatchRule(signal: RemoteControl1Interface.eventDelivered))
        // The reader opens the FIFO once inotify reports it, and says so in Devices.
        func reading() -> Bool {
            devices.messages.contains { $0.body[1].stringDictionaryValue?["Devices"]?.stringArrayValue?.contains(bed.path("f")) == true }
        }
        _ = await devices.until { reading() }
        try #require(reading())
        try fifo.key(163, pressed: true)
        try fifo.key(163, pressed: false)
        #expect(await changed.waitFor(count: 1))
        #expect(served.player.currentIndex == 1)
        headsetd.send(SIGTERM)
        #expect(await headsetd.waitForExit() == 0)
        let log = headsetd.standardError
        #expect(log.contains("reading \(bed.path("f"))"), "\(log)")
        #expect(log.contains("KEY_NEXTSONG down → next-track"), "\(log)")
        #expect(log.contains("target: org.mpris.MediaPlayer2.test"), "\(log)")
        #expect(log.contains("call: next-track → org.mpris.MediaPlayer2.test"), "\(log)")
    }
}
