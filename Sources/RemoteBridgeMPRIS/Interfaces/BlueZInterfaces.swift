// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// The parts of BlueZ's system-bus API headsetd uses (BlueZ's doc/media-api.txt and
/// device-api.txt), declared once for headsetd and for the fake BlueZ its tests run against.
public enum BlueZInterfaces {
    /// BlueZ's bus name.
    public static let busName = "org.bluez"

    /// `org.bluez.Media1`, on each adapter.
    public static let media = "org.bluez.Media1"
    /// `Media1.RegisterPlayer(o player, a{sv} properties)`: offers an MPRIS Player object as
    /// the adapter's AVRCP target.
    public static let registerPlayer = DBusMethodDeclaration(
        media, "RegisterPlayer", inputs: [DBusArgument("player", "o"), DBusArgument("properties", "a{sv}")])
    /// `Media1.UnregisterPlayer(o player)`.
    public static let unregisterPlayer = DBusMethodDeclaration(media, "UnregisterPlayer", inputs: [DBusArgument("player", "o")])
    /// The error RegisterPlayer answers for a player already registered with the adapter.
    public static let alreadyExists = "org.bluez.Error.AlreadyExists"
    /// Media1, as much of it as headsetd uses.
    public static let mediaDeclaration = DBusInterfaceDeclaration(media, methods: [registerPlayer, unregisterPlayer])

    /// `org.bluez.Device1`, on each known device.
    public static let device = "org.bluez.Device1"
    /// `Device1.Alias`.
    public static let alias = DBusPropertyDeclaration(device, "Alias", "s")
    /// `Device1.UUIDs`: the service classes, which tell an audio device.
    public static let uuids = DBusPropertyDeclaration(device, "UUIDs", "as")
    /// `Device1.Connected`.
    public static let connected = DBusPropertyDeclaration(device, "Connected", "b")
    /// Device1, as much of it as headsetd reads.
    public static let deviceDeclaration = DBusInterfaceDeclaration(device, properties: [alias, uuids, connected])
}
