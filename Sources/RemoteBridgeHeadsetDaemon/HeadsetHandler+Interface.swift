// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeGestures
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeEvdev
import RemoteBridgeDoctor

extension HeadsetHandler {
    /// `io.github.remotebridge.Headset1`: inject presses, and see what headsetd reads, where
    /// presses go and why.
    func headsetInterface() -> DBusInterface {
        DBusInterface(
            Headset1Interface.declaration,
            methods: [
                DBusMethod(Headset1Interface.press) { [weak self] call throws(DBusError) in
                    try self?.inject(call.string("button"), pressed: true)
                    return []
                },
                DBusMethod(Headset1Interface.release) { [weak self] call throws(DBusError) in
                    try self?.inject(call.string("button"), pressed: false)
                    return []
                },
                DBusMethod(Headset1Interface.click) { [weak self] call throws(DBusError) in
                    let count = try call.int64("count")
                    let hold = try call.double("hold_seconds")
                    guard (1...10).contains(count) else { throw .invalidArgs("count must be 1 to 10, not \(count)") }
                    guard hold.isFinite, (0...30).contains(hold) else { throw .invalidArgs("hold_seconds must be 0 to 30, not \(hold)") }
                    self?.click(count: Int(count), hold: .milliseconds(rounding: hold) ?? .zero)
                    return []
                },
            ],
            properties: [
                DBusProperty(Headset1Interface.target) { [weak self] in .string(self?.tracker.target ?? "") },
                DBusProperty(Headset1Interface.targetReason) { [weak self] in .string(self?.tracker.targetReason ?? "") },
                DBusProperty(Headset1Interface.devices) { [weak self] in .strings(self?.readers.filter(\.isOpen).map(\.path) ?? []) },
                DBusProperty(Headset1Interface.deviceDetails) { [weak self] in
                    .array(
                        elementSignature: "(ssbb)",
                        (self?.deviceReport ?? []).map { device in
                            .structure([.string(device.path), .string(device.name), .bool(device.headsetLike), .bool(device.grabbed)])
                        })
                },
                DBusProperty(Headset1Interface.gestures) { [weak self] in
                    let bindings = self?.gestures.gestureBindings ?? [:]
                    return .dictionary(
                        keySignature: "s", valueSignature: "s",
                        HeadsetGesture.allCases.compactMap { gesture in
                            bindings[gesture].map { .init(key: .string(gesture.name), value: .string($0.name)) }
                        })
                },
                DBusProperty(Headset1Interface.settings) { [weak self] in
                    guard let configuration = self?.configuration else { return .stringVariantDictionary([]) }
                    return .stringVariantDictionary([
                        ("sync-play-pause", .bool(configuration.syncPlayPause)), ("grab", .bool(configuration.grab)),
                        ("pause-on-unplug", .bool(configuration.pauseOnUnplug)),
                        ("resume-on-reconnect", .bool(configuration.resumeOnReconnect)),
                        ("resume-within", .double(configuration.resumeWithin.inSeconds)),
                        ("resume-after-exit-within", .double(configuration.resumeAfterExitWithin.inSeconds)),
                    ])
                },
                DBusProperty(Headset1Interface.bluetooth) { [weak self] in .string(self?.bluetoothStatus ?? "") },
                DBusProperty(Headset1Interface.bluetoothAdapters) { [weak self] in
                    .objectPaths(self?.bluetooth?.registeredAdapters.sorted() ?? [])
                },
                DBusProperty(Headset1Interface.systemBus) { [weak self] in .string((self?.systemBusState ?? .unused).rawValue) },
            ])
    }
}
