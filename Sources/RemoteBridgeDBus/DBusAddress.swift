import CRemoteBridgeDBus

/// What a bus address says, as libdbus reads it (`dbus_parse_address`: entries separated by
/// `;`, each `transport:key=value,…` with `%XX` escapes).
public enum DBusAddress {
    /// The file the bus listens on: the `path` of the first `unix:` entry of `address`,
    /// unescaped. Nil when no entry names one (an abstract socket, `tcp:`, a `unix:dir=` that
    /// the bus resolved elsewhere) or the address does not parse.
    public static func socketPath(_ address: String) -> String? {
        var entries: UnsafeMutablePointer<OpaquePointer?>?
        var count: Int32 = 0
        var error = CRemoteBridgeDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard dbus_parse_address(address, &entries, &count, &error) != 0, let entries else { return nil }
        defer { dbus_address_entries_free(entries) }
        for index in 0..<Int(count) {
            guard let entry = entries[index], let method = dbus_address_entry_get_method(entry), String(cString: method) == "unix",
                let path = dbus_address_entry_get_value(entry, "path")
            else { continue }
            return String(cString: path)
        }
        return nil
    }
}
