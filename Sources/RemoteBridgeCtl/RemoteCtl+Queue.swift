// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeText

extension RemoteCtl {
    /// How long the bus may take to start remote-playerd for `queue` (it restores its saved queue
    /// before it takes its name; dbus-daemon gives up after 25 s).
    nonisolated static let queueStartTimeout: Duration = .seconds(30)

    /// `queue [URI…]`: what a file manager's "Open With RemoteBridge" runs (`Exec=remotectl queue
    /// %U` in remotebridge.desktop). Starts the player by D-Bus activation when it is not running
    /// (remote-playerd, or the player `-p NAME` names), puts each item right after the current
    /// entry, in the order given, makes the first one current, and plays. With no items, it
    /// starts the player and plays its queue.
    ///
    /// Items are files, folders' playlists (M3U, PLS) or URLs, as `open` takes them: a relative
    /// path is taken from `directory`. The player checks each (`AddTrack`); one it refuses is
    /// named on stderr with its reason, the others are queued, and the exit status is 1.
    public func queue(_ items: [String], directory: String) async -> Int32 {
        let playerName = selection.names.first ?? PlayerSelection.short(MPRISNames.remotePlayerd)
        if let problem = MPRISNames.problem(with: playerName) {
            errors("remotectl: queue: \(problem)")
            return 2
        }
        let busName = MPRISNames.busNamePrefix + playerName
        // A player that runs without an activation file is not asked to start (`startService`).
        if await connection.nameOwner(busName) == nil {
            guard await start(busName, playerName: playerName) else { return 1 }
        }
        let uris = items.map { OpenArgument.uri(for: $0, in: directory) }
        let client = MPRISClient(connection: connection, busName: busName)
        var status: Int32 = 0
        var queuedFirst = false
        var queuedAny = false
        do throws(DBusError) {
            let current = try await currentTrack(of: client)
            // Each goes right after the current entry, the last first, so that they end up in
            // the order given; the first is made current as it is added.
            for (index, uri) in uris.enumerated().reversed() {
                do throws(DBusError) {
                    _ = try await client.call(TrackListInterface.addTrack, [.string(uri), .objectPath(current), .bool(index == 0)])
                    queuedAny = true
                    if index == 0 { queuedFirst = true }
                } catch where !Self.playerLost(error) {
                    errors("remotectl: queue: \(OutsideText.quoted(items[index])): \(error.message)")
                    status = 1
                }
            }
            if !uris.isEmpty, !queuedAny { return 1 }
            // The first was refused: the next one queued is right after the current entry.
            if !queuedFirst, queuedAny, current != TrackListInterface.noTrack { _ = try await client.call(PlayerInterface.next) }
            _ = try await client.call(PlayerInterface.play)
        } catch {
            errors(failure(error, of: busName, doing: "queue"))
            return 1
        }
        return status
    }

    /// Asks the bus to start `busName` by its activation file; false, said on stderr, when it cannot.
    private func start(_ busName: String, playerName: String) async -> Bool {
        do throws(DBusError) {
            try await connection.startService(busName, timeout: Self.queueStartTimeout)
            return true
        } catch {
            if error.name == "org.freedesktop.DBus.Error.ServiceUnknown" {
                errors("remotectl: queue: \(playerName) is not running, and the bus cannot start it: no D-Bus activation file for \(busName) "
                    + "(install one with make install or the Debian package, or start the player first)")
            } else {
                errors(failure(error, of: busName, doing: "starting it"))
            }
            return false
        }
    }

    /// The current entry's track id, or the spec's NoTrack.
    private func currentTrack(of client: MPRISClient) async throws(DBusError) -> String {
        let metadata = try await client.property(PlayerInterface.metadata)
        guard let track = metadata.stringDictionaryValue?["mpris:trackid"]?.stringValue, DBusValidation.isValidObjectPath(track) else {
            return TrackListInterface.noTrack
        }
        return track
    }

    /// Whether `error` says the player is gone or frozen, rather than that it refused one item.
    private static func playerLost(_ error: DBusError) -> Bool {
        error.isTimeout || ["org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.Disconnected"].contains(error.name)
    }
}
