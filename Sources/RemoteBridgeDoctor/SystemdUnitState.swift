import RemoteBridgeDBus

/// A systemd user unit's state, as systemd's manager on the session bus gives it.
struct SystemdUnitState: Sendable, Equatable {
    /// `active`, `inactive`, `failed`, `activating`…
    var activeState: String
    /// `running`, `dead`, `failed`…
    var subState: String
    /// `enabled`, `disabled`, `static`…
    var fileState: String

    static let busName = "org.freedesktop.systemd1"
    static let managerPath = "/org/freedesktop/systemd1"
    static let manager = "org.freedesktop.systemd1.Manager"
    static let unitInterface = "org.freedesktop.systemd1.Unit"

    /// Asks systemd for `unit`; nil when systemd is not on `connection` or does not answer.
    static func read(_ unit: String, on connection: DBusConnection) async -> SystemdUnitState? {
        guard await connection.nameOwner(busName) != nil,
            let path = try? await connection.call(busName, managerPath, manager, "LoadUnit", [.string(unit)]).first?.stringValue,
            let properties = try? await connection.getAllProperties(busName, path, unitInterface)
        else { return nil }
        return SystemdUnitState(
            activeState: properties["ActiveState"]?.stringValue ?? "", subState: properties["SubState"]?.stringValue ?? "",
            fileState: properties["UnitFileState"]?.stringValue ?? "")
    }

    /// "active (running), enabled".
    var description: String { "\(activeState) (\(subState)), \(fileState.isEmpty ? "enablement unknown" : fileState)" }
}
