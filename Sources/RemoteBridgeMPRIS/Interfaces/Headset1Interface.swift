// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// `io.github.remotebridge.Headset1`, served by headsetd at `/io/github/remotebridge/Headset`:
/// inject presses, and see what headsetd reads, where presses go and why. Declared here, beside
/// the MPRIS interfaces, so that remotectl calls it without linking headsetd's code.
public enum Headset1Interface {
    /// The interface name.
    public static let name = "io.github.remotebridge.Headset1"
    /// headsetd's bus name.
    public static let busName = "io.github.remotebridge.Headset"
    /// The object path.
    public static let objectPath = "/io/github/remotebridge/Headset"

    /// `Press(s button)`.
    public static let press = DBusMethodDeclaration(name, "Press", inputs: [DBusArgument("button", "s")])
    /// `Release(s button)`.
    public static let release = DBusMethodDeclaration(name, "Release", inputs: [DBusArgument("button", "s")])
    /// `Click(u count, d hold_seconds)`.
    public static let click = DBusMethodDeclaration(
        name, "Click", inputs: [DBusArgument("count", "u"), DBusArgument("hold_seconds", "d")])

    /// `Target`: the player presses go to now.
    public static let target = DBusPropertyDeclaration(name, "Target", "s")
    /// `TargetReason`: why that player.
    public static let targetReason = DBusPropertyDeclaration(name, "TargetReason", "s")
    /// `Devices`: the input paths being read.
    public static let devices = DBusPropertyDeclaration(name, "Devices", "as")
    /// `DeviceDetails`: path, name, headset-like, grabbed.
    public static let deviceDetails = DBusPropertyDeclaration(name, "DeviceDetails", "a(ssbb)")
    /// `Gestures`: gesture name to what it is bound to: a subtype's name, or `sleep-timer +15m`
    /// (`GestureBinding`'s forms).
    public static let gestures = DBusPropertyDeclaration(name, "Gestures", "a{ss}")
    /// `Settings`: the effective configuration.
    public static let settings = DBusPropertyDeclaration(name, "Settings", "a{sv}")
    /// `Bluetooth`: what the BlueZ bridge is doing.
    public static let bluetooth = DBusPropertyDeclaration(name, "Bluetooth", "s")
    /// `BluetoothAdapters`: the adapters the now-playing proxy is registered with.
    public static let bluetoothAdapters = DBusPropertyDeclaration(name, "BluetoothAdapters", "ao")
    /// `SystemBus`: headsetd's connection to the system bus (BlueZ): `connected`, `reconnecting`
    /// (it went away; headsetd connects again when it is back), `waiting` (it was not there when
    /// headsetd started; headsetd connects once it is), `lost` (headsetd cannot tell when it is
    /// there: only a restart connects it), or `unused`.
    public static let systemBus = DBusPropertyDeclaration(name, "SystemBus", "s")

    /// `GestureRecognized(s gesture, s subtype, s target)`: `subtype` is what the gesture is bound
    /// to, a subtype's name or `sleep-timer +15m` (the argument keeps its name, which clients match).
    public static let gestureRecognized = DBusSignalDeclaration(
        name, "GestureRecognized", [DBusArgument("gesture", "s"), DBusArgument("subtype", "s"), DBusArgument("target", "s")])

    /// The whole interface.
    public static let declaration = DBusInterfaceDeclaration(
        name, methods: [press, release, click],
        properties: [target, targetReason, devices, deviceDetails, gestures, settings, bluetooth, bluetoothAdapters, systemBus],
        signals: [gestureRecognized])
}
