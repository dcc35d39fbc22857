import RemoteBridgeDBus

/// The parts of systemd's manager API `remotectl doctor` reads (systemd's
/// org.freedesktop.systemd1(5)): load a unit, then read its state. systemd publishes no
/// interface file; these follow its manual page.
enum SystemdInterfaces {
    /// systemd's bus name, on the session bus for the user's manager.
    static let busName = "org.freedesktop.systemd1"
    /// The manager's object path.
    static let managerPath = "/org/freedesktop/systemd1"

    /// `org.freedesktop.systemd1.Manager`.
    static let manager = "org.freedesktop.systemd1.Manager"
    /// `Manager.LoadUnit(s name) → o unit`: the unit's object, loading it if need be.
    static let loadUnit = DBusMethodDeclaration(manager, "LoadUnit", inputs: [DBusArgument("name", "s")], outputs: [DBusArgument("unit", "o")])

    /// `org.freedesktop.systemd1.Unit`, on each unit's object.
    static let unit = "org.freedesktop.systemd1.Unit"
    /// `Unit.ActiveState`: `active`, `inactive`, `failed`, `activating`…
    static let activeState = DBusPropertyDeclaration(unit, "ActiveState", "s")
    /// `Unit.SubState`: `running`, `dead`, `failed`…
    static let subState = DBusPropertyDeclaration(unit, "SubState", "s")
    /// `Unit.UnitFileState`: `enabled`, `disabled`, `static`…
    static let unitFileState = DBusPropertyDeclaration(unit, "UnitFileState", "s")
    /// Unit, as much of it as the doctor reads.
    static let unitDeclaration = DBusInterfaceDeclaration(unit, properties: [activeState, subState, unitFileState])
}
