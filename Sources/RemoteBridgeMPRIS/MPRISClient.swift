// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeDBus
import RemoteBridgeCore

/// A client for one MPRIS player on the bus, for `remotectl`, `headsetd` and tests.
@MainActor
public struct MPRISClient {
    /// The connection calls go through.
    public let connection: DBusConnection
    /// The player's bus name, well-known or unique.
    public let busName: String
    /// How long each call waits for the player; nil for the connection's `callTimeout`.
    public var timeout: Duration?

    /// Makes a client for the player at `busName`.
    public init(connection: DBusConnection, busName: String, timeout: Duration? = nil) {
        self.connection = connection
        self.busName = busName
        self.timeout = timeout
    }

    /// The MPRIS players on the bus, by well-known name, sorted.
    public static func players(on connection: DBusConnection) async throws(DBusError) -> [String] {
        try await connection.listNames().filter { $0.hasPrefix(MPRISNames.busNamePrefix) }.sorted()
    }

    /// The MPRIS players on the bus in the order playerctl takes them when no `-p` says
    /// otherwise (its first is the one `playerctl play-pause` controls): playerctld's order of
    /// activity if playerctld runs there, else sorted by their bytes. The one rule, for remotectl
    /// and for `remotectl doctor`.
    public static func playersInPlayerctlOrder(on connection: DBusConnection) async throws(DBusError) -> [String] {
        let names = try await connection.listNames()
        if names.contains(PlayerctldInterface.busName),
            let ordered = try? await connection.getProperty(PlayerctldInterface.busName, MPRISNames.objectPath, PlayerctldInterface.playerNames)
                .arrayValue?.compactMap(\.stringValue)
        {
            return ordered.filter { $0.hasPrefix(MPRISNames.busNamePrefix) }
        }
        return names.filter { $0.hasPrefix(MPRISNames.busNamePrefix) }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    // MARK: Methods

    /// Calls a declared method of the player's object; wrong argument types are refused
    /// before anything is sent.
    public func call(_ method: DBusMethodDeclaration, _ arguments: [DBusValue] = []) async throws(DBusError) -> [DBusValue] {
        try await connection.call(busName, MPRISNames.objectPath, method, arguments, timeout: timeout)
    }

    /// `Play`.
    public func play() async throws(DBusError) { _ = try await call(PlayerInterface.play) }
    /// `Pause`.
    public func pause() async throws(DBusError) { _ = try await call(PlayerInterface.pause) }
    /// `PlayPause`.
    public func playPause() async throws(DBusError) { _ = try await call(PlayerInterface.playPause) }
    /// `Stop`.
    public func stop() async throws(DBusError) { _ = try await call(PlayerInterface.stop) }
    /// `Next`.
    public func next() async throws(DBusError) { _ = try await call(PlayerInterface.next) }
    /// `Previous`.
    public func previous() async throws(DBusError) { _ = try await call(PlayerInterface.previous) }
    /// `Seek` by a signed offset.
    public func seek(by offset: Duration) async throws(DBusError) { _ = try await call(PlayerInterface.seek, [.int64(offset.microseconds)]) }
    /// `SetPosition` in the track with object path `trackID`.
    public func setPosition(trackID: String, _ position: Duration) async throws(DBusError) {
        _ = try await call(PlayerInterface.setPosition, [.objectPath(trackID), .int64(position.microseconds)])
    }
    /// `OpenUri`.
    public func openURI(_ uri: String) async throws(DBusError) { _ = try await call(PlayerInterface.openURI, [.string(uri)]) }

    /// `RemoteControl1.SendEvent`: returns the outcome name and the responder name.
    public func sendEvent(
        _ subtype: RemoteControlSubtype, interval: Duration? = nil, position: Duration? = nil
    ) async throws(DBusError) -> (outcome: String, responder: String) {
        var options: [(String, DBusValue)] = []
        if let interval { options.append(("interval", .int64(interval.microseconds))) }
        if let position { options.append(("position", .int64(position.microseconds))) }
        let reply = try await call(RemoteControl1Interface.sendEvent, [.string(subtype.name), .stringVariantDictionary(options)])
        return (reply.first?.stringValue ?? "", reply.dropFirst().first?.stringValue ?? "")
    }

    // MARK: Properties

    /// Reads a declared property.
    public func property(_ property: DBusPropertyDeclaration) async throws(DBusError) -> DBusValue {
        try await connection.getProperty(busName, MPRISNames.objectPath, property, timeout: timeout)
    }

    /// Reads every property of an interface.
    public func properties(of interface: DBusInterfaceDeclaration = PlayerInterface.declaration) async throws(DBusError) -> [String: DBusValue] {
        try await connection.getAllProperties(busName, MPRISNames.objectPath, interface, timeout: timeout)
    }

    /// Writes a declared property; a read-only one or a value of the wrong type is refused
    /// before anything is sent.
    public func setProperty(_ property: DBusPropertyDeclaration, _ value: DBusValue) async throws(DBusError) {
        try await connection.setProperty(busName, MPRISNames.objectPath, property, value)
    }

    /// The playback status, or nil if the player reports something unknown.
    public func playbackStatus() async throws(DBusError) -> PlaybackStatus? {
        PlaybackStatus(rawValue: try await property(PlayerInterface.playbackStatus).stringValue ?? "")
    }

    /// The position.
    public func position() async throws(DBusError) -> Duration {
        .microseconds(try await property(PlayerInterface.position).int64Value ?? 0)
    }

    /// The current track's metadata.
    public func metadata() async throws(DBusError) -> [String: DBusValue] {
        try await property(PlayerInterface.metadata).stringDictionaryValue ?? [:]
    }

    // MARK: Following

    /// The unique name behind `busName`, so that local signal matching is exact.
    private func owner() async -> String {
        if busName.hasPrefix(":") { return busName }
        return await connection.nameOwner(busName) ?? busName
    }

    /// Calls `body` with each PropertiesChanged of the player (interface, changed, invalidated).
    @discardableResult
    public func followPropertiesChanged(
        _ body: @escaping @MainActor (String, [String: DBusValue], [String]) -> Void
    ) async throws(DBusError) -> UInt64 {
        try await connection.subscribe(
            to: MatchRule(signal: StandardInterfaces.propertiesChanged, sender: await owner(), path: MPRISNames.objectPath)
        ) { message in
            guard message.body.count == 3 else { return }
            body(message.body[0].stringValue ?? "", message.body[1].stringDictionaryValue ?? [:], message.body[2].stringArrayValue ?? [])
        }
    }

    /// Calls `body` with each Seeked position of the player.
    @discardableResult
    public func followSeeked(_ body: @escaping @MainActor (Duration) -> Void) async throws(DBusError) -> UInt64 {
        try await connection.subscribe(
            to: MatchRule(signal: PlayerInterface.seeked, sender: await owner(), path: MPRISNames.objectPath)
        ) { message in
            body(.microseconds(message.body.first?.int64Value ?? 0))
        }
    }
}
