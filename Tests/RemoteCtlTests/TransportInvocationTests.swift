import RemoteBridgeTesting
import RemoteCtl
import Testing

@testable import remotectl

/// The shortcut must read every command it accepts exactly as argument-parser does, and leave
/// the rest to it.
@Suite("remotectl transport shortcut")
struct TransportInvocationTests {
    @Test("plain transport commands are read without argument-parser", arguments: [
        (["play"], TransportInvocation(verb: .play)),
        (["play-pause", "-p", "vlc,mpv"], TransportInvocation(verb: .playPause, names: ["vlc", "mpv"])),
        (["-p", "vlc", "next"], TransportInvocation(verb: .next, names: ["vlc"])),
        (["--player", "play", "pause"], TransportInvocation(verb: .pause, names: ["play"])),
        (["-a", "-i", "mpv", "stop", "--ignore-player", "vlc"], TransportInvocation(verb: .stop, allPlayers: true, ignored: ["mpv", "vlc"])),
        (["previous", "--bus", "unix:path=/run/x", "--all-players"], TransportInvocation(verb: .previous, allPlayers: true, bus: "unix:path=/run/x")),
        (["-p", "a,,b", "play"], TransportInvocation(verb: .play, names: ["a", "b"])),
        (["--timeout", "0.5", "play"], TransportInvocation(verb: .play, timeout: .milliseconds(500))),
        (["stop", "--timeout", "10"], TransportInvocation(verb: .stop, timeout: .seconds(10))),
    ])
    func accepted(arguments: [String], expected: TransportInvocation) throws {
        #expect(TransportInvocation(arguments: arguments) == expected)
        #expect(try fullParser(arguments) == expected)
    }

    @Test("anything else is left to argument-parser", arguments: [
        [], ["--help"], ["play", "--help"], ["-h"], ["status"], ["volume", "0.5"], ["play", "pause"], ["play", "extra"],
        ["play", "-p"], ["play", "-p", "-a"], ["play", "-p", ""], ["play", "-p", "a", "-p", "b"], ["play", "-a", "-a"],
        ["play", "--bus", "x", "--bus", "y"], ["play", "--player=vlc"], ["play", "-pvlc"], ["play", "--"], ["play", "-ai", "x"],
        ["PLAY"], ["play", "--json"], ["play", "--timeout", "0"], ["play", "--timeout", "x"], ["play", "--timeout", "1", "--timeout", "2"], ["--generate-completion-script", "bash"], ["--version"],
    ])
    func declined(arguments: [String]) {
        #expect(TransportInvocation(arguments: arguments) == nil)
    }

    /// What argument-parser makes of `arguments`, in the same terms.
    func fullParser(_ arguments: [String]) throws -> TransportInvocation? {
        let command = try Remotectl.parseAsRoot(PlayerctlArgumentOrder.normalized(arguments))
        guard let transport = command as? any TransportCommand else { return nil }
        let options = transport.options
        return TransportInvocation(
            verb: type(of: transport).verb, names: options.player.map(TransportInvocation.playerNames) ?? [],
            allPlayers: options.allPlayers, ignored: options.ignorePlayer, bus: options.bus, timeout: options.timeout)
    }
}

@Suite("remotectl unknown commands")
struct VerbSuggestionTests {
    static let verbs = ["play", "pause", "play-pause", "stop", "next", "previous", "status", "metadata"]

    @Test("a mistyped verb gets the closest one", arguments: [
        ("plya", "play"), ("pasue", "pause"), ("stauts", "status"), ("NEXT", "next"), ("prev", "previous"), ("meta", "metadata"),
    ])
    func closest(typed: String, expected: String) {
        #expect(VerbSuggestion.closest(to: typed, among: Self.verbs) == expected)
    }

    @Test("nothing close, no suggestion; known verbs and options are not unknown verbs")
    func noSuggestion() {
        #expect(VerbSuggestion.closest(to: "xyzzy", among: Self.verbs) == nil)
        #expect(VerbSuggestion.unknownVerb(in: ["-p", "vlc", "plya"], verbs: Self.verbs) == "plya")
        #expect(VerbSuggestion.unknownVerb(in: ["play", "extra"], verbs: Self.verbs) == nil)
        #expect(VerbSuggestion.unknownVerb(in: ["--frob"], verbs: Self.verbs) == nil)
    }

    @Test("the program says which command is unknown, suggests one, and exits 2")
    func programMessage() async throws {
        let result = try await ExternalProcess.run(BuiltProduct.debug("remotectl"), ["-p", "vlc", "plya"])
        #expect(result.status == 2)
        #expect(result.standardError == "remotectl: unknown command \"plya\". Did you mean 'play'? 'remotectl --help' lists them all.\n")
    }
}
