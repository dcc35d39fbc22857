// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc

/// Where RemoteBridge keeps its files, by the XDG Base Directory rules: `$XDG_CONFIG_HOME`,
/// `$XDG_STATE_HOME` and `$XDG_CACHE_HOME`, each under `~` when unset, empty or relative (the
/// specification says to ignore a relative one).
public struct XDGPaths: Sendable {
    /// The environment the paths are read from.
    public var environment: [String: String]
    /// The home folder, for the defaults.
    public var home: String

    /// The paths for this process's environment, or for the one given (tests).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, home: String? = nil) {
        self.environment = environment
        self.home = home ?? Self.home(environment)
    }

    /// `$XDG_CONFIG_HOME/remotebridge/config.toml`: the file both daemons read.
    public var configFile: String { base("XDG_CONFIG_HOME", default: ".config") + "/remotebridge/config.toml" }
    /// `$XDG_STATE_HOME/remotebridge/player.state`: remote-playerd's queue, position and settings.
    public var stateFile: String { base("XDG_STATE_HOME", default: ".local/state") + "/remotebridge/player.state" }
    /// `$XDG_STATE_HOME/remotebridge/state.json`: where earlier releases kept the state, as JSON
    /// (version 1); read once, when `stateFile` does not exist yet, and then kept as `state.json.v1`.
    public var legacyStateFile: String { base("XDG_STATE_HOME", default: ".local/state") + "/remotebridge/state.json" }
    /// `$XDG_CACHE_HOME/remotebridge/art`: cover art taken out of audio files.
    public var artCache: String { base("XDG_CACHE_HOME", default: ".cache") + "/remotebridge/art" }

    /// `$HOME`, else the password database's home folder, else `/`.
    static func home(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir { return String(cString: directory) }
        return "/"
    }

    private func base(_ variable: String, default relative: String) -> String {
        guard let value = environment[variable], value.hasPrefix("/") else { return home + "/" + relative }
        return value
    }
}
