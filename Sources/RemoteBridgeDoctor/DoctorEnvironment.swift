// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import RemoteBridgeDurations
import RemoteBridgeConfiguration
import RemoteBridgeDBus
import RemoteBridgeProcess

/// Every outside place the doctor looks, so that a test can point each one at a folder or bus
/// of its own and make each check fail on purpose. `init()` gives the real ones.
public struct DoctorEnvironment: Sendable {
    /// The session bus address; nil for `DBUS_SESSION_BUS_ADDRESS`.
    public var sessionBusAddress: String?
    /// The system bus address (BlueZ, system-wide players).
    public var systemBusAddress: String
    /// The folder of input devices (`/dev/input`).
    public var inputDirectory: String
    /// Whether an `event*` FIFO in `inputDirectory` counts as a headset, as it does for
    /// `headsetd --input-dir` (tests).
    public var discoversFIFOs = false
    /// The folders systemd-udevd reads rules from, first first (a rule in an earlier folder
    /// replaces one of the same name in a later one): `/etc/udev/rules.d`, `/run/udev/rules.d`,
    /// `/usr/local/lib/udev/rules.d`, `/usr/lib/udev/rules.d` and, where `/usr` is split from `/`
    /// (Debian 12), `/lib/udev/rules.d`. A rule anywhere else is not read.
    public var udevRuleDirectories: [String]
    /// The `applications` folders a desktop shell looks up a desktop entry in, first first:
    /// `$XDG_DATA_HOME/applications`, then each of `$XDG_DATA_DIRS` (`/usr/local/share:/usr/share`).
    public var applicationDirectories: [String]
    /// The folders icon themes are looked up in, first first (`~/.icons`,
    /// `$XDG_DATA_HOME/icons`, each of `$XDG_DATA_DIRS` + `/icons`); an application's icon is in
    /// `hicolor` under one of them.
    public var iconThemeDirectories: [String]
    /// The folders of icons outside any theme (`/usr/share/pixmaps`), looked in last.
    public var pixmapDirectories: [String]
    /// The folders `$PATH` names, where a desktop entry's `TryExec=` program is looked up (a shell
    /// ignores an entry whose `TryExec=` is not found).
    public var executableDirectories: [String]
    /// `$XDG_DATA_HOME` (`~/.local/share`): where a fix installs a file for this user alone.
    public var dataHome: String
    /// The prefixes RemoteBridge may have been installed under (`make install PREFIX=…`), where
    /// a file installed in a folder nothing reads (`PREFIX/lib/udev/rules.d` for a PREFIX udev
    /// does not read) is looked for, to be named with its fix: by default the one this program
    /// runs from (`/opt/remotebridge` for `/opt/remotebridge/bin/remotectl`).
    public var installPrefixes: [String]
    /// Where systemd looks for user units.
    public var systemdUnitDirectories: [String]
    /// Where the session bus looks for activation (`.service`) files.
    public var dbusServiceDirectories: [String]
    /// The config file both daemons read.
    public var configPath: String
    /// How long each peer (a player, BlueZ, headsetd) has to answer before it is named as frozen.
    public var callTimeout: Duration = .seconds(3)
    /// What a press with no player would do about resuming remote-playerd's saved queue, in
    /// words ("would start remote-playerd and resume (saved 2 h ago, 14 tracks)", or why not);
    /// nil when this build does not resume.
    public var resumeVerdict: @MainActor @Sendable () -> String? = { nil }

    /// `callTimeout` in words: "3 s", "0.5 s".
    var timeoutText: String {
        let seconds = callTimeout.inSeconds
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    /// The real places, from this process's environment (`$HOME`, the XDG variables).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/root"
        func xdg(_ variable: String, _ fallback: String) -> String {
            guard let value = environment[variable], value.hasPrefix("/") else { return home + "/" + fallback }
            return value
        }
        let configHome = xdg("XDG_CONFIG_HOME", ".config")
        let dataHome = xdg("XDG_DATA_HOME", ".local/share")
        let dataDirectories = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        sessionBusAddress = nil
        systemBusAddress = DBusAddress.systemBus(environment: environment)
        inputDirectory = "/dev/input"
        udevRuleDirectories = ["/etc/udev/rules.d", "/run/udev/rules.d", "/usr/local/lib/udev/rules.d", "/usr/lib/udev/rules.d", "/lib/udev/rules.d"]
        applicationDirectories = [dataHome + "/applications"] + dataDirectories.map { $0 + "/applications" }
        iconThemeDirectories = [home + "/.icons", dataHome + "/icons"] + dataDirectories.map { $0 + "/icons" }
        pixmapDirectories = ["/usr/share/pixmaps"]
        self.dataHome = dataHome
        executableDirectories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        installPrefixes = Self.prefix(ofProgram: ProcessFiles.program("/proc/self/exe")).map { [$0] } ?? []
        systemdUnitDirectories = [
            configHome + "/systemd/user", "/etc/systemd/user", dataHome + "/systemd/user", "/usr/local/lib/systemd/user", "/usr/lib/systemd/user",
        ]
        dbusServiceDirectories = [dataHome + "/dbus-1/services"] + dataDirectories.map { $0 + "/dbus-1/services" }
        configPath = XDGPaths(environment: environment).configFile
    }

    /// The prefix a program in `PREFIX/bin` was installed under; nil for one elsewhere (a build folder).
    static func prefix(ofProgram program: String?) -> String? {
        guard let program, program.hasPrefix("/") else { return nil }
        var parts = program.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[parts.count - 2] == "bin" else { return nil }
        parts.removeLast(2)
        return "/" + parts.joined(separator: "/")
    }
}
