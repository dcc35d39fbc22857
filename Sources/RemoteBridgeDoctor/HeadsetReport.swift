// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// What headsetd says about itself: the `Headset1` properties the doctor and
/// `remotectl headset status` read, or (inside headsetd) the same facts handed over directly.
public struct HeadsetReport: Sendable, Equatable {
    /// One input device headsetd has open.
    public struct Device: Sendable, Equatable {
        /// Its path.
        public var path: String
        /// Its name.
        public var name: String
        /// Whether its presses go through the headset gestures (not a keyboard map only).
        public var headsetLike: Bool
        /// Whether headsetd holds it for itself (EVIOCGRAB), so the desktop does not see its keys.
        public var grabbed: Bool

        /// Makes a device entry.
        public init(path: String, name: String, headsetLike: Bool, grabbed: Bool) {
            self.path = path
            self.name = name
            self.headsetLike = headsetLike
            self.grabbed = grabbed
        }
    }

    /// headsetd's connection to the system bus, as `Headset1.SystemBus` says it.
    public enum SystemBus: String, Sendable, Equatable {
        /// Connected: headsetd follows BlueZ.
        case connected
        /// It went away; headsetd connects again by itself when it is back.
        case reconnecting
        /// It was not there when headsetd started; headsetd connects by itself once it is there.
        case waiting
        /// headsetd is not connected, and cannot tell when the bus is there (an address with no
        /// socket file to watch, or a watch it could not make): only a restart connects it.
        case lost
        /// headsetd does not use it: Bluetooth is off. Also what a headsetd that does not say is
        /// taken to mean.
        case unused
    }

    /// Where the next press goes, and why.
    public var route: PressRoute
    /// The devices headsetd has open.
    public var devices: [Device]
    /// Whether headsetd grabs the headset-like devices it reads (`grab`).
    public var grabs: Bool
    /// The Bluetooth adapters headsetd's now-playing proxy is registered with.
    public var bluetoothAdapters: [String]
    /// headsetd's one line on Bluetooth.
    public var bluetooth: String
    /// headsetd's connection to the system bus.
    public var systemBus: SystemBus

    /// Makes a report from facts at hand (headsetd's own).
    public init(route: PressRoute, devices: [Device], grabs: Bool, bluetoothAdapters: [String], bluetooth: String, systemBus: SystemBus = .unused) {
        self.route = route
        self.devices = devices
        self.grabs = grabs
        self.bluetoothAdapters = bluetoothAdapters
        self.bluetooth = bluetooth
        self.systemBus = systemBus
    }

    /// The report `Headset1`'s properties give.
    public init(properties: [String: DBusValue]) {
        route = PressRoute(properties: properties)
        devices = (properties[Headset1Interface.deviceDetails.name]?.arrayValue ?? []).compactMap { value in
            guard case .structure(let fields) = value, fields.count == 4 else { return nil }
            return Device(
                path: fields[0].stringValue ?? "", name: fields[1].stringValue ?? "", headsetLike: fields[2].boolValue ?? false,
                grabbed: fields[3].boolValue ?? false)
        }
        grabs = properties[Headset1Interface.settings.name]?.stringDictionaryValue?["grab"]?.boolValue ?? true
        bluetoothAdapters = properties[Headset1Interface.bluetoothAdapters.name]?.arrayValue?.compactMap(\.stringValue) ?? []
        bluetooth = properties[Headset1Interface.bluetooth.name]?.stringValue ?? ""
        systemBus = properties[Headset1Interface.systemBus.name]?.stringValue.flatMap(SystemBus.init(rawValue:)) ?? .unused
    }

    /// Asks headsetd on `connection`, or says why it cannot. A headsetd that is not running is
    /// not started: its activation file would have the bus start it just to answer.
    public static func read(on connection: DBusConnection, timeout: Duration? = nil) async -> Result<HeadsetReport, DBusError> {
        guard await connection.nameOwner(Headset1Interface.busName) != nil else {
            return .failure(DBusError(name: "org.freedesktop.DBus.Error.NameHasNoOwner", message: "headsetd is not running"))
        }
        do throws(DBusError) {
            let properties = try await connection.getAllProperties(
                Headset1Interface.busName, Headset1Interface.objectPath, Headset1Interface.declaration, timeout: timeout)
            return .success(HeadsetReport(properties: properties))
        } catch {
            return .failure(error)
        }
    }
}
