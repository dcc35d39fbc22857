// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeText

/// What a remotectl command line asks for, read by `OptionParser` and checked.
public struct Invocation: Sendable, Equatable {
    /// `-p`: the names of the players to control, in order of priority; empty for none given.
    public var playerNames: [String] = []
    /// `-i`: the names of players to leave out.
    public var ignoredNames: [String] = []
    /// `-a`.
    public var allPlayers = false
    /// `-f`: a template for the output.
    public var format: String?
    /// `-F`.
    public var follow = false
    /// `-l`.
    public var listAll = false
    /// `-s`: no "No players found" or "No player could handle this command".
    public var noMessages = false
    /// `-v`.
    public var version = false
    /// `--bus`: the one bus to use.
    public var bus: String?
    /// `--timeout`.
    public var timeout: Duration = RemoteCtl.defaultTimeout
    /// `--json`.
    public var json = false
    /// `--live`.
    public var live = false
    /// `--hold`, in seconds.
    public var hold: Double?
    /// `--count`.
    public var count: Int?
    /// `--interval`, for `send`.
    public var interval: Duration?
    /// `--position`, for `send`.
    public var position: Duration?
    /// The verb and its arguments, as given; empty when there is no verb.
    public var command: [String] = []
    /// True when help was asked for.
    public var help = false

    /// An invocation spelled out, as tests make them.
    public init(command: [String] = []) {
        self.command = command
    }

    /// A command line remotectl refuses before doing anything, with the reason.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        /// The message, without the program's name.
        public let description: String
    }

    /// Reads `arguments` (without the program's name).
    public init(arguments: [String]) throws(UsageError) {
        let parsed: OptionParser.Result
        do {
            parsed = try OptionParser.parse(arguments)
        } catch {
            throw UsageError(description: error.description)
        }
        help = parsed.help
        command = parsed.remaining
        let flags = parsed.flags
        let values = parsed.values
        allPlayers = flags.contains(CommandLineOption.allPlayers.long)
        follow = flags.contains(CommandLineOption.follow.long)
        listAll = flags.contains(CommandLineOption.listAll.long)
        noMessages = flags.contains(CommandLineOption.noMessages.long)
        version = flags.contains(CommandLineOption.version.long)
        json = flags.contains(CommandLineOption.json.long)
        live = flags.contains(CommandLineOption.live.long)
        playerNames = values[CommandLineOption.player.long].map(Self.nameList) ?? []
        ignoredNames = values[CommandLineOption.ignorePlayer.long].map(Self.nameList) ?? []
        format = values[CommandLineOption.format.long]
        bus = values[CommandLineOption.bus.long]
        if let text = values[CommandLineOption.timeout.long] {
            guard let timeout = RemoteCtl.timeout(parsing: text) else {
                throw UsageError(description: "--timeout takes seconds between 0.01 and 600, such as 3 or 0.5; got \(OutsideText.quoted(text))")
            }
            self.timeout = timeout
        }
        if let text = values[CommandLineOption.hold.long] {
            guard let seconds = Double(text), seconds.isFinite, (0...600).contains(seconds) else {
                throw UsageError(description: "--hold takes seconds from 0 to 600, such as 2 or 0.5; got \(OutsideText.quoted(text))")
            }
            hold = seconds
        }
        if let text = values[CommandLineOption.count.long] {
            guard let count = Int(text), (1...10).contains(count) else {
                throw UsageError(description: "--count takes a number of clicks from 1 to 10; got \(OutsideText.quoted(text))")
            }
            self.count = count
        }
        interval = try Self.seconds(values, CommandLineOption.interval)
        position = try Self.seconds(values, CommandLineOption.position)
        try checkScopes(values: values, flags: flags)
    }

    /// `-p a, b,,c` names a, b and c: playerctl splits at commas, drops empty pieces and trims
    /// spaces around each name.
    public static func nameList(_ option: String) -> [String] {
        option.split(separator: ",").map { piece in
            var name = Substring(piece)
            while let first = name.first, first.isWhitespace { name.removeFirst() }
            while let last = name.last, last.isWhitespace { name.removeLast() }
            return String(name)
        }.filter { !$0.isEmpty }
    }

    private static func seconds(_ values: OptionParser.Values, _ option: CommandLineOption) throws(UsageError) -> Duration? {
        guard let text = values[option.long] else { return nil }
        guard let seconds = Double(text), seconds >= 0, let duration = Duration.milliseconds(rounding: seconds) else {
            throw UsageError(description: "--\(option.long) takes seconds, 0 or more; got \(OutsideText.quoted(text))")
        }
        return duration
    }

    /// An option that belongs to some verbs only is refused with any other verb.
    private func checkScopes(values: OptionParser.Values, flags: [String]) throws(UsageError) {
        let verb = command.first ?? ""
        for option in CommandLineOption.all where !option.verbs.isEmpty && !option.verbs.contains(verb) {
            if flags.contains(option.long) || values[option.long] != nil {
                let verbs = option.verbs.count == 1 ? option.verbs[0] : option.verbs.dropLast().joined(separator: ", ") + " and " + option.verbs.last!
                throw UsageError(description: "--\(option.long) goes with \(verbs), not with \(verb.isEmpty ? "no command" : OutsideText.bareOrQuoted(verb))")
            }
        }
    }
}
