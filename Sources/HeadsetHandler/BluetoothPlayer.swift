import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteControl

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

    /// The properties BlueZ's media-api reads, with their types and the value shown while no
    /// player is there.
    static let mirroredProperties: [(name: String, signature: String, empty: DBusValue)] = [
        ("PlaybackStatus", "s", .string("Stopped")), ("LoopStatus", "s", .string("None")), ("Rate", "d", .double(1)),
        ("Shuffle", "b", .bool(false)), ("Metadata", "a{sv}", .stringVariantDictionary([])), ("Volume", "d", .double(1)),
        ("Position", "x", .int64(0)), ("MinimumRate", "d", .double(1)), ("MaximumRate", "d", .double(1)),
        ("CanGoNext", "b", .bool(false)), ("CanGoPrevious", "b", .bool(false)), ("CanPlay", "b", .bool(false)),
        ("CanPause", "b", .bool(false)), ("CanSeek", "b", .bool(false)), ("CanControl", "b", .bool(true)),
    ]
    static let writable: Set<String> = ["LoopStatus", "Shuffle", "Volume", "Rate"]

    private let session: DBusConnection
    let object: ExportedObject
    /// The player mirrored, by bus name.
    private(set) var target: String?
    /// Its properties, as last read or announced.
    private(set) var values: [String: DBusValue] = [:]
    private var subscriptions: [UInt64] = []
    private var generation = 0
    var callTimeout: Duration = .seconds(1)
    var onProblem: (@MainActor (String) -> Void)?

    init(session: DBusConnection) throws(DBusError) {
        self.session = session
        var object: ExportedObject?
        weak var weakSelf: BluetoothPlayer?
        object = try ExportedObject(path: Self.objectPath, interfaces: [Self.interface { weakSelf }])
        self.object = object!
        weakSelf = self
    }

    /// The value of a mirrored property: the player's, if it has the right type.
    func value(_ name: String) -> DBusValue {
        guard let declared = Self.mirroredProperties.first(where: { $0.name == name }) else { return .string("") }
        guard let value = values[name], value.signature == declared.signature else { return declared.empty }
        return value
    }

    /// The properties as a dictionary, for RegisterPlayer.
    var propertyDictionary: DBusValue {
        .stringVariantDictionary(Self.mirroredProperties.map { ($0.name, value($0.name)) })
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
        object.invalidateProperties(of: MPRISNames.player)
        guard let newTarget else { return }
        let client = MPRISClient(connection: session, busName: newTarget, timeout: callTimeout)
        do throws(DBusError) {
            let changes = try await client.followPropertiesChanged { [weak self] interface, changed, _ in
                guard let self, interface == MPRISNames.player, self.generation == current else { return }
                self.values.merge(changed) { $1 }
                self.object.invalidateProperties(of: MPRISNames.player)
            }
            let seeks = try await client.followSeeked { [weak self] position in
                guard let self, self.generation == current else { return }
                self.values["Position"] = .int64(position.microseconds)
                try? self.object.emit(interface: MPRISNames.player, signal: "Seeked", [.int64(position.microseconds)])
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
            object.invalidateProperties(of: MPRISNames.player)
        } catch {
            onProblem?("Bluetooth player: cannot follow \(newTarget): \(error)")
        }
    }

    /// Forwards a method call to the player mirrored.
    private func forward(_ member: String, _ arguments: [DBusValue]) async throws(DBusError) -> [DBusValue] {
        guard let target else { throw DBusError.failed("no MPRIS player is there to control") }
        return try await MPRISClient(connection: session, busName: target, timeout: callTimeout).call(member, arguments)
    }

    private func forwardSet(_ name: String, _ value: DBusValue) throws(DBusError) {
        guard let target else { throw DBusError.failed("no MPRIS player is there to control") }
        let client = MPRISClient(connection: session, busName: target, timeout: callTimeout)
        Task { [weak self] in
            do throws(DBusError) {
                try await client.setProperty(name, value)
            } catch {
                self?.onProblem?("Bluetooth player: setting \(name) on \(target) failed: \(error)")
            }
        }
    }

    private static func interface(_ owner: @escaping @MainActor @Sendable () -> BluetoothPlayer?) -> DBusInterface {
        func method(_ name: String, _ inputs: [DBusArgument] = []) -> DBusMethod {
            DBusMethod(name, inputs: inputs) { call throws(DBusError) in
                guard let player = owner() else { throw DBusError.failed("headsetd is stopping") }
                return try await player.forward(name, call.arguments)
            }
        }
        return DBusInterface(
            MPRISNames.player,
            methods: [
                method("Play"), method("Pause"), method("PlayPause"), method("Stop"), method("Next"), method("Previous"),
                method("Seek", [DBusArgument("Offset", "x")]),
                method("SetPosition", [DBusArgument("TrackId", "o"), DBusArgument("Position", "x")]),
                method("OpenUri", [DBusArgument("Uri", "s")]),
            ],
            properties: mirroredProperties.map { property in
                let name = property.name
                let get: @MainActor @Sendable () -> DBusValue = { owner()?.value(name) ?? property.empty }
                let changeSignal: DBusProperty.ChangeSignal = name == "Position" ? .none : .emitsValue
                guard writable.contains(name) else { return DBusProperty(name, property.signature, changeSignal: changeSignal, get: get) }
                return DBusProperty(name, property.signature, changeSignal: changeSignal, get: get) { value throws(DBusError) in
                    try owner()?.forwardSet(name, value)
                }
            },
            signals: [DBusSignal("Seeked", [DBusArgument("Position", "x")])])
    }
}
