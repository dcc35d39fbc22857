// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// The sleep timer heard where it counts: what remote-playerd plays, recorded from the monitor
/// of a real PulseAudio server's null sink, fades out over `sleep-fade`, then stops when the
/// player pauses at the timer's end; the volume is back for the next Play, which is as loud as
/// before.
@Suite("remote-playerd: the sleep timer fades out, pauses, and gives the volume back", .serialized)
@MainActor
struct SleepTimerLevelTests {
    /// The RMS level in dB of each `window` of a 16-bit mono WAV file that parec wrote.
    static func levels(of path: String, window: Double = 0.1, rate: Int = 8000) throws -> [Double] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // parec's header is 44 bytes; its lengths may be placeholders, so the samples are all that follows.
        guard bytes.count > 44 else { return [] }
        let samples = stride(from: 44, to: bytes.count - 1, by: 2).map { Double(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)) / 32768 }
        let size = Int(Double(rate) * window)
        return stride(from: 0, to: samples.count - size, by: size).map { start in
            let slice = samples[start..<start + size]
            let rms = (slice.reduce(0) { $0 + $1 * $1 } / Double(size)).squareRoot()
            return 20 * log10(max(rms, 1e-9))
        }
    }

    @Test("an 8 s timer with a 2 s fade: full level, then falling by more than 12 dB over the fade, then silence as it pauses within 1 s of its end; Volume stays 1 and the next Play is as loud as before")
    func fadeAndPause() async throws {
        let bed = try await DaemonTestBed(tones: 1, seconds: 1)
        defer { bed.stop() }
        let tone = bed.media.directory.appendingPathComponent("long.flac")
        try await TestMedia.tone(at: tone, seconds: 60, tags: ["TITLE=Long"])
        try "[player]\nsleep-fade = \"2s\"\n".write(toFile: bed.config, atomically: true, encoding: .utf8)
        let server = try PulseAudioServer()
        try await server.start()
        var failure: (any Error)?
        do {
            try await measure(tone: tone, bed: bed, server: server)
        } catch {
            failure = error
        }
        await server.stop()
        if let failure { throw failure }
    }

    private func measure(tone: URL, bed: DaemonTestBed, server: PulseAudioServer) async throws {
        let events = try await SoundServerEvents(environment: server.environment)
        let daemon = try await DaemonProcess(
            "remote-playerd", ["--bus", bed.bus.address, "--audio-output", "pulse", "--config", bed.config, "--no-state", tone.path],
            environment: server.environment)
        defer { daemon.send(SIGKILL) }
        guard try await daemon.waitForName("org.mpris.MediaPlayer2.remotebridge", on: bed.connection) else {
            throw OracleFailure(description: "remote-playerd never came on the bus: \(daemon.standardError)")
        }
        let client = MPRISClient(connection: bed.connection, busName: "org.mpris.MediaPlayer2.remotebridge")
        let changes = try await SignalRecorder.start(on: bed.connection, MatchRule(signal: StandardInterfaces.propertiesChanged, path: MPRISNames.objectPath))
        try await client.play()
        try await SinkMonitor.waitForStream(on: server, events: events, daemon: daemon)
        // 12 s of the sink's monitor (parec takes a moment to start, so the timer's 8 s end well
        // inside it).
        let recording = bed.path("sleep-\(UUID().uuidString).wav")
        async let recorded = SinkMonitor.record(seconds: 12, to: recording, on: server)
        let asked = ContinuousClock.now
        _ = try await client.call(Playback1Interface.setSleepTimer, [.string("8s")])
        let set = ContinuousClock.now
        #expect(try await client.property(Playback1Interface.sleepTimer).stringValue == "time")
        let left = try await client.property(Playback1Interface.sleepRemaining).int64Value ?? -1
        // Counting down from 8 s since the call, however long the answers took on a loaded machine.
        let since = (ContinuousClock.now - asked).inSeconds
        #expect(Double(left) / 1e6 <= 8 && Double(left) / 1e6 >= 8 - since - 0.1, "SleepRemaining \(since) s after setting 8s: \(left) µs")
        let paused = try await changes.until(limit: .seconds(15), asking: { try await client.property(PlayerInterface.playbackStatus).stringValue == "Paused" })
        let pausedAfter = ContinuousClock.now - set
        #expect(paused, "the timer never paused the player")
        #expect(pausedAfter > .seconds(7.5) && pausedAfter < .seconds(9), "paused \(pausedAfter) after an 8 s timer was set")
        #expect(try await client.property(Playback1Interface.sleepTimer).stringValue == "off")
        #expect(try await client.property(PlayerInterface.volume).doubleValue == 1, "the volume shown is the one from before the fade")
        _ = try await recorded

        let levels = try Self.levels(of: recording)
        // The windows with sound, and where it stops (the pause).
        guard let last = levels.lastIndex(where: { $0 > -50 }), last >= 30 else {
            throw OracleFailure(description: "no tone recorded: \(levels.map { Int($0) })")
        }
        let full = levels[last - 30..<last - 22].reduce(0, +) / 8  // 3.0 to 2.2 s before the end: before the fade
        let fadeStart = levels[last - 18..<last - 15].reduce(0, +) / 3  // about 1.8 to 1.5 s before it
        let fadeEnd = levels[last - 4..<last - 1].reduce(0, +) / 3  // the last 0.4 s
        #expect(full > -15, "the tone before the fade is loud: \(full) dB")
        #expect(full - fadeStart < 6, "the fade starts gently: \(full) dB, then \(fadeStart) dB")
        #expect(full - fadeEnd > 12, "by the pause it has faded by more than 12 dB: \(full) dB, then \(fadeEnd) dB (levels \(levels.suffix(40).map { Int($0) }))")
        #expect(levels[(last + 1)...].allSatisfy { $0 < -50 }, "silence after the pause")

        // The next Play is as loud as before the fade.
        let again = bed.path("again-\(UUID().uuidString).wav")
        try await client.play()
        _ = try await SinkMonitor.record(seconds: 2, to: again, on: server)
        let loudest = try Self.levels(of: again).max() ?? -100
        #expect(abs(loudest - full) < 1.5, "after the timer, Play is as loud as before: \(loudest) dB against \(full) dB")
        print("sleep timer: paused \(pausedAfter) after setting 8s; level \(full) dB before the fade, \(fadeStart) dB as it starts, \(fadeEnd) dB at its end, \(loudest) dB at the next Play")
    }
}
