// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgeCtl

/// A bare MPRIS player whose properties are fixed D-Bus values, so that playerctl and remotectl
/// can be shown metadata of any type (a uint64, a struct, a duplicated key, a megabyte title)
/// that RemoteBridge's own players never send.
@MainActor
final class TemplateReferencePlayer {
    /// The name after `org.mpris.MediaPlayer2.`.
    let name: String
    /// The Metadata property, as sent.
    let metadata: DBusValue
    /// The other properties a template's shortcuts read.
    let facts: TemplatePlayerFacts
    /// The player's own connection.
    private let connection: DBusConnection
    /// The object served at `/org/mpris/MediaPlayer2`.
    private let object: ExportedObject

    /// Serves the player on `bus` under `name`. `facts.position` should be read while paused:
    /// playerctl moves it on with the clock while playing and reads 0 while stopped.
    init(bus: PrivateBus, name: String, metadata: DBusValue, facts: TemplatePlayerFacts) async throws {
        self.name = name
        self.metadata = metadata
        self.facts = facts
        connection = try await DBusConnection.connect(to: bus.address)
        let values: [(String, String, DBusValue)] = [
            ("PlaybackStatus", "s", .string(facts.status)), ("LoopStatus", "s", .string(facts.loop)),
            ("Rate", "d", .double(1)), ("Shuffle", "b", .bool(facts.shuffle)), ("Metadata", "a{sv}", metadata),
            ("Volume", "d", .double(facts.volume)), ("Position", "x", .int64(facts.position)),
            ("MinimumRate", "d", .double(1)), ("MaximumRate", "d", .double(1)),
            ("CanGoNext", "b", .bool(true)), ("CanGoPrevious", "b", .bool(true)), ("CanPlay", "b", .bool(true)),
            ("CanPause", "b", .bool(true)), ("CanSeek", "b", .bool(true)), ("CanControl", "b", .bool(true)),
        ]
        let player = DBusInterface(PlayerInterface.name, properties: values.map { name, signature, value in DBusProperty(name, signature) { value } })
        object = try ExportedObject(path: MPRISNames.objectPath, interfaces: [player])
        connection.export(object)
        _ = try await MPRISNames.claim(name, on: connection)
    }

    /// The variables remotectl gives a `metadata --format` template for this player: the
    /// metadata as a dictionary (a later duplicate key wins, as in GLib's dictionary) with the
    /// facts.
    var context: [String: DBusValue] {
        var entries: [String: DBusValue] = [:]
        if case .dictionary(_, _, let pairs) = metadata {
            for pair in pairs { if let key = pair.key.stringValue { entries[key] = pair.value } }
        }
        return Template.context(metadata: entries, player: facts)
    }
}
