import Foundation
import RemoteBridgeMPV
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import Testing

/// `remotectl play` and `play-pause` with no player at all resume remote-playerd's saved queue
/// through its activation file, as headsetd does; without a saved queue, with another verb, or
/// with `-p`, remotectl says "No players found" and exits 1, as playerctl does.
@Suite("remotectl: media-button resumption with no player", .serialized)
@MainActor
struct RemoteCtlResumeTests {
    /// A private bus with remote-playerd's activation file (this build, null audio, the state
    /// file under `XDG_STATE_HOME`), a config folder, and the three tones; `saved` writes a state.
    final class World {
        let folder: URL
        let media: TestMedia
        let bus: TestBus
        let environment: [String: String]

        init(saved: Bool) async throws {
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
            try text.write(to: services.appendingPathComponent(file), atomically: true, encoding: .utf8)
            bus = try TestBus(serviceDirectory: services.path)
            environment = ["XDG_STATE_HOME": folder.appendingPathComponent("state").path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
        }

        func remotectl(_ arguments: [String]) async throws -> ExternalProcess.Result {
            try await ExternalProcess.run(BuiltProduct.debug("remotectl"), ["--bus", bus.address] + arguments, environment: environment)
        }

        func stop() {
            bus.stop()
            media.remove()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    @Test("play-pause with a saved queue and no player starts remote-playerd, which plays; exit 0, nothing printed")
    func resumes() async throws {
        let world = try await World(saved: true)
        defer { world.stop() }
        let result = try await world.remotectl(["play-pause"])
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty && result.standardError.isEmpty)
        let client = try await DBusConnection.connect(to: world.bus.address)
        defer { Task { if let pid = await client.processID(of: "org.mpris.MediaPlayer2.remotebridge") { kill(pid_t(pid), SIGKILL) } } }
        #expect(try await MPRISClient(connection: client, busName: "org.mpris.MediaPlayer2.remotebridge").playbackStatus() == .playing)
    }

    @Test("no saved state, another verb, or -p: \"No players found\", exit 1, nothing started", arguments: [
        (false, ["play"]), (true, ["next"]), (true, ["-p", "remotebridge", "play"]), (true, ["-a", "play-pause"]),
    ])
    func declines(saved: Bool, arguments: [String]) async throws {
        let world = try await World(saved: saved)
        defer { world.stop() }
        let result = try await world.remotectl(arguments)
        #expect(result.status == 1)
        #expect(result.standardError == "No players found\n")
        let client = try await DBusConnection.connect(to: world.bus.address)
        #expect(await client.nameOwner("org.mpris.MediaPlayer2.remotebridge") == nil)
    }
}
