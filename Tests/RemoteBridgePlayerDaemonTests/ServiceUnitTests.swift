// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import Foundation
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// The systemd user units in dist/systemd: valid, hardened, and what they promise holds.
@Suite("Service units: valid, hardened, and remote-playerd runs under MemoryDenyWriteExecute", .serialized)
@MainActor
struct ServiceUnitTests {
    /// `unit` from dist/systemd, with ExecStart pointing at the debug build, in a new folder.
    static func unitForTest(_ unit: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("units-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = try String(contentsOf: BuiltProduct.packageRoot.appendingPathComponent("dist/systemd/\(unit)"), encoding: .utf8)
        let binaries = BuiltProduct.packageRoot.appendingPathComponent(".build/debug").path
        let path = folder.appendingPathComponent(unit).path
        try text.replacingOccurrences(of: "/usr/local/bin", with: binaries).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("systemd-analyze verify passes, and the exposure score is under the goal", arguments: [("remote-playerd.service", 5.0), ("headsetd.service", 4.0)])
    func hardened(unit: String, goal: Double) async throws {
        let path = try Self.unitForTest(unit)
        let verify = try await ExternalProcess.run("systemd-analyze", ["verify", "--man=no", path])
        #expect(verify.status == 0, "\(verify.standardError)")
        #expect(verify.standardError.isEmpty, "\(verify.standardError)")
        let security = try await ExternalProcess.run("systemd-analyze", ["security", "--offline=yes", path])
        let summary = try #require(security.standardOutput.split(separator: "\n").last { $0.contains("Overall exposure level") })
        // The number after "<unit>:", whatever the locale adds around it (":-)" without UTF-8).
        let afterUnit = summary.components(separatedBy: unit + ":").last ?? ""
        let number = afterUnit.drop { !$0.isNumber }.prefix { $0.isNumber || $0 == "." }
        let score = try #require(Double(number), "\(summary.debugDescription)")
        #expect(score < goal, "\(unit): \(summary)")
        #expect(security.standardOutput.contains("✓ MemoryDenyWriteExecute="))
    }

    @Test("remote-playerd plays and exits cleanly with write+execute memory refused (prctl PR_SET_MDWE)", arguments: ["auto", "alsa", "pulse", "pipewire"])
    func memoryDenyWriteExecute(audioOutput: String) async throws {
        let bus = try PrivateBus()
        let media = try await TestMedia.make(count: 1, seconds: 5)
        defer {
            bus.stop()
            media.remove()
        }
        let config = media.directory.appendingPathComponent("config.toml").path
        _ = FileManager.default.createFile(atPath: config, contents: Data())
        // What systemd's MemoryDenyWriteExecute=yes enforces, the kernel's MDWE enforces too:
        // no mapping may become writable and executable. python3 sets it, then becomes the daemon.
        let wrapper = "import ctypes, os, sys\nif ctypes.CDLL(None).prctl(65, 1, 0, 0, 0) != 0: sys.exit(97)\nos.execv(sys.argv[1], sys.argv[1:])"
        // auto stays Paused until a real output opens: it gets a sound server of its own.
        let pulse = try PulseAudioServer()
        if audioOutput == "auto" { try await pulse.start() }
        let daemon = try await DaemonProcess(
            executable: "/usr/bin/python3",
            ["-c", wrapper, BuiltProduct.debug("remote-playerd"), "--bus", bus.address, "--audio-output", audioOutput == "auto" ? "auto" : audioOutput + ",null",
             "--no-state", "--config", config, media.tones[0].path],
            environment: pulse.environment)
        let connection = try await DBusConnection.connect(to: bus.address)
        try #require(try await daemon.waitForName("org.mpris.MediaPlayer2.remotebridge", on: connection), "\(daemon.standardError)")
        let client = MPRISClient(connection: connection, busName: "org.mpris.MediaPlayer2.remotebridge")
        let changes = try await SignalRecorder.start(on: connection, MatchRule(signal: StandardInterfaces.propertiesChanged))
        try await client.play()
        // Playing, with the file opened and its tags decoded by mpv.
        while true {
            // Counted before asking, so a change that lands while we ask is not waited for again.
            let seen = changes.messages.count
            let playing = try await client.playbackStatus() == .playing
            let title = try await client.metadata()["xesam:title"]?.stringValue
            if playing, title == "Tone 1" { break }
            try #require(await changes.waitFor(count: seen + 1), "never played: \(daemon.standardError)")
        }
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
        #expect(!daemon.standardError.contains("Operation not permitted"), "\(daemon.standardError)")
        await pulse.stop()
    }
}
