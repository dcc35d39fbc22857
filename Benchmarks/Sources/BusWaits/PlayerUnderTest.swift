// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// One started program, as the rows see it: its process, its bus name, and new clients of it,
/// each on a connection of its own.
@MainActor
struct PlayerUnderTest {
    let contender: Contender
    /// remote-playerd's process (its engine is a child of it), or mpv's.
    let pid: Int32
    let busAddress: String

    var busName: String { contender.busName }

    /// A new client on a connection of its own; the caller closes `client.connection`.
    func newClient() async throws -> MPRISClient {
        MPRISClient(connection: try await DBusConnection.connect(to: busAddress), busName: busName)
    }

    /// Playing, the whole queue looping; returns once it says Playing.
    func play(through client: MPRISClient) async throws {
        try await client.setProperty(PlayerInterface.loopStatus, .string("Playlist"))
        try await client.play()
        try await EngineWait.status(.playing, of: client)
    }
}
