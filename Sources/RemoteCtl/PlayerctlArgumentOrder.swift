/// playerctl puts its player options before the verb (`playerctl -p vlc play`); argument-parser
/// wants them after it. `normalized` moves a leading run of *player options* behind the verb, so
/// both orders work.
///
/// Only the options every verb shares are moved. Anything else in front of the verb, such as
/// `--help`, `--version` or `--generate-completion-script bash`, belongs to the root command,
/// so the arguments are then left exactly as given.
public enum PlayerctlArgumentOrder {
    /// Player options that take a value in the next argument.
    static let optionsWithValue: Set<String> = ["-p", "--player", "-i", "--ignore-player", "--bus", "--timeout"]
    /// Player options that take no value.
    static let flags: Set<String> = ["-a", "--all-players"]
    /// Verbs whose own verbs follow them (`headset status`): the options go behind both.
    static let groups: [String: Set<String>] = ["headset": ["status"]]

    /// `arguments` with a leading run of player options moved behind the verb.
    public static func normalized(_ arguments: [String]) -> [String] {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if optionsWithValue.contains(argument) {
                index += 2
            } else if flags.contains(argument) || isAttachedValue(argument) {
                index += 1
            } else if argument.hasPrefix("-") {
                return arguments
            } else {
                break
            }
        }
        guard index > 0, index < arguments.count else { return arguments }
        var verbs = index...index
        if let group = groups[arguments[index]], index + 1 < arguments.count, group.contains(arguments[index + 1]) {
            verbs = index...(index + 1)
        }
        return Array(arguments[verbs]) + arguments[..<index] + arguments[(verbs.upperBound + 1)...]
    }

    /// `--player=vlc`, or a short option with its value glued on: `-pvlc`.
    private static func isAttachedValue(_ argument: String) -> Bool {
        if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
            return optionsWithValue.contains(String(argument[..<equals]))
        }
        return argument.count > 2 && (argument.hasPrefix("-p") || argument.hasPrefix("-i")) && !argument.hasPrefix("--")
    }
}
