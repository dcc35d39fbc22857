// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import RemoteBridgeDurations
import RemoteBridgeConfiguration
import RemoteBridgeDBus

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
    /// Where udev rules are installed.
    public var udevRuleDirectories: [String]
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
        systemdUnitDirectories = [
            configHome + "/systemd/user", "/etc/systemd/user", dataHome + "/systemd/user", "/usr/local/lib/systemd/user", "/usr/lib/systemd/user",
        ]
        dbusServiceDirectories = [dataHome + "/dbus-1/services"] + dataDirectories.map { $0 + "/dbus-1/services" }
        configPath = XDGPaths(environment: environment).configFile
    }
}
