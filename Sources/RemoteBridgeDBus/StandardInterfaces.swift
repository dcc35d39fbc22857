// SPDX-License-Identifier: Apache-2.0
/// The freedesktop interfaces every object answers, declared the same way as our own, so that
/// calls and signals to them go through a declaration too.
public enum StandardInterfaces {
    /// `org.freedesktop.DBus.Properties`.
    public static let properties = "org.freedesktop.DBus.Properties"
    /// `Properties.Get`.
    public static let get = DBusMethodDeclaration(
        properties, "Get", inputs: [DBusArgument("interface_name", "s"), DBusArgument("property_name", "s")],
        outputs: [DBusArgument("value", "v")])
    /// `Properties.GetAll`.
    public static let getAll = DBusMethodDeclaration(
        properties, "GetAll", inputs: [DBusArgument("interface_name", "s")], outputs: [DBusArgument("properties", "a{sv}")])
    /// `Properties.Set`.
    public static let set = DBusMethodDeclaration(
        properties, "Set",
        inputs: [DBusArgument("interface_name", "s"), DBusArgument("property_name", "s"), DBusArgument("value", "v")])
    /// `Properties.PropertiesChanged`.
    public static let propertiesChanged = DBusSignalDeclaration(
        properties, "PropertiesChanged",
        [DBusArgument("interface_name", "s"), DBusArgument("changed_properties", "a{sv}"), DBusArgument("invalidated_properties", "as")])

    /// `org.freedesktop.DBus.Introspectable`.
    public static let introspectable = "org.freedesktop.DBus.Introspectable"
    /// `Introspectable.Introspect`.
    public static let introspect = DBusMethodDeclaration(introspectable, "Introspect", outputs: [DBusArgument("xml_data", "s")])

    /// `org.freedesktop.DBus.Peer`.
    public static let peer = "org.freedesktop.DBus.Peer"
    /// `Peer.Ping`.
    public static let ping = DBusMethodDeclaration(peer, "Ping")
    /// `Peer.GetMachineId`.
    public static let getMachineID = DBusMethodDeclaration(peer, "GetMachineId", outputs: [DBusArgument("machine_uuid", "s")])

    /// `org.freedesktop.DBus.ObjectManager`.
    public static let objectManager = "org.freedesktop.DBus.ObjectManager"
    /// `ObjectManager.GetManagedObjects() → a{oa{sa{sv}}}`.
    public static let getManagedObjects = DBusMethodDeclaration(
        objectManager, "GetManagedObjects", outputs: [DBusArgument("objects", "a{oa{sa{sv}}}")])
    /// `ObjectManager.InterfacesAdded(o object, a{sa{sv}} interfaces)`.
    public static let interfacesAdded = DBusSignalDeclaration(
        objectManager, "InterfacesAdded", [DBusArgument("object", "o"), DBusArgument("interfaces", "a{sa{sv}}")])
    /// `ObjectManager.InterfacesRemoved(o object, as interfaces)`.
    public static let interfacesRemoved = DBusSignalDeclaration(
        objectManager, "InterfacesRemoved", [DBusArgument("object", "o"), DBusArgument("interfaces", "as")])
    /// The ObjectManager interface, as much of it as BlueZ's clients use.
    public static let objectManagerDeclaration = DBusInterfaceDeclaration(
        objectManager, methods: [getManagedObjects], signals: [interfacesAdded, interfacesRemoved])
}
