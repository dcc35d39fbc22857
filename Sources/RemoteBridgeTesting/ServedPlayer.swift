// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeCore

/// An in-memory player served over MPRIS on a bus, with its own application and controller,
/// as tests and benchmarks need it: `org.mpris.MediaPlayer2.<name>`.
@MainActor
public final class ServedPlayer {
    /// The player's own connection.
    public let connection: DBusConnection
    /// The application events go through.
    public let application = RemoteApplication()
    /// The player.
    public let player: InMemoryPlayer
    /// The first responder, driving the player.
    public let controller: PlayerController
    /// The MPRIS server.
    public let server: MPRISServer
    /// The bus name it got.
    public let busName: String

    /// Connects to `address`, serves a player with `tracks` tracks, receiving events, and claims
    /// the name. With `remoteControl` false it serves plain MPRIS, like another program's player.
    public init(address: String, name: String, tracks: Int = 3, identity: MPRISServer.Identity? = nil, remoteControl: Bool = true) async throws {
        connection = try await DBusConnection.connect(to: address)
        player = InMemoryPlayer(tracks: tracks)
        controller = PlayerController(player: player, next: application)
        application.beginReceivingRemoteControlEvents()
        controller.becomeFirstResponder()
        server = MPRISServer(connection: connection, application: application, player: player, identity: identity ?? .init(name: name))
        server.servesRemoteControl = remoteControl
        try server.start()
        busName = try await MPRISNames.claim(name, on: connection)
    }
}
