// SPDX-License-Identifier: Apache-2.0
/// `org.freedesktop.DBus`, served by the message bus itself at its own name and path: names,
/// match rules and activation. Declared like any other interface, so that every call to the bus
/// goes through a declaration and `dbus/foreign/org.freedesktop.DBus.xml` can be checked against it.
public enum BusDaemonInterface {
    /// The interface name.
    public static let name = "org.freedesktop.DBus"
    /// The bus's own name: the destination of these calls and the sender of these signals.
    public static let busName = "org.freedesktop.DBus"
    /// The bus's object path.
    public static let objectPath = "/org/freedesktop/DBus"

    /// `Hello() → s unique_name`: the first call on a new connection.
    public static let hello = DBusMethodDeclaration(name, "Hello", outputs: [DBusArgument("unique_name", "s")])
    /// `RequestName(s name, u flags) → u result`.
    public static let requestName = DBusMethodDeclaration(
        name, "RequestName", inputs: [DBusArgument("name", "s"), DBusArgument("flags", "u")], outputs: [DBusArgument("result", "u")])
    /// `ReleaseName(s name) → u result`.
    public static let releaseName = DBusMethodDeclaration(
        name, "ReleaseName", inputs: [DBusArgument("name", "s")], outputs: [DBusArgument("result", "u")])
    /// `GetNameOwner(s name) → s owner`: fails when nobody owns `name`.
    public static let getNameOwner = DBusMethodDeclaration(
        name, "GetNameOwner", inputs: [DBusArgument("name", "s")], outputs: [DBusArgument("owner", "s")])
    /// `GetConnectionUnixProcessID(s name) → u pid`.
    public static let getConnectionUnixProcessID = DBusMethodDeclaration(
        name, "GetConnectionUnixProcessID", inputs: [DBusArgument("name", "s")], outputs: [DBusArgument("pid", "u")])
    /// `ListNames() → as names`: every name on the bus, well-known and unique.
    public static let listNames = DBusMethodDeclaration(name, "ListNames", outputs: [DBusArgument("names", "as")])
    /// `ListActivatableNames() → as names`: the names the bus can start a program for.
    public static let listActivatableNames = DBusMethodDeclaration(name, "ListActivatableNames", outputs: [DBusArgument("names", "as")])
    /// `StartServiceByName(s name, u flags) → u result`: the bus starts the program its activation
    /// file names for `name` and answers once it owns the name (1), or at once if it is owned (2).
    public static let startServiceByName = DBusMethodDeclaration(
        name, "StartServiceByName", inputs: [DBusArgument("name", "s"), DBusArgument("flags", "u")], outputs: [DBusArgument("result", "u")])
    /// `AddMatch(s rule)`: deliver the signals `rule` matches to this connection.
    public static let addMatch = DBusMethodDeclaration(name, "AddMatch", inputs: [DBusArgument("rule", "s")])
    /// `RemoveMatch(s rule)`.
    public static let removeMatch = DBusMethodDeclaration(name, "RemoveMatch", inputs: [DBusArgument("rule", "s")])

    /// `NameOwnerChanged(s name, s old_owner, s new_owner)`, broadcast.
    public static let nameOwnerChanged = DBusSignalDeclaration(
        name, "NameOwnerChanged", [DBusArgument("name", "s"), DBusArgument("old_owner", "s"), DBusArgument("new_owner", "s")])
    /// `NameLost(s name)`, sent to the connection that lost `name`.
    public static let nameLost = DBusSignalDeclaration(name, "NameLost", [DBusArgument("name", "s")])
    /// `NameAcquired(s name)`, sent to the connection that gained `name`.
    public static let nameAcquired = DBusSignalDeclaration(name, "NameAcquired", [DBusArgument("name", "s")])

    /// The interface, as much of it as RemoteBridge uses.
    public static let declaration = DBusInterfaceDeclaration(
        name,
        methods: [
            hello, requestName, releaseName, getNameOwner, getConnectionUnixProcessID, listNames, listActivatableNames,
            startServiceByName, addMatch, removeMatch,
        ],
        signals: [nameOwnerChanged, nameLost, nameAcquired])
}
