// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// A systemd user unit's state, as systemd's manager on the session bus gives it.
struct SystemdUnitState: Sendable, Equatable {
    /// `active`, `inactive`, `failed`, `activating`…
    var activeState: String
    /// `running`, `dead`, `failed`…
    var subState: String
    /// `enabled`, `disabled`, `static`…
    var fileState: String

    /// Asks systemd for `unit`; nil when systemd is not on `connection` or does not answer.
    static func read(_ unit: String, on connection: DBusConnection) async -> SystemdUnitState? {
        typealias Systemd = SystemdInterfaces
        guard await connection.nameOwner(Systemd.busName) != nil,
            let path = try? await connection.call(Systemd.busName, Systemd.managerPath, Systemd.loadUnit, [.string(unit)]).first?.stringValue,
            let properties = try? await connection.getAllProperties(Systemd.busName, path, Systemd.unitDeclaration)
        else { return nil }
        func text(_ property: DBusPropertyDeclaration) -> String { properties[property.name]?.stringValue ?? "" }
        return SystemdUnitState(activeState: text(Systemd.activeState), subState: text(Systemd.subState), fileState: text(Systemd.unitFileState))
    }

    /// "active (running), enabled".
    var description: String { "\(activeState) (\(subState)), \(fileState.isEmpty ? "enablement unknown" : fileState)" }
}
