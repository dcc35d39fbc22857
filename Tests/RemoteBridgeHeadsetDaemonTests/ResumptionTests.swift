// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeHeadsetDaemon
import RemoteBridgeEvdev
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeStateFile
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import Testing

/// Media-button resumption: with no player on the bus, play, play/pause or a click starts
/// remote-playerd through its real activation file and resumes its saved queue; nothing else
/// does, nor a state too old or empty; presses during start-up are absorbed; a daemon that
/// cannot start costs one log line.
@Suite("headsetd: media-button resumption through D-Bus activation", .serialized)
@MainActor
struct ResumptionTests {
    static let starting = "starting remote-playerd to resume"

    @Test("remote-playerd ran and exited; KEY_PLAYCD starts it through the activation file and it plays its saved queue")
    func resumesAfterExit() async throws {
        let f = try await ResumeFixture()
        defer { Task { await f.stop() } }
        let first = try await DaemonProcess(
            "remote-playerd", ["--bus", f.bus.address, "--audio-output", "null", "--config", f.config, "--state", f.statePath] + f.media.tones.map(\.path))
        try #require(try await first.waitForName(MPRISNames.remotePlayerd, on: f.client))
        first.send(SIGTERM)
        #expect(await first.waitForExit() == 0)
        #expect(await f.client.nameOwner(MPRISNames.remotePlayerd) == nil)

        try f.press(KeyMap.keyPlayCD)
        #expect(await f.waitForOutcomes(1))
        guard case .resumed(.resume(_, let entries)) = f.outcomes.first else { Issue.record("\(f.outcomes)"); return }
        #expect(entries == 3)
        #expect(try await f.waitUntilPlaying())
        #expect(try await f.player.metadata()["xesam:url"]?.stringValue?.hasSuffix("/01%20tone.flac") == true)
        // The age is whatever passed since the first daemon's last save: 0 s, or 1 s on a slow turn.
        #expect(f.log.lines(containing: "play: no MPRIS player could take it; \(Self.starting) (saved ").filter { $0.text.contains(" s ago, 3 tracks)") }.count == 1)
        #expect(f.warnings.isEmpty)
    }

    @Test("a single click resumes at the saved entry")
    func clickResumesAtPosition() async throws {
        let f = try await ResumeFixture(saved: ResumeFixture.threeTones)
        defer { Task { await f.stop() } }
        _ = try await f.client.call(Headset1Interface.busName, Headset1Interface.objectPath, Headset1Interface.click, [.uint32(1), .double(0)])
        f.clock.advance(by: .seconds(1))
        #expect(await f.waitForOutcomes(1))
        #expect(try await f.waitUntilPlaying())
        #expect(try await f.player.metadata()["xesam:url"]?.stringValue?.hasSuffix("/02%20tone.flac") == true)
        #expect(f.log.lines(containing: "toggle-play-pause: no MPRIS player could take it").count == 1)
    }

    @Test("next, previous, stop, seeking, an unplug and a plug start nothing, and the log says where each went")
    func otherKeysStartNothing() async throws {
        let f = try await ResumeFixture(saved: ResumeFixture.threeTones)
        defer { Task { await f.stop() } }
        for key in [KeyMap.keyNextSong, KeyMap.keyPreviousSong, KeyMap.keyStopCD, KeyMap.keyFastForward] { try f.press(key) }
        let headphones: UInt16 = 2
        try f.fifo.write([.switchChange(headphones, on: false), .report, .switchChange(headphones, on: true), .report])
        for subtype in ["next-track", "previous-track", "stop", "begin-seeking-forward", "end-seeking-forward"] {
            #expect(await f.log.waitFor("\(subtype): no MPRIS player to send it to"))
        }
        #expect(await f.log.waitFor("plugged back in; nothing to do"))
        #expect(f.log.lines(containing: "unplugged; nothing to do").count == 1)
        #expect(f.log.lines(containing: Self.starting).isEmpty)
        #expect(!f.handler.resumption.isStarting)
        #expect(f.outcomes.isEmpty)
        #expect(await f.client.nameOwner(MPRISNames.remotePlayerd) == nil)
    }

    @Test("a state older than resume-after-exit-within, or an empty queue: the press is dropped and the log says which")
    func limits() async throws {
        let f = try await ResumeFixture(headset: "resume-after-exit-within = \"1d\"\n", saved: ResumeFixture.threeTones)
        defer { Task { await f.stop() } }
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-2 * 86_400)], ofItemAtPath: f.statePath)
        try f.press(KeyMap.keyPlayCD)
        #expect(await f.log.waitFor("play: no MPRIS player to send it to, and no resume: the state was saved 2 d ago, longer than [headset] resume-after-exit-within (24 h)"))

        try StateStore(path: f.statePath).save(PlayerState(queue: [], currentIndex: nil, position: 0, volume: 1, loop: .none, shuffle: false))
        try f.press(KeyMap.keyPlayCD)
        #expect(await f.log.waitFor("play: no MPRIS player to send it to, and no resume: the saved queue at \(f.statePath) is empty"))
        #expect(f.log.lines(containing: Self.starting).isEmpty)
        #expect(f.outcomes.isEmpty)
        #expect(await f.client.nameOwner(MPRISNames.remotePlayerd) == nil)
    }

    @Test("two presses while remote-playerd starts: one daemon, and playback is not toggled back off")
    func pressesDuringStartUp() async throws {
        // The activation waits on a gate, so the presses surely come during start-up.
        let gate = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-gate-\(UUID().uuidString)").path
        try #require(mkfifo(gate, 0o600) == 0)
        defer { unlink(gate) }
        let f = try await ResumeFixture(saved: ResumeFixture.threeTones) { config, state in
            "/bin/sh -c \"read line < \(gate); exec \(ResumeFixture.daemonExec(config: config, state: state))\""
        }
        defer { Task { await f.stop() } }
        try f.press(KeyMap.keyPlayCD)
        #expect(await f.log.waitFor(Self.starting))
        try f.press(KeyMap.keyPlayCD)
        _ = try await f.client.call(Headset1Interface.busName, Headset1Interface.objectPath, Headset1Interface.click, [.uint32(1), .double(0)])
        f.clock.advance(by: .seconds(1))
        #expect(await f.log.waitFor("absorbed; remote-playerd is starting", count: 2))
        #expect(f.outcomes.isEmpty)
        // Opening the gate for writing waits for the shell to open it for reading: off the main actor.
        await Task.detached {
            let descriptor = open(gate, O_WRONLY | O_CLOEXEC)
            if descriptor >= 0 {
                _ = write(descriptor, "go\n", 3)
                close(descriptor)
            }
        }.value
        #expect(await f.waitForOutcomes(1))
        #expect(try await f.waitUntilPlaying())
        try await f.client.barrier(with: MPRISNames.remotePlayerd)
        #expect(try await f.player.playbackStatus() == .playing)
        #expect(f.log.lines(containing: Self.starting).count == 1)
        #expect(f.outcomes.count == 1)
    }

    @Test("a daemon that cannot start costs one log line a press, and headsetd goes on", arguments: ["/bin/false", "/nonexistent/remote-playerd"])
    func cannotStart(exec: String) async throws {
        let f = try await ResumeFixture(saved: ResumeFixture.threeTones) { _, _ in exec }
        defer { Task { await f.stop() } }
        try f.press(KeyMap.keyPlayCD)
        #expect(await f.waitForOutcomes(1))
        guard case .failed = f.outcomes.first else { Issue.record("\(f.outcomes)"); return }
        #expect(f.warnings.count == 1)
        #expect(f.warnings.first?.hasPrefix("could not resume: remote-playerd did not start: ") == true)
        try f.press(KeyMap.keyPlayCD)
        #expect(await f.waitForOutcomes(2))
        #expect(f.warnings.count == 2)
        // headsetd still sends presses to a player that comes.
        let served = try await ServedPlayer(address: f.bus.address, name: "test")
        #expect(await until(wokenBy: f.handler.tracker.listeners) { f.handler.tracker.target == served.busName })
        var delivered: [String] = []
        f.handler.listeners.add {
            if case .delivered(let target, let event, _) = $0 { delivered.append("\(target) \(event.subtype.name)") }
        }
        try f.press(KeyMap.keyNextSong)
        #expect(await until(wokenBy: f.handler.listeners) { !delivered.isEmpty })
        #expect(delivered == ["\(served.busName) next-track"])
    }
}
