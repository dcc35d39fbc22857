// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeCore
import RemoteBridgeDBus
import RemoteBridgeText

/// remotectl's `main`, as a library so tests can run it in-process: reads the command line and
/// runs it, as playerctl 2.4.1 runs the same command line, plus remotectl's own commands.
///
/// Exit status: 0 done; 1 no player, no player could do it, or it failed; 2 a command line
/// remotectl does not take (playerctl prints such errors and exits 0).
@MainActor
public struct CommandRun {
    /// What the command line asks for.
    public let invocation: Invocation
    /// Where normal output goes, as it is (newlines included).
    public var output: (String) -> Void = { StandardStream.output.write($0) }
    /// Where messages go, a line at a time.
    public var errors: (String) -> Void = { StandardStream.error.write($0 + "\n") }
    /// Whether stdout is a terminal (text from players is then made safe to show).
    public var outputIsTerminal = StandardStream.output.isTerminal
    /// Returns when a `--follow` or `monitor` should stop; Ctrl-C by default.
    public var interrupted: @MainActor () async -> Void = { await Interruption().wait() }
    /// The working directory, for `open` with a relative path.
    public var directory: String = {
        guard let path = getcwd(nil, 0) else { return "." }
        defer { free(path) }
        return String(cString: path)
    }()

    /// The program's version, printed by `-v` in playerctl's shape: the release's.
    public nonisolated static let version = RemoteBridgeRelease.version

    /// A run of `invocation`.
    public init(invocation: Invocation) {
        self.invocation = invocation
    }

    /// Reads `arguments` (without the program's name), runs them, and returns the exit status.
    public static func main(arguments: [String]) async -> Int32 {
        if let generated = PackagingFiles(arguments: arguments) {
            StandardStream.output.write(generated.text)
            return 0
        }
        let invocation: Invocation
        do throws(Invocation.UsageError) {
            invocation = try Invocation(arguments: arguments)
        } catch {
            StandardStream.error.write("remotectl: \(error.description). 'remotectl --help' lists the commands and options.\n")
            return 2
        }
        if let status = QuickTransport.run(invocation, errors: { StandardStream.error.write($0 + "\n") }) { return status }
        return await CommandRun(invocation: invocation).run()
    }

    /// Runs the invocation; returns the exit status.
    public func run() async -> Int32 {
        if invocation.help {
            output(HelpText.text)
            return 0
        }
        if invocation.version {
            output("v\(Self.version)\n")
            return 0
        }
        if invocation.listAll { return await listAll() }
        guard let word = invocation.command.first else {
            // playerctl prints its help and fails when there is nothing to do.
            output(HelpText.text)
            return 1
        }
        guard let verb = Verb.named(word) else {
            errors("Could not execute command: Command not recognized: \(word)")
            if StandardStream.error.isTerminal, let hint = VerbSuggestion.closest(to: word, among: Verb.all.map(\.name)) {
                errors("remotectl: did you mean '\(hint)'? 'remotectl --help' lists the commands.")
            }
            return 1
        }
        if invocation.format != nil, !verb.takesFormat {
            errors("Could not execute command: format strings are not supported on command: \(word)")
            return 1
        }
        if invocation.follow, verb.followed == nil {
            errors("Could not execute command: follow is not supported on command: \(word)")
            return 1
        }
        var template: Template?
        if let format = invocation.format {
            do throws(Template.Error) {
                template = try Template(format)
            } catch {
                errors("Could not execute command: \(error.description)")
                return 1
            }
        }
        // The doctor connects by itself: a bus it cannot reach is one of its findings.
        if verb.name == "doctor" { return await DoctorRun(run: self).run() }
        let buses: PlayerBuses
        do throws(DBusError) {
            buses = try await PlayerBuses.connect(bus: invocation.bus, timeout: invocation.timeout)
        } catch {
            errors("Could not connect to players: \(error.message)")
            return 1
        }
        guard verb.fromPlayerctl, !invocation.live else { return await RemoteCtlVerbs(run: self, buses: buses).run(verb) }
        var command = PlayerctlCommand(
            verb: verb, arguments: Array(invocation.command.dropFirst()), template: template, json: invocation.json, directory: directory)
        command.notice = { [self] message in diagnostic(message) }
        if invocation.follow {
            command.asksQueueLoading = false
            return await FollowRun(run: self, buses: buses, command: command).run()
        }
        return await once(command, on: buses)
    }

    /// The players the command line selects.
    var selection: PlayerSelection {
        PlayerSelection(names: invocation.playerNames, all: invocation.allPlayers, ignored: invocation.ignoredNames)
    }

    /// A diagnostic, unless `-s`.
    func diagnostic(_ message: String) {
        if !invocation.noMessages { errors(message) }
    }

    /// Text from a player, as it may be printed: made safe when output is a terminal.
    func printable(_ text: String) -> String {
        guard outputIsTerminal else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.safe(String($0)) }.joined(separator: "\n")
    }

    /// `-l`: the selected players' names, in priority order.
    private func listAll() async -> Int32 {
        do throws(DBusError) {
            let buses = try await PlayerBuses.connect(bus: invocation.bus, timeout: invocation.timeout)
            let names = PlayerName.ordered(try await buses.playerNames(), by: invocation.playerNames).filter { selection.selects($0.instance) }
            for name in names { output(printable(name.instance) + "\n") }
            if names.isEmpty { diagnostic("No players found") }
            return 0
        } catch {
            errors(error.message)
            return 1
        }
    }

    /// A command run once: on the first player that handles it, or on every one with `-a`.
    private func once(_ command: PlayerctlCommand, on buses: PlayerBuses) async -> Int32 {
        let players: [PlayerName]
        do throws(DBusError) {
            players = try await selection.candidates(on: buses)
        } catch {
            errors("Could not connect to players: \(error.message)")
            return 1
        }
        var handled = false
        for name in players {
            let player: CachedPlayer
            do throws(DBusError) {
                player = try await CachedPlayer(name: name, connection: buses.connection(for: name.source))
            } catch {
                diagnostic(notAnswering(name, error))
                continue
            }
            do throws(PlayerctlCommand.Failure) {
                guard case .handled(let text) = try await command.run(on: player) else { continue }
                handled = true
                if let text { output(printable(text)) }
                if !invocation.allPlayers { return 0 }
            } catch {
                errors("Could not execute command: \(error.message)")
                return 1
            }
        }
        if players.isEmpty {
            if let status = await resumeWithNoPlayer(command.verb.name, on: buses) { return status }
            diagnostic("No players found")
            return 1
        }
        if !handled {
            diagnostic("No player could handle this command")
            return 1
        }
        return 0
    }

    /// A player that did not answer, named (playerctl would wait `RemoteCtl.playerctlTimeout` and go on silently).
    func notAnswering(_ name: PlayerName, _ error: DBusError) -> String {
        guard error.isTimeout else { return "remotectl: \(name.instance): \(error.message)" }
        return RemoteCtl.unanswered(name.instance, within: invocation.timeout) + "; skipped"
    }
}
