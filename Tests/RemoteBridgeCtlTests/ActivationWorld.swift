// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgePlayer
import RemoteBridgePlayerDaemon
import RemoteBridgeTesting

/// A private bus with remote-playerd's activation file (this build, null audio, the state
/// file under `XDG_STATE_HOME`), a config folder, and the three tones; `saved` writes a state,
/// and without `activatable` the bus has no activation file.
@MainActor
final class ActivationWorld {
    let folder: URL
    let media: TestMedia
    let bus: PrivateBus
    let environment: [String: String]
    /// The connections `propertyChanges()` records on, kept for as long as the world.
    private var watchers: [DBusConnection] = []
    /// The tones `moreTones(count:)` made.
    private var extraMedia: [TestMedia] = []

    init(saved: Bool, activatable: Bool = true) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("remotectl-resume-\(UUID().uuidString)")
        let state = folder.appendingPathComponent("state/remotebridge")
        let services = folder.appendingPathComponent("services")
        for made in [state, services, folder.appendingPathComponent("config")] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        media = try await TestMedia.make(count: 3, seconds: 30)
        let statePath = state.appendingPathComponent("player.state").path
        if saved {
            try StateStore(path: statePath).save(
                PlayerState(queue: media.tones.map { QueueItem(url: $0.path) }, currentIndex: 0, position: 0, volume: 1, loop: .none, shuffle: false))
        }
        let config = folder.appendingPathComponent("config/empty.toml").path
        try "".write(toFile: config, atomically: true, encoding: .utf8)
        let file = "org.mpris.MediaPlayer2.remotebridge.service"
        let text = try String(contentsOf: BuiltProduct.packageRoot.appendingPathComponent("dbus/services/\(file)"), encoding: .utf8)
            .replacingOccurrences(
                of: "Exec=/usr/local/bin/remote-playerd",
                with: "Exec=\(BuiltProduct.debug("remote-playerd")) --config \(config) --state \(statePath) --audio-output null")
        if activatable { try text.write(to: services.appendingPathComponent(file), atomically: true, encoding: .utf8) }
        bus = try PrivateBus(serviceDirectory: services.path)
        environment = ["XDG_STATE_HOME": folder.appendingPathComponent("state").path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
    }

    func remotectl(_ arguments: [String]) async throws -> ExternalProcess.Result {
        try await ExternalProcess.run(BuiltProduct.debug("remotectl"), ["--bus", bus.address] + arguments, environment: environment)
    }

    /// The player's client on the bus, once it runs.
    func player() async throws -> MPRISClient {
        MPRISClient(connection: try await DBusConnection.connect(to: bus.address), busName: "org.mpris.MediaPlayer2.remotebridge")
    }

    /// Records every PropertiesChanged of MPRIS players on the bus, from now on (so from before
    /// a player the test has the bus start).
    func propertyChanges() async throws -> SignalRecorder {
        let connection = try await DBusConnection.connect(to: bus.address)
        watchers.append(connection)
        return try await SignalRecorder.start(on: connection, MatchRule(signal: StandardInterfaces.propertiesChanged, path: MPRISNames.objectPath))
    }

    /// `count` more tones, in a folder of their own, removed with the world.
    func moreTones(count: Int) async throws -> TestMedia {
        let tones = try await TestMedia.make(count: count, seconds: 30)
        extraMedia.append(tones)
        return tones
    }

    /// Stops the bus (a player it started exits with it: remote-playerd ends when its bus goes)
    /// and removes the files.
    func stop() {
        bus.stop()
        for tones in [media] + extraMedia { tones.remove() }
        try? FileManager.default.removeItem(at: folder)
    }
}
