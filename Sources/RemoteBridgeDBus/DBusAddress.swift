// SPDX-License-Identifier: Apache-2.0
import CRemoteBridgeDBus
import Glibc

/// What a bus address says, as libdbus reads it (`dbus_parse_address`: entries separated by
/// `;`, each `transport:key=value,…` with `%XX` escapes), and where the system bus is.
public enum DBusAddress {
    /// The system bus's address where `DBUS_SYSTEM_BUS_ADDRESS` does not say: libdbus's own
    /// default as Debian builds it. (The D-Bus specification writes `/var/run/dbus/system_bus_socket`,
    /// the same file through /var/run's link to /run.)
    public static let systemBusDefault = "unix:path=/run/dbus/system_bus_socket"

    /// The system bus's address in `environment`: `DBUS_SYSTEM_BUS_ADDRESS` when it is set and
    /// not empty, else ``systemBusDefault``.
    public static func systemBus(environment: [String: String]) -> String {
        environment["DBUS_SYSTEM_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 } ?? systemBusDefault
    }

    /// The system bus's address in this process's environment (see ``systemBus(environment:)``).
    public static var systemBus: String {
        let variable = getenv("DBUS_SYSTEM_BUS_ADDRESS").map { String(cString: $0) }
        return systemBus(environment: variable.map { ["DBUS_SYSTEM_BUS_ADDRESS": $0] } ?? [:])
    }

    /// The file the bus listens on: the `path` of the first `unix:` entry of `address`,
    /// unescaped. Nil when no entry names one (an abstract socket, `tcp:`, a `unix:dir=` that
    /// the bus resolved elsewhere) or the address does not parse.
    public static func socketPath(_ address: String) -> String? {
        socketPaths(address).first
    }

    /// The files of every `unix:` entry of `address` that names a `path`, unescaped, in order;
    /// empty when none does or the address does not parse.
    public static func socketPaths(_ address: String) -> [String] {
        var entries: UnsafeMutablePointer<OpaquePointer?>?
        var count: Int32 = 0
        var error = CRemoteBridgeDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard dbus_parse_address(address, &entries, &count, &error) != 0, let entries else { return [] }
        defer { dbus_address_entries_free(entries) }
        return (0..<Int(count)).compactMap { index in
            guard let entry = entries[index], let method = dbus_address_entry_get_method(entry), String(cString: method) == "unix",
                let path = dbus_address_entry_get_value(entry, "path")
            else { return nil }
            return String(cString: path)
        }
    }
}
