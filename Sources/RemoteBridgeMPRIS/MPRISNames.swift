// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeDBus
import RemoteBridgeText

/// The names MPRIS and RemoteBridge use on the bus, the rule for a player's name, and the claim
/// of its bus name.
public enum MPRISNames {
    /// Every MPRIS player's bus name starts with this.
    public static let busNamePrefix = "org.mpris.MediaPlayer2."
    /// remote-playerd's bus name under its default name: the one its D-Bus activation file
    /// (`dbus/services/`) starts it for, which headsetd and remotectl resume.
    public static let remotePlayerd = busNamePrefix + "remotebridge"
    /// The object path of every MPRIS player.
    public static let objectPath = "/org/mpris/MediaPlayer2"
    /// The prefix of RemoteBridge's own error names.
    public static let errorPrefix = "io.github.remotebridge.Error."

    /// What is wrong with a player name, in words, or nil when it can be one: one or more
    /// dot-separated elements of letters, digits, `_` and `-`, not starting with a digit. The one
    /// rule for a name from `--name` and from `config.toml`'s `[player] name`.
    public static func problem(with name: String) -> String? {
        guard DBusValidation.isValidBusName(busNamePrefix + name), !name.hasPrefix("."), !name.hasSuffix(".") else {
            return "\(OutsideText.quoted(name)) cannot be part of a bus name: use letters, digits, '_' and '-', "
                + "in dot-separated parts that do not start with a digit (for example: remotebridge)"
        }
        return nil
    }

    /// Checks a player name given by the user (`--name`) by `problem(with:)`.
    public static func validate(_ name: String) throws(DBusError) {
        if let problem = problem(with: name) { throw .invalidArgs(problem) }
    }

    /// Requests `org.mpris.MediaPlayer2.<name>`. If another player holds it, takes it over with
    /// `replace` (when the owner allows replacement), or otherwise falls back to
    /// `org.mpris.MediaPlayer2.<name>.instance<pid>`, as MPRIS recommends. Returns the name owned.
    public static func claim(_ name: String, on connection: DBusConnection, replace: Bool = false) async throws(DBusError) -> String {
        try validate(name)
        let wellKnown = busNamePrefix + name
        var flags: DBusConnection.NameFlags = [.doNotQueue, .allowReplacement]
        if replace { flags.insert(.replaceExisting) }
        switch try await connection.requestName(wellKnown, flags: flags) {
        case .primaryOwner, .alreadyOwner:
            return wellKnown
        case .exists, .inQueue:
            let instance = "\(wellKnown).instance\(getpid())"
            switch try await connection.requestName(instance, flags: [.doNotQueue]) {
            case .primaryOwner, .alreadyOwner: return instance
            case .exists, .inQueue: throw .failed("both \(wellKnown) and \(instance) are taken")
            }
        }
    }
}

/// The name of the bus-name rules before 0.27.0; kept for one release (CHANGELOG.md, "Breaking").
@available(*, deprecated, renamed: "MPRISNames")
public typealias MPRISBusName = MPRISNames
