// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeDBus
import Foundation
import Logging
import RemoteBridgeMPRIS
import RemoteBridgePlayer
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import Testing

/// A `remote-playerd` running in-process on a private bus, with real libmpv (ao=null) and
/// generated FLAC tones, plus an MPRIS client.
@MainActor
final class PlayerFixture {
    let bus: PrivateBus
    let media: TestMedia
    let statePath: String
    var daemon: RemotePlayerDaemon
    let clientConnection: DBusConnection
    var client: MPRISClient
    private let changes = ChangeWaiter()

    /// Starts a daemon; `items` nil queues the tones.
    init(items: [String]? = nil, bus existing: PrivateBus? = nil, media existingMedia: TestMedia? = nil, statePath: String? = nil,
         name: String = "remotebridge", replace: Bool = false) async throws {
        bus = try existing ?? PrivateBus()
        if let existingMedia {
            media = existingMedia
        } else {
            media = try await TestMedia.make()
        }
        self.statePath = statePath ?? media.directory.appendingPathComponent("state.json").path
        daemon = try await Self.startDaemon(
            bus: bus, items: items ?? media.tones.map(\.path), statePath: self.statePath, name: name, replace: replace)
        clientConnection = try await DBusConnection.connect(to: bus.address)
        client = MPRISClient(connection: clientConnection, busName: daemon.busName)
        observe()
    }

    static func startDaemon(
        bus: PrivateBus, items: [String], statePath: String, name: String = "remotebridge", replace: Bool = false,
        maximumQueueLength: Int = QueueLimits.maximumEntries
    ) async throws -> RemotePlayerDaemon {
        var options = RemotePlayerDaemon.Options()
        options.maximumQueueLength = maximumQueueLength
        options.busAddress = bus.address
        options.audioOutput = "null"
        options.items = items
        options.statePath = statePath
        options.configPath = (statePath as NSString).deletingLastPathComponent + "/config.toml"
        _ = FileManager.default.createFile(atPath: options.configPath!, contents: Data())
        options.name = name
        options.replace = replace
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return try await RemotePlayerDaemon(options: options, logger: logger)
    }

    /// Replaces the daemon with a fresh one on the same bus and state file.
    func restart(items: [String] = []) async throws {
        daemon.shutdown()
        daemon = try await Self.startDaemon(bus: bus, items: items, statePath: statePath)
        client = MPRISClient(connection: clientConnection, busName: daemon.busName)
        observe()
    }

    private func observe() {
        // After the daemon's own listeners: a wake comes once the daemon has handled the change.
        daemon.player.listeners.add { [changes] _ in changes.wake() }
        daemon.player.reportPositionMoves()
    }

    var player: MPVPlayer { daemon.player }

    /// Waits, change by change, until `condition` holds. Each wait ends at the next player change
    /// or position tick (mpv's events are the clock here); `limit` only guards against a hung test,
    /// which records an issue and returns false.
    @discardableResult
    func until(
        _ what: String, limit: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: () -> Bool
    ) async -> Bool {
        if await !changes.until(limit: limit, condition) {
            Issue.record("timed out waiting until \(what)", sourceLocation: sourceLocation)
            return false
        }
        return true
    }

    /// Position in whole seconds.
    var seconds: Double {
        player.position.inSeconds
    }

    func playerctl(_ arguments: String...) async throws -> ExternalProcess.Result {
        try await ExternalProcess.run(
            "playerctl", ["--player=remotebridge"] + arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
    }

    func stop() {
        daemon.shutdown()
        bus.stop()
        media.remove()
    }
}
