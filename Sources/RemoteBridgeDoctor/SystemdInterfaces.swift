// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// The parts of systemd's manager API `remotectl doctor` reads (systemd's
/// org.freedesktop.systemd1(5)): load a unit, then read its state. systemd publishes no
/// interface file; these follow its manual page. Package-wide, so that the tests' fake systemd
/// serves the same declarations.
package enum SystemdInterfaces {
    /// systemd's bus name, on the session bus for the user's manager.
    package static let busName = "org.freedesktop.systemd1"
    /// The manager's object path.
    package static let managerPath = "/org/freedesktop/systemd1"

    /// `org.freedesktop.systemd1.Manager`.
    package static let manager = "org.freedesktop.systemd1.Manager"
    /// `Manager.LoadUnit(s name) → o unit`: the unit's object, loading it if need be.
    package static let loadUnit = DBusMethodDeclaration(manager, "LoadUnit", inputs: [DBusArgument("name", "s")], outputs: [DBusArgument("unit", "o")])

    /// `org.freedesktop.systemd1.Unit`, on each unit's object.
    package static let unit = "org.freedesktop.systemd1.Unit"
    /// `Unit.ActiveState`: `active`, `inactive`, `failed`, `activating`…
    package static let activeState = DBusPropertyDeclaration(unit, "ActiveState", "s")
    /// `Unit.SubState`: `running`, `dead`, `failed`…
    package static let subState = DBusPropertyDeclaration(unit, "SubState", "s")
    /// `Unit.UnitFileState`: `enabled`, `disabled`, `static`…
    package static let unitFileState = DBusPropertyDeclaration(unit, "UnitFileState", "s")
    /// Unit, as much of it as the doctor reads.
    package static let unitDeclaration = DBusInterfaceDeclaration(unit, properties: [activeState, subState, unitFileState])
}
