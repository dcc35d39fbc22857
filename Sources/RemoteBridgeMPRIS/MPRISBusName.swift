import RemoteBridgeDBus
import Glibc
import RemoteBridgeText

/// Claims a player's MPRIS bus name.
public enum MPRISBusName {
    /// What is wrong with a player name, in words, or nil when it can be one: one or more
    /// dot-separated elements of letters, digits, `_` and `-`, not starting with a digit. The one
    /// rule for a name from `--name` and from `config.toml`'s `[player] name`.
    public static func problem(with name: String) -> String? {
        guard DBusValidation.isValidBusName(MPRISNames.busNamePrefix + name), !name.hasPrefix("."), !name.hasSuffix(".") else {
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
        let wellKnown = MPRISNames.busNamePrefix + name
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
