// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePrivateBus
import RemoteBridgeDBus
import Foundation
import RemoteBridgeTesting

/// remote-playerd's release build on a private bus, as the benchmarks against peers run it.
public enum BenchmarkDaemon {
    /// The remote-playerd the benchmarks run: the package's release build, or the program
    /// REMOTE_PLAYERD names, to measure another build (an earlier commit's) with the same clients.
    public static var binary: String {
        ProcessInfo.processInfo.environment["REMOTE_PLAYERD"].flatMap { $0.isEmpty ? nil : $0 } ?? BuiltProduct.release("remote-playerd")
    }

    /// Starts `remote-playerd` (release, or REMOTE_PLAYERD) on `bus` with `file` queued, paused, without state or sound.
    public static func startRemotePlayerd(on bus: PrivateBus, file: String) throws -> Process {
        let binary = Self.binary
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ProcessTimer.Failure(description: "\(binary) is missing: run `make benchmark`, which builds it")
        }
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: binary)
        daemon.arguments = ["--bus", bus.address, "--audio-output", "null", "--no-state", "--log-level", "error", file]
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        return daemon
    }

    /// Returns once `name` has an owner on the bus (it follows NameOwnerChanged; 10 s at most).
    @MainActor
    public static func waitForOwner(of name: String, on connection: DBusConnection) async throws {
        let changes = try await SignalRecorder.start(on: connection, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: name))
        if await connection.nameOwner(name) != nil { return }
        guard await changes.waitFor(count: 1) else {
            throw ProcessTimer.Failure(description: "\(name) never appeared on the bus")
        }
    }
}
