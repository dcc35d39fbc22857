/// The command remotectl runs most often, a transport verb with player options
/// (`remotectl -p vlc play-pause`), read without argument-parser.
///
/// argument-parser finds a command's options by reflection, and each reflective cast scans every
/// protocol conformance in the process: about 6 ms on every run, four times what the D-Bus work
/// costs. A media key bound to `remotectl play-pause` pays that on every press, so this shortcut
/// takes the plain case and leaves everything else to argument-parser.
///
/// It accepts only what argument-parser reads the same way: one transport verb, each player
/// option at most once (`-i` may repeat), values that do not start with `-`. Anything else —
/// help, a repeated or glued option, `--`, a second positional — is `nil`, and argument-parser
/// decides, with its own messages. A test checks both parsers agree on what this accepts.
public struct TransportInvocation: Equatable, Sendable {
    /// The transport verb.
    public var verb: RemoteCtl.Transport
    /// `-p NAME[,NAME…]`, split at commas.
    public var names: [String] = []
    /// `-a`.
    public var allPlayers = false
    /// `-i NAME`, in order.
    public var ignored: [String] = []
    /// `--bus ADDRESS`.
    public var bus: String?
    /// `--timeout SECONDS`: how long to wait for each player's answer.
    public var timeout: Duration = RemoteCtl.defaultTimeout

    /// An invocation spelled out, as tests compare them.
    public init(
        verb: RemoteCtl.Transport, names: [String] = [], allPlayers: Bool = false, ignored: [String] = [], bus: String? = nil,
        timeout: Duration = RemoteCtl.defaultTimeout
    ) {
        self.verb = verb
        self.names = names
        self.allPlayers = allPlayers
        self.ignored = ignored
        self.bus = bus
        self.timeout = timeout
    }

    /// The invocation `arguments` (without the program name) spell, or nil when argument-parser
    /// should read them.
    public init?(arguments: [String]) {
        var verb: RemoteCtl.Transport?
        var player: String?
        var allPlayers = false
        var ignored: [String] = []
        var bus: String?
        var timeout: Duration?
        var index = 0
        func value() -> String? {
            index += 1
            guard index < arguments.count else { return nil }
            let value = arguments[index]
            return value.isEmpty || value.hasPrefix("-") ? nil : value
        }
        while index < arguments.count {
            switch arguments[index] {
            case "-p", "--player":
                guard player == nil, let name = value() else { return nil }
                player = name
            case "-i", "--ignore-player":
                guard let name = value() else { return nil }
                ignored.append(name)
            case "--bus":
                guard bus == nil, let address = value() else { return nil }
                bus = address
            case "--timeout":
                guard timeout == nil, let text = value(), let seconds = RemoteCtl.timeout(parsing: text) else { return nil }
                timeout = seconds
            case "-a", "--all-players":
                guard !allPlayers else { return nil }
                allPlayers = true
            case let word:
                guard verb == nil, let transport = RemoteCtl.Transport(rawValue: word) else { return nil }
                verb = transport
            }
            index += 1
        }
        guard let verb else { return nil }
        self.init(
            verb: verb, names: player.map(Self.playerNames) ?? [], allPlayers: allPlayers, ignored: ignored, bus: bus,
            timeout: timeout ?? RemoteCtl.defaultTimeout)
    }

    /// `-p a,b` names two players; empty pieces (`a,,b`) are dropped, as the full parser does.
    public static func playerNames(_ option: String) -> [String] {
        option.split(separator: ",").map(String.init)
    }

    /// The players this invocation names.
    @MainActor public var selection: PlayerSelection {
        PlayerSelection(names: names, all: allPlayers, ignored: ignored)
    }
}
