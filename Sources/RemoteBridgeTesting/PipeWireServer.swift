// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import Foundation

/// A real PipeWire with WirePlumber and pipewire-pulse, and one null sink, private to a test:
/// runtime folder, home and configuration are in a temporary folder, so it never touches a
/// desktop session's sound, and no hardware is opened (the sink is PipeWire's
/// `support.null-audio-sink`, added by a drop-in of the test's own `pipewire.conf.d`). A
/// PipeWire client reaches it with `environment` (PIPEWIRE_RUNTIME_DIR), a PulseAudio client
/// through pipewire-pulse (PULSE_SERVER). WirePlumber gets the test's bus as its session bus.
@MainActor
public final class PipeWireServer {
    /// The folder holding the runtime folder, home and configuration.
    public let directory: URL
    /// The null sink's node name: WirePlumber makes it the default sink.
    public static let sinkName = "remotebridge-test-null"
    private let runtime: URL
    private let sessionBus: String
    private var processes: [ServerProcess] = []

    /// Makes the folders and the sink's configuration; nothing runs until `start()`.
    /// `sessionBus` is the address WirePlumber uses as its session bus.
    public init(sessionBus: String) throws {
        self.sessionBus = sessionBus
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-pipewire-\(UUID().uuidString)")
        runtime = directory.appendingPathComponent("run")
        let dropIns = directory.appendingPathComponent("home/.config/pipewire/pipewire.conf.d")
        try FileManager.default.createDirectory(at: dropIns, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try """
            context.objects = [
                { factory = adapter
                    args = {
                        factory.name     = support.null-audio-sink
                        node.name        = "\(Self.sinkName)"
                        node.description = "RemoteBridge test sink"
                        media.class      = "Audio/Sink"
                        audio.position   = "FL,FR"
                        node.driver      = true
                    }
                }
            ]
            """.write(to: dropIns.appendingPathComponent("remotebridge-test-null.conf"), atomically: true, encoding: .utf8)
    }

    /// What a client of this server needs in its environment: libpipewire finds the socket in
    /// PIPEWIRE_RUNTIME_DIR, libpulse reaches pipewire-pulse at PULSE_SERVER.
    public var environment: [String: String] {
        ["PIPEWIRE_RUNTIME_DIR": runtime.path, "PULSE_SERVER": "unix:" + runtime.appendingPathComponent("pulse/native").path]
    }

    /// Starts PipeWire, then WirePlumber and pipewire-pulse, and returns once the null sink is
    /// the default sink as pipewire-pulse reports it (PipeWire serves, WirePlumber has chosen the
    /// sink, pipewire-pulse answers), or throws. None of them tells when it is ready, so each step
    /// is asked for, again and again, up to `limit`.
    public func start(limit: Duration = .seconds(20)) async throws {
        let home = directory.appendingPathComponent("home")
        let serverEnvironment = ProcessInfo.processInfo.environment.merging([
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_RUNTIME_DIR": runtime.path, "PIPEWIRE_RUNTIME_DIR": runtime.path,
            "DBUS_SESSION_BUS_ADDRESS": sessionBus,
        ]) { $1 }.filter { !["PULSE_SERVER", "PIPEWIRE_REMOTE", "PIPEWIRE_PROPS"].contains($0.key) }
        let deadline = ContinuousClock.now + limit
        processes.append(try await ServerProcess(["/usr/bin/pipewire"], environment: serverEnvironment))
        try await poll("PipeWire never listed the null sink", until: deadline) {
            try await SoundStreams.pipeWireNodes(environment: self.environment).contains { $0["node.name"] == Self.sinkName }
        }
        processes.append(try await ServerProcess(["/usr/bin/wireplumber"], environment: serverEnvironment))
        processes.append(try await ServerProcess(["/usr/bin/pipewire-pulse"], environment: serverEnvironment))
        try await poll("pipewire-pulse never reported the null sink as the default", until: deadline) {
            let info = try await ExternalProcess.run("pactl", ["info"], environment: self.environment)
            return info.status == 0 && info.standardOutput.contains("Default Sink: \(Self.sinkName)\n")
        }
    }

    /// Asks `ready` every 50 ms until it says yes (a failing ask counts as no); throws `failure` at `deadline`.
    private func poll(_ failure: String, until deadline: ContinuousClock.Instant, _ ready: () async throws -> Bool) async throws {
        while (try? await ready()) != true {
            guard ContinuousClock.now < deadline else {
                await stop()
                throw TestSupportError(description: failure)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Each playback stream's properties, as `pw-dump` lists them (PipeWire's key names).
    public func outputStreams() async throws -> [[String: String]] {
        try await SoundStreams.pipeWireOutputs(environment: environment)
    }

    /// Each sink input's properties, as `pactl` gets them from pipewire-pulse (PulseAudio's key names).
    public func sinkInputProperties() async throws -> [[String: String]] {
        try await SoundStreams.sinkInputs(environment: environment)
    }

    /// Kills the servers and removes the folder.
    public func stop() async {
        for process in processes.reversed() { await process.kill() }
        processes = []
        try? FileManager.default.removeItem(at: directory)
    }
}
