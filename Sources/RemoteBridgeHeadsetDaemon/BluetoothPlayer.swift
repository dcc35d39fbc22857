// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgeDurations
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeCore

/// The one player headsetd registers with BlueZ (`org.bluez.Media1.RegisterPlayer`): an
/// `org.mpris.MediaPlayer2.Player` object on the system bus that stands for whichever player is
/// now playing on the session bus.
///
/// Its properties mirror the now-playing player's (read with GetAll when it becomes the target,
/// then kept up to date from its PropertiesChanged and Seeked), and change with it when another
/// player starts, so the headset or car stereo always sees one coherent player. Its methods and
/// writable properties are forwarded to the now-playing player, each call with a short timeout.
@MainActor
final class BluetoothPlayer {
    /// Where the object lives on the system bus.
    static let objectPath = "/io/github/remotebridge/Headset/AVRCP"

    /// What each Player property shows while no player is there. The names and types come
    /// from `PlayerInterface`, which BlueZ's media-api reads in full.
    static let emptyValues: [String: DBusValue] = [
        "PlaybackStatus": .string("Stopped"), "LoopStatus": .string("None"), "Rate": .double(1), "Shuffle": .bool(false),
        "Metadata": .stringVariantDictionary([]), "Volume": .double(1), "Position": .int64(0), "MinimumRate": .double(1),
        "MaximumRate": .double(1), "CanGoNext": .bool(false), "CanGoPrevious": .bool(false), "CanPlay": .bool(false),
        "CanPause": .bool(false), "CanSeek": .bool(false), "CanControl": .bool(true),
    ]

    private let session: DBusConnection
    let object: ExportedObject
    /// The player mirrored, by bus name.
    private(set) var target: String?
    /// Its properties, as last read or announced.
    private(set) var values: [String: DBusValue] = [:] {
        didSet { listeners.announce(.changed) }
    }
    private var subscriptions: [UInt64] = []
    private var generation = 0
    var callTimeout: Duration = .seconds(1)
    /// What the Bluetooth player announces to its `listeners`.
    enum Announcement: Equatable {
        /// A problem with the player followed, worth a warning.
        case problem(String)
        /// The values mirrored changed.
        case changed
    }

    /// Told of problems and of each change of the values mirrored.
    let listeners = Listeners<Announcement>()

    init(session: DBusConnection) throws(DBusError) {
        self.session = session
        var object: ExportedObject?
        weak var weakSelf: BluetoothPlayer?
        object = try ExportedObject(path: Self.objectPath, interfaces: [Self.interface { weakSelf }])
        self.object = object!
        weakSelf = self
    }

    /// The value of a mirrored property: the player's, if it has the declared type.
    func value(_ name: String) -> DBusValue {
        guard let declared = PlayerInterface.declaration.property(name) else { return .string("") }
        let empty = Self.emptyValues[name] ?? .string("")
        guard let value = values[name], value.signature == declared.signature else { return empty }
        return value
    }

    /// The properties as a dictionary, for RegisterPlayer.
    var propertyDictionary: DBusValue {
        .stringVariantDictionary(PlayerInterface.declaration.properties.map { ($0.name, value($0.name)) })
    }

    /// Mirrors `newTarget` from now on.
    func follow(_ newTarget: String?) async {
        guard newTarget != target else { return }
        generation += 1
        let current = generation
        for id in subscriptions { await session.unsubscribe(id) }
        subscriptions = []
        target = newTarget
        values = [:]
        object.invalidateProperties(of: PlayerInterface.name)
        guard let newTarget else { return }
        let client = MPRISClient(connection: session, busName: newTarget, timeout: callTimeout)
        do throws(DBusError) {
            let changes = try await client.followPropertiesChanged { [weak self] interface, changed, _ in
                guard let self, interface == PlayerInterface.name, self.generation == current else { return }
                self.values.merge(changed) { $1 }
                self.object.invalidateProperties(of: PlayerInterface.name)
            }
            let seeks = try await client.followSeeked { [weak self] position in
                guard let self, self.generation == current else { return }
                self.values["Position"] = .int64(position.microseconds)
                self.object.send(PlayerInterface.seeked, [.int64(position.microseconds)])
            }
            guard generation == current else {
                for id in [changes, seeks] { await session.unsubscribe(id) }
                return
            }
            subscriptions = [changes, seeks]
            let all = try await client.properties()
            guard generation == current else { return }
            // What the signals said meanwhile is newer than the answer.
            values.merge(all) { signalled, _ in signalled }
            object.invalidateProperties(of: PlayerInterface.name)
        } catch {
            listeners.announce(.problem("Bluetooth player: cannot follow \(newTarget): \(error)"))
        }
    }

    /// Forwards a method call to the player mirrored.
    private func forward(_ method: DBusMethodDeclaration, _ arguments: [DBusValue]) async throws(DBusError) -> [DBusValue] {
        guard let target else { throw DBusError.failed("no MPRIS player is there to control") }
        return try await session.call(target, MPRISNames.objectPath, method, arguments, timeout: callTimeout)
    }

    private func forwardSet(_ property: DBusPropertyDeclaration, _ value: DBusValue) throws(DBusError) {
        guard let target else { throw DBusError.failed("no MPRIS player is there to control") }
        Task { [weak self, session] in
            do throws(DBusError) {
                try await session.setProperty(target, MPRISNames.objectPath, property, value)
            } catch {
                self?.listeners.announce(.problem("Bluetooth player: setting \(property.name) on \(target) failed: \(error)"))
            }
        }
    }

    /// `PlayerInterface`, every member forwarded.
    private static func interface(_ owner: @escaping @MainActor @Sendable () -> BluetoothPlayer?) -> DBusInterface {
        DBusInterface(
            PlayerInterface.declaration,
            methods: PlayerInterface.declaration.methods.map { method in
                DBusMethod(method) { call throws(DBusError) in
                    guard let player = owner() else { throw DBusError.failed("headsetd is stopping") }
                    return try await player.forward(method, call.arguments)
                }
            },
            properties: PlayerInterface.declaration.properties.map { property in
                let get: @MainActor @Sendable () -> DBusValue = { owner()?.value(property.name) ?? .string("") }
                guard property.access == .readWrite else { return DBusProperty(property, get: get) }
                return DBusProperty(property, get: get) { value throws(DBusError) in try owner()?.forwardSet(property, value) }
            })
    }
}
