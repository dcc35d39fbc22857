// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeGestures
import Foundation
import RemoteBridgeHeadsetDaemon
import Logging
import RemoteBridgePlayer
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeResume
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon

/// headsetd in-process on a private bus that has remote-playerd's real activation file, its Exec
/// pointed at `exec` (this build's remote-playerd by default, with null audio and the test's
/// state file), and no player running: the situation a press after remote-playerd exited meets.
@MainActor
final class ResumeFixture {
    let folder: URL
    let media: TestMedia
    let statePath: String
    let config: String
    let fifo: EvdevFIFO
    let bus: PrivateBus
    let clock = VirtualClock()
    let log = LogRecorder()
    let handler: HeadsetHandler
    let client: DBusConnection
    /// The `PropertiesChanged` of every MPRIS object, recorded from the start.
    let changes: SignalRecorder
    /// How resumptions ended, in order.
    private(set) var outcomes: [PlayerResumption.Outcome] = []
    private let outcomeWaiter = ChangeWaiter()

    /// The Exec of this build's remote-playerd, as the activation file gets it.
    nonisolated static func daemonExec(config: String, state: String) -> String {
        "\(BuiltProduct.debug("remote-playerd")) --config \(config) --state \(state) --audio-output null"
    }

    /// `exec` makes the activation file's Exec from the config and state paths; `headset` holds
    /// extra lines of the `[headset]` section; `saved` is written to the state file first.
    init(headset: String = "", saved: ((TestMedia) -> PlayerState)? = nil, exec: (String, String) -> String = { daemonExec(config: $0, state: $1) }) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        media = try await TestMedia.make(count: 3, seconds: 30)
        statePath = folder.appendingPathComponent("player.state").path
        config = folder.appendingPathComponent("config.toml").path
        try "[headset]\nbluetooth = false\n\(headset)".write(toFile: config, atomically: true, encoding: .utf8)
        if let saved { try StateStore(path: statePath).save(saved(media)) }
        let source = BuiltProduct.packageRoot.appendingPathComponent("dbus/services/\(MPRISNames.remotePlayerd).service")
        let text = try String(contentsOf: source, encoding: .utf8)
            .replacingOccurrences(of: "Exec=/usr/local/bin/remote-playerd", with: "Exec=\(exec(config, statePath))")
        let services = folder.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        try text.write(to: services.appendingPathComponent("\(MPRISNames.remotePlayerd).service"), atomically: true, encoding: .utf8)
        bus = try PrivateBus(serviceDirectory: services.path)
        fifo = try EvdevFIFO(path: folder.appendingPathComponent("event0").path)
        var options = HeadsetHandler.Options()
        options.busAddress = bus.address
        options.devices = [fifo.path]
        options.configPath = config
        options.statePath = statePath
        handler = try await HeadsetHandler(options: options, logger: log.logger, clock: clock)
        client = try await DBusConnection.connect(to: bus.address)
        changes = try await SignalRecorder.start(
            on: client, MatchRule(signal: StandardInterfaces.propertiesChanged, path: MPRISNames.objectPath))
        handler.listeners.add { [weak self] event in
            guard case .resumed(let outcome) = event else { return }
            self?.outcomes.append(outcome)
            self?.outcomeWaiter.wake()
        }
    }

    /// A state of the three tones, the second current at 2.5 s, as remote-playerd saves it.
    static func threeTones(_ media: TestMedia) -> PlayerState {
        PlayerState(queue: media.tones.map { QueueItem(url: $0.path) }, currentIndex: 1, position: 2.5, volume: 1, loop: .none, shuffle: false)
    }

    /// Writes a key press and release.
    func press(_ code: UInt16) throws {
        try fifo.key(code, pressed: true)
        try fifo.key(code, pressed: false)
    }

    /// Waits until `count` resumptions have ended; false after 10 s (a hung test).
    func waitForOutcomes(_ count: Int) async -> Bool {
        await outcomeWaiter.until(limit: .seconds(30)) { outcomes.count >= count }
    }

    /// A client of remote-playerd's MPRIS name.
    var player: MPRISClient { MPRISClient(connection: client, busName: MPRISNames.remotePlayerd) }

    /// Waits, signal by signal, until remote-playerd says Playing; false if it never does.
    func waitUntilPlaying() async throws -> Bool {
        try await changes.until(asking: { try await player.playbackStatus() == .playing })
    }

    /// The warnings logged so far.
    var warnings: [String] { log.lines.filter { $0.level >= .warning }.map(\.text) }

    /// Kills remote-playerd if the bus started it, and removes everything.
    func stop() async {
        if let pid = await client.processID(of: MPRISNames.remotePlayerd) { kill(pid_t(pid), SIGKILL) }
        handler.shutdown()
        bus.stop()
        fifo.remove()
        media.remove()
        try? FileManager.default.removeItem(at: folder)
    }
}
