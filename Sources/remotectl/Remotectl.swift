import DurationConversions
import ArgumentParser
import RemoteBridgeDBus
import Dispatch
import Glibc
import RemoteCtl

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
                throw ValidationError("--timeout takes seconds between 0.01 and 600, such as 3 or 0.5; got '\(text)'")
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
                    StandardStream.error.write("remotectl: unknown command '\(unknown)'.\(hint) 'remotectl --help' lists them all.\n")
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

extension Remotectl {
    struct Play: TransportCommand {
        static let configuration = CommandConfiguration(abstract: "Starts or resumes playback.")
        static let verb = RemoteCtl.Transport.play
        @OptionGroup var options: PlayerOptions
    }

    struct Pause: TransportCommand {
        static let configuration = CommandConfiguration(abstract: "Pauses.")
        static let verb = RemoteCtl.Transport.pause
        @OptionGroup var options: PlayerOptions
    }

    struct PlayPause: TransportCommand {
        static let configuration = CommandConfiguration(commandName: "play-pause", abstract: "Toggles between playing and paused.")
        static let verb = RemoteCtl.Transport.playPause
        @OptionGroup var options: PlayerOptions
    }

    struct Stop: TransportCommand {
        static let configuration = CommandConfiguration(abstract: "Stops, keeping the queue.")
        static let verb = RemoteCtl.Transport.stop
        @OptionGroup var options: PlayerOptions
    }

    struct Next: TransportCommand {
        static let configuration = CommandConfiguration(abstract: "Goes to the next track.")
        static let verb = RemoteCtl.Transport.next
        @OptionGroup var options: PlayerOptions
    }

    struct Previous: TransportCommand {
        static let configuration = CommandConfiguration(abstract: "Goes to the previous track, or restarts this one.")
        static let verb = RemoteCtl.Transport.previous
        @OptionGroup var options: PlayerOptions
    }

    struct Position: SettingCommand {
        static let configuration = CommandConfiguration(abstract: "Prints the position, or jumps to SECONDS, or moves by SECONDS+ / SECONDS-.")
        @OptionGroup var options: PlayerOptions
        @Argument(help: "SECONDS, SECONDS+ or SECONDS-.") var value: String?
        @Flag(help: "Print the value as JSON (when reading it).") var json = false
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.position(value, json: json) }
    }

    struct Volume: SettingCommand {
        static let configuration = CommandConfiguration(abstract: "Prints the volume, or sets LEVEL, LEVEL+ or LEVEL- (1.0 is 100%).")
        @OptionGroup var options: PlayerOptions
        @Argument(help: "LEVEL, LEVEL+ or LEVEL-.") var value: String?
        @Flag(help: "Print the value as JSON (when reading it).") var json = false
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.volume(value, json: json) }
    }

    struct Loop: SettingCommand {
        static let configuration = CommandConfiguration(abstract: "Prints or sets the loop mode: none, track or playlist.")
        @OptionGroup var options: PlayerOptions
        @Argument(help: "none, track or playlist.") var value: String?
        @Flag(help: "Print the value as JSON (when reading it).") var json = false
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.loop(value, json: json) }
    }

    struct Shuffle: SettingCommand {
        static let configuration = CommandConfiguration(abstract: "Prints shuffle, or sets it: on, off or toggle.")
        @OptionGroup var options: PlayerOptions
        @Argument(help: "on, off or toggle.") var value: String?
        @Flag(help: "Print the value as JSON (when reading it).") var json = false
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.shuffle(value, json: json) }
    }

    struct Open: SettingCommand {
        static let configuration = CommandConfiguration(abstract: "Opens a URI in the player.")
        @OptionGroup var options: PlayerOptions
        @Argument(help: "The URI, such as file:///music/song.flac.") var uri: String
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.open(uri) }
    }

    struct SeekForward: SettingCommand {
        static let configuration = CommandConfiguration(commandName: "seek-forward", abstract: "Scans forward while 'held' for --hold seconds.")
        @OptionGroup var options: PlayerOptions
        @Option(help: ArgumentHelp("How long to hold, in seconds.", valueName: "seconds")) var hold: Double = 2
        func act(_ ctl: RemoteCtl) async -> Int32 {
            guard hold.isFinite, (0...600).contains(hold) else { return 2 }
            return await ctl.scan(forward: true, hold: .milliseconds(rounding: hold) ?? .zero)
        }
    }

    struct SeekBackward: SettingCommand {
        static let configuration = CommandConfiguration(commandName: "seek-backward", abstract: "Scans backward while 'held' for --hold seconds.")
        @OptionGroup var options: PlayerOptions
        @Option(help: ArgumentHelp("How long to hold, in seconds.", valueName: "seconds")) var hold: Double = 2
        func act(_ ctl: RemoteCtl) async -> Int32 {
            guard hold.isFinite, (0...600).contains(hold) else { return 2 }
            return await ctl.scan(forward: false, hold: .milliseconds(rounding: hold) ?? .zero)
        }
    }

    struct Click: SettingCommand {
        static let configuration = CommandConfiguration(abstract: "Clicks the headset button through headsetd: --count clicks, the last held --hold seconds.")
        @OptionGroup var options: PlayerOptions
        @Option(help: "How many clicks (1 to 10).") var count = 1
        @Option(help: ArgumentHelp("Hold the last press this long, in seconds.", valueName: "seconds")) var hold: Double = 0
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.click(count: count, hold: hold) }
    }

    struct Headset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Asks headsetd what it does.", subcommands: [HeadsetStatus.self], defaultSubcommand: HeadsetStatus.self)
    }

    struct HeadsetStatus: SettingCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Shows the devices headsetd reads, the player a press goes to and why, the gestures, and the unplug and Bluetooth settings.")
        @OptionGroup var options: PlayerOptions
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.headsetStatus() }
    }

    struct Monitor: SettingCommand {
        static let configuration = CommandConfiguration(
            abstract: "Prints EventDelivered, PropertiesChanged and Seeked as they happen, one line each, until interrupted.")
        @OptionGroup var options: PlayerOptions
        @Flag(help: "One JSON object per line.") var json = false
        func act(_ ctl: RemoteCtl) async -> Int32 {
            var line = ctl
            line.output = { text in
                // Unbuffered, so a pipe sees each line as it happens.
                StandardStream.output.write(text + "\n")
            }
            // Runs until interrupted; Ctrl-C ends it with exit 0.
            let interruption = Interruption()
            return await line.monitor(json: json) { await interruption.wait() }
        }
    }

    struct Metadata: SettingCommand {
        static let configuration = CommandConfiguration(
            abstract: "Prints the metadata, chosen KEYs, or a --format template.",
            discussion: """
                Templates are playerctl's: {{title}}, {{xesam:album}}, {{lc(artist)}}, {{uc(title)}},                 {{duration(position)}}, {{default(album, "none")}}, {{trunc(title, 20)}}, {{emoji(status)}}.                 Shortcuts: artist, album, title, playerName, status, volume, position.
                """)
        @OptionGroup var options: PlayerOptions
        @Argument(help: "Metadata keys or shortcuts to print.") var keys: [String] = []
        @Option(help: ArgumentHelp("A template.", valueName: "template")) var format: String?
        @Flag(help: "One JSON object per player.") var json = false
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.metadata(keys: keys, format: format, json: json) }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Prints the playback status; --follow keeps a live status line.")
        @OptionGroup var options: PlayerOptions
        @Flag(help: "One JSON object per line.") var json = false
        @Flag(help: "Keep following: a live line with a progress bar on a terminal, a line per change otherwise.") var follow = false

        @MainActor
        func run() async throws {
            let ctl = try await options.controller()
            if follow {
                var live = ctl
                let tty = StandardStream.output.isTerminal
                live.output = { text in StandardStream.output.write(text + (tty ? "" : "\n")) }
                let interruption = Interruption()
                let status = await live.follow(tty: tty) { await interruption.wait() }
                if status != 0 { throw ExitCode(status) }
                return
            }
            let status = await ctl.status(json: json)
            if status != 0 { throw ExitCode(status) }
        }
    }

}

/// SIGINT and SIGTERM, caught from the moment this is made (so a Ctrl-C that comes before
/// anything waits for it still ends the command cleanly, exit 0, rather than killing it).
@MainActor
final class Interruption {
    private let signals: AsyncStream<Void>
    private var sources: [any DispatchSourceSignal] = []

    init() {
        let (signals, arrived) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.signals = signals
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { arrived.yield() }
            source.resume()
            sources.append(source)
        }
    }

    /// Returns once either signal has arrived.
    func wait() async {
        for await _ in signals { break }
        for source in sources { source.cancel() }
    }
}

extension Remotectl {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Lists the players; * marks the now-playing one.")
        @OptionGroup var options: PlayerOptions
        @Flag(help: "One JSON object per line.") var json = false

        @MainActor
        func run() async throws {
            let status = try await options.controller().list(json: json)
            if status != 0 { throw ExitCode(status) }
        }
    }

    struct Send: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Sends any remote-control subtype, by name or number.")
        @OptionGroup var options: PlayerOptions
        @Argument(help: "A subtype: toggle-play-pause, 103, skip-forward, …") var subtype: String
        @Option(help: ArgumentHelp("Seconds, for skip-forward and skip-backward.", valueName: "seconds")) var interval: Double?
        @Option(help: ArgumentHelp("Seconds, for change-playback-position.", valueName: "seconds")) var position: Double?

        @MainActor
        func run() async throws {
            func duration(_ seconds: Double?) throws -> Duration? {
                guard let seconds else { return nil }
                guard seconds >= 0, let duration = Duration.milliseconds(rounding: seconds) else {
                    throw ValidationError("seconds must be a number, 0 or more")
                }
                return duration
            }
            let status = try await options.controller().send(subtype, interval: try duration(interval), position: try duration(position))
            if status == 2 { throw ValidationError("unknown subtype \(subtype.debugDescription)") }
            if status != 0 { throw ExitCode(status) }
        }
    }
}

/// A transport subcommand: it only needs to name its verb.
protocol TransportCommand: AsyncParsableCommand {
    static var verb: RemoteCtl.Transport { get }
    var options: PlayerOptions { get }
}

extension TransportCommand {
    @MainActor
    func run() async throws {
        let status = try await options.controller().transport(Self.verb)
        if status != 0 { throw ExitCode(status) }
    }
}

/// A settings subcommand: it runs one RemoteCtl function and exits with its status.
protocol SettingCommand: AsyncParsableCommand {
    var options: PlayerOptions { get }
    @MainActor func act(_ ctl: RemoteCtl) async -> Int32
}

extension SettingCommand {
    @MainActor
    func run() async throws {
        let status = await act(try await options.controller())
        if status == 2 { throw ExitCode(2) }
        if status != 0 { throw ExitCode(status) }
    }
}
