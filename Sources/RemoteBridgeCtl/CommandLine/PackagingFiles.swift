// SPDX-License-Identifier: Apache-2.0
/// Files made from the option and verb tables, for packaging: the man page and the shell
/// completions. Asked for with a first argument of their own, which no playerctl command line
/// starts with: `--generate-manual`, `--generate-completion-script bash|zsh|fish`.
struct PackagingFiles {
    /// The file's text.
    let text: String

    /// The file `arguments` ask for, or nil for an ordinary command line.
    init?(arguments: [String]) {
        switch (arguments.first, arguments.count) {
        case ("--generate-manual", 1): text = Self.manual
        case ("--generate-completion-script", 2):
            switch arguments[1] {
            case "bash": text = Self.bash
            case "zsh": text = Self.zsh
            case "fish": text = Self.fish
            default: return nil
            }
        default: return nil
        }
    }

    private static var verbs: [String] { Verb.all.map(\.name) }

    private static func roff(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("-", with: "\\-")
    }

    /// remotectl(1).
    static var manual: String {
        var page = [
            ".TH REMOTECTL 1 \"\" \"RemoteBridge \(CommandRun.version)\" \"User Commands\"",
            ".SH NAME", "remotectl \\- control MPRIS media players, like playerctl, and send remote-control events",
            ".SH SYNOPSIS", ".B remotectl", "[\\fIOPTION\\fR...] \\fICOMMAND\\fR [\\fIARGUMENT\\fR...]",
            ".SH DESCRIPTION", roff(HelpText.notes).replacing("\n  \\- ", with: "\n.IP \\(bu 2\n"),
            ".SH COMMANDS",
        ]
        for verb in Verb.all {
            page += [".TP", "\\fB\(roff(verb.name))\\fR" + (verb.arguments.isEmpty ? "" : " " + roff(verb.arguments)), roff(verb.summary) + (verb.fromPlayerctl ? "" : " (remotectl only)")]
        }
        page.append(".SH OPTIONS")
        for option in CommandLineOption.all {
            page += [".TP", "\\fB" + roff(String(option.synopsis.drop { $0 == " " })) + "\\fR",
                roff(option.help) + (option.verbs.isEmpty ? "" : " With: " + option.verbs.joined(separator: ", ") + ".") + (option.fromPlayerctl ? "" : " (remotectl only)")]
        }
        page += [".SH EXIT STATUS", "0 done; 1 no player, or none could do it, or it failed; 2 a command line remotectl cannot read.",
            ".SH SEE ALSO", "playerctl(1), remote\\-playerd(1), headsetd(1)"]
        return page.joined(separator: "\n") + "\n"
    }

    private static var optionWords: [String] {
        CommandLineOption.all.flatMap { option in ["--" + option.long] + (option.short.map { ["-\($0)"] } ?? []) }
    }

    static var bash: String {
        """
        # bash completion for remotectl
        _remotectl() {
            local current="${COMP_WORDS[COMP_CWORD]}"
            local previous="${COMP_WORDS[COMP_CWORD-1]}"
            case "$previous" in
                -p|--player|-i|--ignore-player)
                    COMPREPLY=($(compgen -W "$(remotectl -l 2>/dev/null)" -- "$current")); return ;;
            esac
            if [[ "$current" == -* ]]; then
                COMPREPLY=($(compgen -W "\(optionWords.joined(separator: " "))" -- "$current"))
            else
                COMPREPLY=($(compgen -W "\(verbs.joined(separator: " "))" -- "$current"))
            fi
        }
        complete -F _remotectl remotectl

        """
    }

    static var zsh: String {
        var lines = ["#compdef remotectl", "_remotectl() {", "  local -a commands", "  commands=("]
        lines += Verb.all.map { "    '\($0.name):\($0.summary.replacing("'", with: "'\\''").replacing(":", with: "\\:"))'" }
        lines += ["  )", "  _arguments \\"]
        for option in CommandLineOption.all {
            let help = option.help.replacing("'", with: "'\\''").replacing("[", with: "(").replacing("]", with: ")")
            let value = option.takesValue ? ":\(option.valueName!.lowercased()):" : ""
            if let short = option.short { lines.append("    '(-\(short) --\(option.long))'{-\(short),--\(option.long)}'[\(help)]\(value)' \\") }
            else { lines.append("    '--\(option.long)[\(help)]\(value)' \\") }
        }
        lines += ["    '1:command:->command' '*::argument:->argument'", "  [[ $state == command ]] && _describe 'command' commands", "}", "_remotectl \"$@\""]
        return lines.joined(separator: "\n") + "\n"
    }

    static var fish: String {
        var lines = ["# fish completion for remotectl"]
        for verb in Verb.all {
            lines.append("complete -c 'remotectl' -f -n '__fish_use_subcommand' -a '\(verb.name)' -d '\(verb.summary.replacing("'", with: "\\'"))'")
        }
        for option in CommandLineOption.all {
            let short = option.short.map { " -s \($0)" } ?? ""
            lines.append("complete -c 'remotectl'\(short) -l '\(option.long)'\(option.takesValue ? " -r" : "") -d '\(option.help.replacing("'", with: "\\'"))'")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
