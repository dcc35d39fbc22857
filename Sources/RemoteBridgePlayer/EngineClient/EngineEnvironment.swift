// SPDX-License-Identifier: Apache-2.0

/// The engine's whole environment: what mpv, FFmpeg and the sound libraries read, from ours,
/// and the stream's names; nothing else. In particular no bus address (`DBUS_SESSION_BUS_ADDRESS`,
/// `DBUS_SYSTEM_BUS_ADDRESS`, `DBUS_STARTER_*`): the engine has no business on D-Bus, and what it
/// is not told it cannot be tricked into using.
package enum EngineEnvironment {
    /// Variables passed on by name.
    static let names: Set<String> = [
        "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ",
        // Where the sound servers' sockets are (pulse/native, pipewire-0) and their client configs.
        "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "XDG_DATA_HOME", "XDG_DATA_DIRS",
        // Proxies and certificates for http(s) streams.
        "http_proxy", "https_proxy", "no_proxy", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "SSL_CERT_FILE", "SSL_CERT_DIR",
    ]
    /// Variables passed on by prefix: the locale, and the sound libraries' own settings.
    static let prefixes = ["LC_", "PULSE_", "PIPEWIRE_", "SPA_", "ALSA_", "JACK_"]

    /// The variables of `environment` (`NAME=value`) the engine gets, then `stream`'s names,
    /// which replace any of the same name, but for a `PIPEWIRE_PROPS` the user set: theirs wins.
    package static func make(from environment: [String], stream: AudioStreamIdentity?) -> [String] {
        var kept = environment.filter { variable in
            guard let equals = variable.firstIndex(of: "=") else { return false }
            let name = String(variable[..<equals])
            return names.contains(name) || prefixes.contains { name.hasPrefix($0) }
        }
        for (name, value) in stream?.environment ?? [] where !value.utf8.contains(0) {
            if name == "PIPEWIRE_PROPS", kept.contains(where: { $0.hasPrefix("PIPEWIRE_PROPS=") }) { continue }
            kept.removeAll { $0.hasPrefix(name + "=") }
            kept.append("\(name)=\(value)")
        }
        // libpipewire would otherwise print its config's notes to stderr each time an output is tried.
        if !kept.contains(where: { $0.hasPrefix("PIPEWIRE_DEBUG=") }) { kept.append("PIPEWIRE_DEBUG=0") }
        // A crash ends the engine at once: Swift's backtracer would first spend seconds (10 were
        // seen) reading the program's debug information, while the player waits to go on. The
        // daemon logs the signal and the entry; the engine's state is not worth more.
        kept.append("SWIFT_BACKTRACE=enable=no")
        return kept
    }
}
