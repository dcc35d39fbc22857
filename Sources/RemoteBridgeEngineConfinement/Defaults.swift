extension EngineConfinement {
    /// The paths the engine's audio outputs write to, as found with strace (the evidence is in
    /// docs/engine-confinement.md):
    /// - `/dev/snd`: ALSA opens the card's pcm and control devices O_RDWR and drives them with ioctls.
    /// - `/dev/shm`: libpulse's shared-memory pool when the server cannot take a memfd (older
    ///   servers, or `enable-memfd = no`), and JACK-style clients; PulseAudio and PipeWire use memfds
    ///   otherwise, which need no path at all.
    ///
    /// Nothing else: libpulse's mkdir of `$XDG_RUNTIME_DIR/pulse` finds it made (EEXIST before any
    /// permission check), PipeWire's client writes nothing, and ALSA's dmix shares memory with SysV
    /// shm and semaphores, which have no path. `environment` is not used yet; it is there so a
    /// future output (a JACK folder in `$XDG_RUNTIME_DIR`) can be added without an API change.
    public static func defaultWritable(environment: [String: String]) -> [String] {
        _ = environment
        return ["/dev/snd", "/dev/shm"]
    }

    /// The sockets that must stay out of the engine's reach: the session bus (from
    /// `$DBUS_SESSION_BUS_ADDRESS`'s `unix:path=` entries, and `$XDG_RUNTIME_DIR/bus`, its usual
    /// place), the system bus, and systemd's user manager socket (which starts services: a way out).
    /// A bus at an abstract address (`unix:abstract=`) is covered by Landlock's scope instead.
    public static func defaultHiddenSockets(environment: [String: String]) -> [String] {
        var paths: [String] = []
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"] {
            paths += busPaths(address: address)
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            paths.append(runtime + "/bus")
            paths.append(runtime + "/systemd/private")
        }
        paths += ["/run/dbus/system_bus_socket", "/var/run/dbus/system_bus_socket"]
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }

    /// The `path=` values of the `unix:` entries of a D-Bus address list
    /// ("unix:path=/run/user/1000/bus,guid=…;tcp:…"), %-escapes decoded.
    public static func busPaths(address: String) -> [String] {
        address.split(separator: ";").compactMap { entry -> String? in
            guard entry.hasPrefix("unix:") else { return nil }
            for pair in entry.dropFirst(5).split(separator: ",") where pair.hasPrefix("path=") {
                let path = unescape(pair.dropFirst(5))
                return path.hasPrefix("/") ? path : nil
            }
            return nil
        }
    }

    /// Decodes D-Bus address escapes (%XX); a malformed escape is kept as it is.
    static func unescape(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
