// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// The unix sockets that must stay out of the engine's reach, which its confinement hides (the
/// engine is told them in its `start` request, never through its environment): the session bus
/// (every `unix:path=` entry of `$DBUS_SESSION_BUS_ADDRESS`, and `$XDG_RUNTIME_DIR/bus`, its usual
/// place), the bus the daemon is on, the system bus (where `DBUS_SYSTEM_BUS_ADDRESS` puts it, and
/// its usual file under both /run and /var/run), and systemd's user manager socket (which starts
/// services: a way out). A bus at an abstract address (`unix:abstract=`) is covered by Landlock's
/// scope instead. Addresses are read by libdbus (`DBusAddress`).
enum EngineHiddenSockets {
    /// The sockets for a daemon on the bus at `busAddress` (nil: the session bus) with `environment`.
    static func list(environment: [String: String], busAddress: String?) -> [String] {
        var paths: [String] = []
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"] {
            paths += DBusAddress.socketPaths(address)
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            paths.append(runtime + "/bus")
            paths.append(runtime + "/systemd/private")
        }
        paths += DBusAddress.socketPaths(DBusAddress.systemBus(environment: environment))
        paths += DBusAddress.socketPaths(DBusAddress.systemBusDefault)
        paths.append("/var/run/dbus/system_bus_socket")
        paths += busAddress.map(DBusAddress.socketPaths) ?? []
        var seen: Set<String> = []
        return paths.filter { $0.hasPrefix("/") && seen.insert($0).inserted }
    }
}
