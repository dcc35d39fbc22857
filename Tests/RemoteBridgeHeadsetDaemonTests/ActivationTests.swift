// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// The service files in `dbus/services/` start the daemons on first use, as a desktop session
/// bus does: a bus with those files (Exec pointed at this build) and nothing running.
@Suite("D-Bus activation", .serialized)
@MainActor
struct ActivationTests {
    /// Copies every service file into `directory`, its Exec pointed at this build with `arguments`.
    static func installServices(into directory: URL, arguments: [String: String]) throws -> [String] {
        let source = BuiltProduct.packageRoot.appendingPathComponent("dbus/services")
        var names: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: source.path) where file.hasSuffix(".service") {
            var text = try String(contentsOf: source.appendingPathComponent(file), encoding: .utf8)
            for (program, extra) in arguments {
                text = text.replacingOccurrences(of: "Exec=/usr/local/bin/\(program)", with: "Exec=\(BuiltProduct.debug(program)) \(extra)")
            }
            try text.write(to: directory.appendingPathComponent(file), atomically: true, encoding: .utf8)
            names.append(file)
        }
        return names.sorted()
    }

    @Test("the first call to headsetd's name, or to the player's MPRIS name, starts that daemon from its service file")
    func activation() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-services-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config.toml").path
        try "".write(toFile: config, atomically: true, encoding: .utf8)
        let inputs = directory.appendingPathComponent("input").path
        try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
        let files = try Self.installServices(
            into: directory,
            arguments: [
                "headsetd": "--config \(config) --input-dir \(inputs) --system-bus unix:path=\(directory.path)/no-system-bus",
                "remote-playerd": "--config \(config) --no-state --audio-output null",
            ])
        #expect(files == ["io.github.remotebridge.Headset.service", "org.mpris.MediaPlayer2.remotebridge.service"])

        let bus = try PrivateBus(serviceDirectory: directory.path)
        defer { bus.stop() }
        let client = try await DBusConnection.connect(to: bus.address)
        var started: [Int64] = []
        defer { for pid in started { kill(pid_t(pid), SIGKILL) } }
        #expect(await client.nameOwner(Headset1Interface.busName) == nil)
        #expect(await client.nameOwner(MPRISNames.busNamePrefix + "remotebridge") == nil)

        let bluetooth = try await client.getProperty(Headset1Interface.busName, Headset1Interface.objectPath, Headset1Interface.bluetooth)
        #expect(bluetooth.stringValue?.isEmpty == false)
        started += [await client.processID(of: Headset1Interface.busName)].compactMap { $0 }

        let player = MPRISClient(connection: client, busName: MPRISNames.busNamePrefix + "remotebridge")
        #expect(try await player.property(MediaPlayer2Interface.identity) == .string("RemoteBridge"))
        started += [await client.processID(of: player.busName)].compactMap { $0 }
        #expect(started.count == 2)
        #expect(Set(started).count == 2)
    }
}
