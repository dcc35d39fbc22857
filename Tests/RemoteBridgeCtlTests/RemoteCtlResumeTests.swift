// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgePlayer
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
    @Test("play-pause with a saved queue and no player starts remote-playerd, which plays; exit 0, nothing printed")
    func resumes() async throws {
        let world = try await ActivationWorld(saved: true)
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
        let world = try await ActivationWorld(saved: saved)
        defer { world.stop() }
        let result = try await world.remotectl(arguments)
        #expect(result.status == 1)
        #expect(result.standardError == "No players found\n")
        let client = try await DBusConnection.connect(to: world.bus.address)
        #expect(await client.nameOwner("org.mpris.MediaPlayer2.remotebridge") == nil)
    }
}
