import ArgumentParser
import Glibc
import RemoteBridgeDBus
import RemoteCtl
import RemoteBridgeText

@main
struct Remotectl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remotectl",
        abstract: "Controls MPRIS players and sends remote-control events, like playerctl and more.",
        discussion: """
            Without -p or -a, remotectl talks to the now-playing player: headsetd's target if \
            headsetd runs, else a playing player, else a RemoteBridge player, else the first that \
            can play. Exit status: 0 success, 1 no player or the command failed, 2 usage error.
            """,
        subcommands: [
            Play.self, Pause.self, PlayPause.self, Stop.self, Next.self, Previous.self, Position.self, Volume.self, Loop.self,
            Shuffle.self, Open.self, Status.self, List.self, Send.self, SeekForward.self, SeekBackward.self, Click.self, Headset.self, Monitor.self,
            Metadata.self,
        ])

    /// A transport verb with player options skips argument-parser (see `TransportInvocation`).
    /// ArgumentParser exits 64 on a usage error; remotectl promises 2, as playerctl users expect.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let invocation = TransportInvocation(arguments: arguments) {
            guard let ctl = await controller(bus: invocation.bus, selection: invocation.selection, timeout: invocation.timeout) else {
                Glibc.exit(1)
            }
            Glibc.exit(await ctl.transport(invocation.verb))
        }
        do {
            var command = try parseAsRoot(PlayerctlArgumentOrder.normalized(arguments))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure || code.rawValue == 64 {
                let verbs = configuration.subcommands.map { $0._commandName }
                if let unknown = VerbSuggestion.unknownVerb(in: arguments, verbs: verbs) {
                    let hint = VerbSuggestion.closest(to: unknown, among: verbs).map { " Did you mean '\($0)'?" } ?? ""
                    StandardStream.error.write("remotectl: unknown command \(OutsideText.quoted(unknown)).\(hint) 'remotectl --help' lists them all.\n")
                } else {
                    StandardStream.error.write(fullMessage(for: error) + "\n")
                }
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }

    /// A controller on the bus at `bus` (the session bus when nil), or nil after saying why not.
    @MainActor
    static func controller(bus: String?, selection: PlayerSelection, timeout: Duration) async -> RemoteCtl? {
        do {
            let connection = try await DBusConnection.connect(to: bus)
            connection.callTimeout = timeout
            var ctl = RemoteCtl(connection: connection, selection: selection)
            ctl.outputIsTerminal = StandardStream.output.isTerminal
            return ctl
        } catch {
            StandardStream.error.write("remotectl: \(error.message)\n")
            return nil
        }
    }
}
