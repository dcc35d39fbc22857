// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations

/// `remotectl --help`, made from the option and verb tables: playerctl's commands and options
/// first, then what remotectl adds.
public enum HelpText {
    /// How remotectl chooses a player without `-p`, and what the exit statuses mean.
    static let notes = """
        remotectl reads the same command lines as playerctl 2.4.1 and gives the same output, \
        messages and exit status, with these differences on purpose:
          - Without -p, the now-playing player is tried first: headsetd's target if headsetd \
        runs, else a Playing player, else a RemoteBridge player; then the rest in playerctl's order.
          - play and play-pause with no player at all, no -p, -i or -a, start remote-playerd through \
        D-Bus activation and resume its saved queue, as headsetd does for a headset press \
        ([headset] resume-after-exit-within); playerctl says "No players found".
          - A player that does not answer within --timeout is named and skipped (playerctl waits \(RemoteCtl.playerctlTimeout.secondsText) s).
          - A command line it cannot read exits 2 (playerctl prints the error and exits 0).
          - -v prints remotectl's version.
          - rate, chapter and sleep are remotectl's: playerctl has no verb for the playback rate.
        """

    /// The whole text, ending with a newline.
    public static var text: String {
        var lines = [
            "Usage:",
            "  remotectl [OPTION…] COMMAND - Controller for media players, like playerctl, and more",
            "",
            "  For players supporting the MPRIS D-Bus specification",
            "",
            "Commands (playerctl's):",
        ]
        lines += Verb.all.filter(\.fromPlayerctl).map(verbLine)
        lines += ["", "Commands remotectl adds:"]
        lines += Verb.all.filter { !$0.fromPlayerctl }.map(verbLine)
        lines += ["", "Options (playerctl's):", "  -h, --help                         Show help options"]
        lines += CommandLineOption.all.filter(\.fromPlayerctl).map(optionLine)
        lines += ["", "Options remotectl adds:"]
        lines += CommandLineOption.all.filter { !$0.fromPlayerctl }.map(optionLine)
        lines += ["", notes, "", "Exit status: 0 done; 1 no player, or none could do it, or it failed; 2 a command line remotectl cannot read."]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func verbLine(_ verb: Verb) -> String {
        let head = "  " + verb.name + (verb.arguments.isEmpty ? "" : " " + verb.arguments)
        return padded(head, 26) + verb.summary
    }

    private static func optionLine(_ option: CommandLineOption) -> String {
        let scope = option.verbs.isEmpty ? "" : " (\(option.verbs.joined(separator: ", ")))"
        return padded("  " + option.synopsis, 37) + option.help + scope
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text.count + 1 >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
