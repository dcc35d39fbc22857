// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgeDurations
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// A scripted MPRIS player for tests that compare MPRIS clients (`playerctl` and `remotectl`):
/// it serves `org.mpris.MediaPlayer2` and `org.mpris.MediaPlayer2.Player` at
/// `/org/mpris/MediaPlayer2` under `org.mpris.MediaPlayer2.<name>`, any name the test picks.
///
/// Every property is what the test set (`ScriptedPlayerProperties`), of any D-Bus type, or left
/// out; with `playback` set, it serves RemoteBridge's `Playback1` too, as remote-playerd does. Each method call and property Set it receives is recorded in `calls`, so a test can tell
/// which player a command reached. It does not act on method calls (Play leaves it paused), so
/// what a test sees is only what it scripted; Set on `Volume`, `LoopStatus`, `Shuffle` and
/// `Rate` changes the property, as a real player does. Changes announce themselves with
/// PropertiesChanged at the end of the main-loop turn, and `seek(to:)` sends Seeked.
@MainActor
public final class ScriptedPlayer {
    /// One method call or property Set the player received.
    public struct Call: Sendable, Equatable, CustomStringConvertible {
        /// The method's name (`Play`, `OpenUri`, …), or `Set` for a property write.
        public var member: String
        /// The call's arguments; for `Set`, the property's name and its new value.
        public var arguments: [DBusValue]

        /// Makes a call record.
        public init(_ member: String, _ arguments: [DBusValue] = []) {
            self.member = member
            self.arguments = arguments
        }

        /// The member and its arguments, one line: `OpenUri "file:///a.flac"`, `Set "Volume" 0.5`.
        public var description: String {
            ([member] + arguments.map(Self.describe)).joined(separator: " ")
        }

        private static func describe(_ value: DBusValue) -> String {
            switch value.unwrapped {
            case .string(let text), .objectPath(let text): "\"\(text)\""
            case .double(let number): "\(number)"
            case .bool(let flag): "\(flag)"
            case let other: other.int64Value.map { "\($0)" } ?? "\(other)"
            }
        }
    }

    /// The player's own connection; closing it takes the player off the bus.
    public let connection: DBusConnection
    /// The bus name it owns: `org.mpris.MediaPlayer2.<name>`.
    public let busName: String
    /// Every call and Set received, oldest first.
    public private(set) var calls: [Call] = []
    /// Told of each call as it is recorded, after it is added to `calls`.
    public let listeners = Listeners<Call>()
    /// The current properties.
    public private(set) var properties: ScriptedPlayerProperties
    private var object: ExportedObject?

    /// Connects to the bus at `address`, serves `properties` and owns
    /// `org.mpris.MediaPlayer2.<name>` (throws if the name is taken or not a valid bus name).
    public init(address: String, name: String, properties: ScriptedPlayerProperties = ScriptedPlayerProperties()) async throws {
        connection = try await DBusConnection.connect(to: address)
        busName = MPRISNames.busNamePrefix + name
        self.properties = properties
        let object = try ExportedObject(
            path: MPRISNames.objectPath, interfaces: [rootInterface(), playerInterface()] + (properties.playback == nil ? [] : [playbackInterface()]))
        self.object = object
        connection.export(object)
        guard try await connection.requestName(busName) == .primaryOwner else {
            connection.close()
            throw TestSupportError(description: "\(busName) is already owned on \(address)")
        }
    }

    /// Changes a player-interface property (`PlaybackStatus`, `Metadata`, `Volume`, …) to a
    /// value of any type; PropertiesChanged follows at the end of the turn (none for `Position`,
    /// which MPRIS never signals: see `seek(to:)`).
    public func set(_ name: String, _ value: DBusValue) {
        properties.player[name] = value
        object?.invalidateProperties(of: PlayerInterface.name)
    }

    /// Replaces `Metadata` with `entries`, in this order.
    public func setMetadata(_ entries: [(String, DBusValue)]) {
        set("Metadata", ScriptedPlayerProperties.metadata(entries))
    }

    /// Moves the position to `position` and sends Seeked, as a player does after a seek.
    public func seek(to position: Duration) {
        properties.player["Position"] = .int64(position.microseconds)
        object?.send(PlayerInterface.seeked, [.int64(position.microseconds)])
    }

    /// The calls received whose member is `member`.
    public func calls(_ member: String) -> [Call] {
        calls.filter { $0.member == member }
    }

    /// Takes the player off the bus (its name is released with the connection).
    public func leave() {
        connection.close()
    }

    /// Takes the player off the bus, and returns once the bus has told every client: it
    /// releases its name (the bus sends NameOwnerChanged before its reply), then closes. What
    /// the test does next on any connection reaches a client after the player's departure,
    /// which two `leave()`s in a row do not promise.
    public func leaveInOrder() async {
        try? await connection.releaseName(busName)
        connection.close()
    }

    private func record(_ call: Call) {
        calls.append(call)
        listeners.announce(call)
    }

    // MARK: - The interfaces

    private func rootInterface() -> DBusInterface {
        let methods = [MediaPlayer2Interface.raise, MediaPlayer2Interface.quit].map(recordingMethod)
        let served = ScriptedPlayerProperties.rootOrder.filter { properties.root[$0] != nil && !properties.omitted.contains($0) }
        let declarations = served.map { name in
            DBusPropertyDeclaration(MediaPlayer2Interface.name, name, properties.root[name]!.signature, changeSignal: .emitsValue)
        }
        let accessors = declarations.map { declaration in
            DBusProperty(declaration) { [weak self] in self?.properties.root[declaration.name] ?? .string("") }
        }
        return DBusInterface(
            DBusInterfaceDeclaration(MediaPlayer2Interface.name, methods: methods.map(\.declaration), properties: declarations),
            methods: methods, properties: accessors)
    }

    private func playerInterface() -> DBusInterface {
        let methods = PlayerInterface.declaration.methods.map(recordingMethod)
        let served = ScriptedPlayerProperties.playerOrder.filter { properties.player[$0] != nil && !properties.omitted.contains($0) }
        let accessors = served.map { name in
            let writable = ScriptedPlayerProperties.writable.contains(name)
            let declaration = DBusPropertyDeclaration(
                PlayerInterface.name, name, properties.player[name]!.signature, access: writable ? .readWrite : .read,
                changeSignal: name == "Position" ? .none : .emitsValue)
            let get: @MainActor @Sendable () -> DBusValue = { [weak self] in self?.properties.player[name] ?? .string("") }
            guard writable else { return DBusProperty(declaration, get: get) }
            return DBusProperty(declaration, get: get) { [weak self] value throws(DBusError) in
                try self?.written(name, value)
            }
        }
        return DBusInterface(
            DBusInterfaceDeclaration(
                PlayerInterface.name, methods: methods.map(\.declaration), properties: accessors.map(\.declaration),
                signals: [PlayerInterface.seeked]),
            methods: methods, properties: accessors)
    }

    /// RemoteBridge's `Playback1`, served only when the test gives its properties: the calls
    /// recorded (`SetSleepTimer "+15m"`), the properties as scripted.
    private func playbackInterface() -> DBusInterface {
        let methods = Playback1Interface.declaration.methods.map(recordingMethod)
        let accessors = Playback1Interface.declaration.properties.map { declaration in
            DBusProperty(declaration) { [weak self] in self?.properties.playback?[declaration.name] ?? .string("") }
        }
        return DBusInterface(Playback1Interface.declaration, methods: methods, properties: accessors)
    }

    /// A handler for `declaration` that records the call and replies with nothing.
    private func recordingMethod(_ declaration: DBusMethodDeclaration) -> DBusMethod {
        DBusMethod(declaration) { [weak self] call in
            self?.record(Call(declaration.name, call.arguments))
            return []
        }
    }

    /// A client's Set, recorded and taken as a player takes it: a negative volume is 0, and a
    /// loop status other than None, Track or Playlist is refused.
    private func written(_ name: String, _ value: DBusValue) throws(DBusError) {
        record(Call("Set", [.string(name), value]))
        var value = value
        if name == "Volume", let volume = value.doubleValue, volume < 0 { value = .double(0) }
        if name == "LoopStatus", !["None", "Track", "Playlist"].contains(value.stringValue ?? "") {
            throw .invalidArgs("LoopStatus must be None, Track or Playlist")
        }
        properties.player[name] = value
    }
}
