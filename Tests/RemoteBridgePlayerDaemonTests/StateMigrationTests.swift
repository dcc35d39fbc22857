// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import Testing

/// remote-playerd started with the default state path over the JSON state of an earlier release.
@Suite("remote-playerd: the old state.json is migrated, and kept", .serialized)
@MainActor
struct StateMigrationTests {
    @Test("with no --state, state.json (version 1) is restored; at exit player.state holds it and state.json.v1 keeps the old bytes")
    func defaultPathMigration() async throws {
        let bed = try await DaemonTestBed(tones: 2, seconds: 5)
        defer { bed.stop() }
        let stateHome = bed.path("xdg-state")
        let folder = stateHome + "/remotebridge"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let tones = bed.media.tones.map(\.path)
        let items = tones.map { "{\"tags\":{\"albumArtists\":[],\"artists\":[],\"genres\":[]},\"url\":\"\($0)\"}" }
        let json = "{\"currentIndex\":1,\"loop\":\"none\",\"position\":0,\"queue\":[\(items.joined(separator: ","))],\"shuffle\":false,\"version\":1,\"volume\":0.5}"
        try json.write(toFile: folder + "/state.json", atomically: true, encoding: .utf8)
        let daemon = try await DaemonProcess(
            "remote-playerd", ["--bus", bed.bus.address, "--audio-output", "null", "--config", bed.config, "--log-level", "notice"],
            environment: ["XDG_STATE_HOME": stateHome])
        #expect(try await daemon.waitForName(CrashRecoveryTests.name, on: bed.connection), "\(daemon.standardError)")
        let tracks = try await CrashRecoveryTests.tracks(MPRISClient(connection: bed.connection, busName: CrashRecoveryTests.name))
        #expect(CrashRecoveryTests.paths(tracks) == tones)
        #expect(daemon.standardError.contains("read 2 entries from a version-1 state file"), "\(daemon.standardError)")
        daemon.send(SIGTERM)
        #expect(await daemon.waitForExit() == 0)
        #expect(try String(contentsOfFile: folder + "/state.json.v1", encoding: .utf8) == json)
        #expect(!FileManager.default.fileExists(atPath: folder + "/state.json"))
        let saved = try #require(try StateStore(path: folder + "/player.state").load())
        #expect(saved.queue.map(\.url) == tones)
        #expect(saved.currentIndex == 1 && saved.volume == 0.5)
    }
}
