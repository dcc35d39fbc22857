import ArgumentParser
import RemoteCtl
import RemoteBridgeText

/// The options every subcommand takes.
struct PlayerOptions: ParsableArguments {
    @Option(name: [.short, .customLong("player")], help: ArgumentHelp("Players to control: NAME matches NAME and NAME.instance*.", valueName: "name[,name...]"))
    var player: String?

    @Flag(name: [.short, .customLong("all-players")], help: "Control every player.")
    var allPlayers = false

    @Option(name: [.short, .customLong("ignore-player")], help: ArgumentHelp("Leave this player out (repeatable).", valueName: "name"))
    var ignorePlayer: [String] = []

    @Option(name: .customLong("bus"), help: ArgumentHelp("The D-Bus address to use instead of the session bus.", valueName: "address"))
    var bus: String?

    @Option(
        name: .customLong("timeout"),
        help: ArgumentHelp("How long to wait for a player's answer before naming it as not answering (frozen).", valueName: "seconds"),
        transform: { text in
            guard let timeout = RemoteCtl.timeout(parsing: text) else {
                throw ValidationError("--timeout takes seconds between 0.01 and 600, such as 3 or 0.5; got \(OutsideText.quoted(text))")
            }
            return timeout
        })
    var timeout: Duration = RemoteCtl.defaultTimeout

    @MainActor
    func controller() async throws -> RemoteCtl {
        let names = player.map(TransportInvocation.playerNames) ?? []
        guard
            let ctl = await Remotectl.controller(
                bus: bus, selection: PlayerSelection(names: names, all: allPlayers, ignored: ignorePlayer), timeout: timeout)
        else {
            throw ExitCode.failure
        }
        return ctl
    }
}
