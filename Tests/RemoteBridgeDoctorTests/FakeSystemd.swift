// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeDoctor
import RemoteBridgeTesting

/// A stand-in for systemd's user manager on a private bus: `LoadUnit` gives each unit an object
/// whose `ActiveState`, `SubState` and `UnitFileState` the test sets.
@MainActor
final class FakeSystemd {
    let connection: DBusConnection
    /// Each unit's state: active, sub and file state.
    var states: [String: (active: String, sub: String, file: String)] = [:]
    private var objects: [ExportedObject] = []

    /// Starts the manager on the bus at `address`, owning `org.freedesktop.systemd1`.
    init(address: String) async throws {
        connection = try await DBusConnection.connect(to: address)
        let manager = DBusInterface(
            DBusInterfaceDeclaration(SystemdInterfaces.manager, methods: [SystemdInterfaces.loadUnit]),
            methods: [
                DBusMethod(SystemdInterfaces.loadUnit) { [weak self] call throws(DBusError) in
                    let name = try call.string("name")
                    guard let self else { throw .failed("gone") }
                    return [.objectPath(try self.unitObject(name))]
                }
            ])
        let root = try ExportedObject(path: SystemdInterfaces.managerPath, interfaces: [manager])
        connection.export(root)
        objects.append(root)
        _ = try await connection.requestName(SystemdInterfaces.busName)
    }

    /// The object of unit `name`, exported the first time it is asked for.
    private func unitObject(_ name: String) throws(DBusError) -> String {
        let path = "/org/freedesktop/systemd1/unit/" + name.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
        guard !objects.contains(where: { $0.path == path }) else { return path }
        let unit = DBusInterface(
            SystemdInterfaces.unitDeclaration,
            properties: [
                DBusProperty(SystemdInterfaces.activeState) { [weak self] in .string(self?.states[name]?.active ?? "inactive") },
                DBusProperty(SystemdInterfaces.subState) { [weak self] in .string(self?.states[name]?.sub ?? "dead") },
                DBusProperty(SystemdInterfaces.unitFileState) { [weak self] in .string(self?.states[name]?.file ?? "disabled") },
            ])
        let object = try ExportedObject(path: path, interfaces: [unit])
        connection.export(object)
        objects.append(object)
        return path
    }
}
