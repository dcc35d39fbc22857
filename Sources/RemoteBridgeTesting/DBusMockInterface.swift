// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// The parts of python3-dbusmock's API the BlueZ mock uses: its `org.freedesktop.DBus.Mock`
/// interface on every mock object, and the `bluez5` template's `org.bluez.Mock` on `/`.
/// dbusmock publishes no interface file; these follow its documentation (`dbusmock/mockobject.py`
/// and `dbusmock/templates/bluez5.py`).
enum DBusMockInterface {
    /// dbusmock's interface for changing a mock object at run time.
    static let name = "org.freedesktop.DBus.Mock"
    /// `AddMethod(s interface, s name, s in_sig, s out_sig, s code)`: gives the object a method
    /// whose body is Python `code`.
    static let addMethod = DBusMethodDeclaration(
        name, "AddMethod",
        inputs: [
            DBusArgument("interface", "s"), DBusArgument("name", "s"), DBusArgument("in_sig", "s"), DBusArgument("out_sig", "s"),
            DBusArgument("code", "s"),
        ])
    /// `AddProperty(s interface, s name, v value)`.
    static let addProperty = DBusMethodDeclaration(
        name, "AddProperty", inputs: [DBusArgument("interface", "s"), DBusArgument("name", "s"), DBusArgument("value", "v")])
    /// `AddObject(s path, s interface, a{sv} properties, a(ssss) methods)`: a new mock object,
    /// announced by nothing (no InterfacesAdded).
    static let addObject = DBusMethodDeclaration(
        name, "AddObject",
        inputs: [
            DBusArgument("path", "s"), DBusArgument("interface", "s"), DBusArgument("properties", "a{sv}"),
            DBusArgument("methods", "a(ssss)"),
        ])
    /// `RemoveObject(s path)`: removes a mock object, announced by nothing (no InterfacesRemoved).
    static let removeObject = DBusMethodDeclaration(name, "RemoveObject", inputs: [DBusArgument("path", "s")])
    /// `EmitSignal(s interface, s name, s signature, av args)`: the object the call is made on
    /// sends the signal, from its own path.
    static let emitSignal = DBusMethodDeclaration(
        name, "EmitSignal",
        inputs: [DBusArgument("interface", "s"), DBusArgument("name", "s"), DBusArgument("signature", "s"), DBusArgument("args", "av")])
    /// `MethodCalled(s name, av args)`: sent for every method called on the mock.
    static let methodCalled = DBusSignalDeclaration(name, "MethodCalled", [DBusArgument("name", "s"), DBusArgument("args", "av")])

    /// The `bluez5` template's interface, on `/`.
    static let blueZMock = "org.bluez.Mock"
    /// `AddAdapter(s device_name, s system_name) → s path`: adds `/org/bluez/<device_name>`.
    static let addAdapter = DBusMethodDeclaration(
        blueZMock, "AddAdapter", inputs: [DBusArgument("device_name", "s"), DBusArgument("system_name", "s")],
        outputs: [DBusArgument("path", "s")])
    /// `AddDevice(s adapter_device_name, s device_address, s alias) → s path`: adds
    /// `/org/bluez/<adapter>/dev_XX_XX_XX_XX_XX_XX` with `org.bluez.Device1` (Address, Alias, Name
    /// the alias, not connected) and announces it with InterfacesAdded.
    static let addDevice = DBusMethodDeclaration(
        blueZMock, "AddDevice", inputs: [DBusArgument("adapter_device_name", "s"), DBusArgument("device_address", "s"), DBusArgument("alias", "s")],
        outputs: [DBusArgument("path", "s")])
}
