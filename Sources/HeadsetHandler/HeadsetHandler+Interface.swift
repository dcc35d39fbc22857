import ButtonGestures
import RemoteBridgeDBus
import EvdevInput

extension HeadsetHandler {
    /// `io.github.remotebridge.Headset1`: inject presses, and see what headsetd reads, where
    /// presses go and why.
    func headsetInterface() -> DBusInterface {
        DBusInterface(
            Self.interfaceName,
            methods: [
                DBusMethod("Press", inputs: [DBusArgument("button", "s")]) { [weak self] call throws(DBusError) in
                    try self?.inject(call.arguments[0].stringValue ?? "", pressed: true)
                    return []
                },
                DBusMethod("Release", inputs: [DBusArgument("button", "s")]) { [weak self] call throws(DBusError) in
                    try self?.inject(call.arguments[0].stringValue ?? "", pressed: false)
                    return []
                },
                DBusMethod("Click", inputs: [DBusArgument("count", "u"), DBusArgument("hold_seconds", "d")]) { [weak self] call throws(DBusError) in
                    guard case .uint32(let count) = call.arguments[0], let hold = call.arguments[1].doubleValue else { return [] }
                    guard (1...10).contains(count) else { throw .invalidArgs("count must be 1 to 10, not \(count)") }
                    guard hold.isFinite, (0...30).contains(hold) else { throw .invalidArgs("hold_seconds must be 0 to 30, not \(hold)") }
                    self?.click(count: Int(count), hold: .milliseconds(Int64(hold * 1000)))
                    return []
                },
            ],
            properties: [
                DBusProperty("Target", "s") { [weak self] in .string(self?.tracker.target ?? "") },
                DBusProperty("TargetReason", "s") { [weak self] in .string(self?.tracker.targetReason ?? "") },
                DBusProperty("Devices", "as") { [weak self] in .strings(self?.readers.filter(\.isOpen).map(\.path) ?? []) },
                DBusProperty("DeviceDetails", "a(ssbb)") { [weak self] in
                    .array(
                        elementSignature: "(ssbb)",
                        (self?.readers ?? []).filter(\.isOpen).map { reader in
                            .structure([
                                .string(reader.path), .string(reader.identity.name),
                                .bool(reader.mode == .follow || reader.identity.isHeadsetLike), .bool(reader.isGrabbed),
                            ])
                        })
                },
                DBusProperty("Gestures", "a{ss}") { [weak self] in
                    let bindings = self?.gestures.bindings ?? [:]
                    return .dictionary(
                        keySignature: "s", valueSignature: "s",
                        HeadsetGesture.allCases.compactMap { gesture in
                            bindings[gesture].map { .init(key: .string(gesture.name), value: .string($0.name)) }
                        })
                },
                DBusProperty("Settings", "a{sv}") { [weak self] in
                    guard let configuration = self?.configuration else { return .stringVariantDictionary([]) }
                    return .stringVariantDictionary([
                        ("sync-play-pause", .bool(configuration.syncPlayPause)), ("grab", .bool(configuration.grab)),
                        ("pause-on-unplug", .bool(configuration.pauseOnUnplug)),
                        ("resume-on-reconnect", .bool(configuration.resumeOnReconnect)),
                        ("resume-within", .double(Double(configuration.resumeWithin.components.seconds))),
                    ])
                },
                DBusProperty("Bluetooth", "s") { [weak self] in .string(self?.bluetoothStatus ?? "") },
            ],
            signals: [DBusSignal("GestureRecognized", [DBusArgument("gesture", "s"), DBusArgument("subtype", "s"), DBusArgument("target", "s")])])
    }
}
