// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

/// The bus's own interface, as declared, is part of what dbus-daemon publishes
/// (`dbus/foreign/org.freedesktop.DBus.xml`).
@Suite("Foreign interface XML: the bus")
struct ForeignInterfaceXMLTests {
    @Test("BusDaemonInterface is sound and every member is in dbus-daemon's interface as declared")
    func busDaemon() throws {
        #expect(BusDaemonInterface.declaration.problems == [])
        #expect(try ForeignInterfaceXML.disagreements(of: BusDaemonInterface.declaration) == [])
    }

    @Test("a member the file lacks, or one declared with other types, is a disagreement")
    func disagreementsAreFound() throws {
        let wrong = DBusInterfaceDeclaration(
            BusDaemonInterface.name,
            methods: [
                DBusMethodDeclaration(BusDaemonInterface.name, "NoSuchMethod"),
                DBusMethodDeclaration(BusDaemonInterface.name, "ListNames", outputs: [DBusArgument("names", "s")]),
            ],
            signals: [DBusSignalDeclaration(BusDaemonInterface.name, "NameLost", [DBusArgument("name", "u")])])
        #expect(try ForeignInterfaceXML.disagreements(of: wrong) == [
            "org.freedesktop.DBus.NoSuchMethod is not in the file",
            "org.freedesktop.DBus.ListNames is '' → 'as' in the file, declared '' → 's'",
            "org.freedesktop.DBus.NameLost is 's' in the file, declared 'u'",
        ])
    }
}
