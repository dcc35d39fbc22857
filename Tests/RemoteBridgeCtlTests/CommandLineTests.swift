// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting
@testable import RemoteBridgeCtl
import Testing

/// remotectl reads command lines as playerctl's GOption does.
@Suite("remotectl command line")
struct CommandLineTests {
    typealias Parsed = OptionParser.Result

    @Test("options anywhere, --name=value, -pNAME groups, last value wins, -- and -")
    func goptionRules() throws {
        var expected = Parsed(values: ["player": "vlc"], flags: ["follow"], remaining: ["status"])
        #expect(try OptionParser.parse(["-p", "vlc", "status", "-F"]) == expected)
        #expect(try OptionParser.parse(["status", "--player=vlc", "--follow"]) == expected)
        #expect(try OptionParser.parse(["-Fp", "vlc", "status"]) == expected)
        expected.values["player"] = "b"
        #expect(try OptionParser.parse(["-p", "a", "status", "--player", "b", "-F"]) == expected)
        // A value is taken whatever it looks like.
        #expect(try OptionParser.parse(["-p", "-a", "play"]) == Parsed(values: ["player": "-a"], remaining: ["play"]))
        #expect(try OptionParser.parse(["position", "--", "-5"]) == Parsed(remaining: ["position", "-5"]))
        #expect(try OptionParser.parse(["open", "-"]) == Parsed(remaining: ["open", "-"]))
        #expect(try OptionParser.parse(["-h", "-x"]).help)
        #expect(try OptionParser.parse(["play", "--help-all"]).help)
    }

    @Test("GOption's messages", arguments: [
        (["-x"], "Unknown option -x"), (["--nope"], "Unknown option --nope"), (["-ax"], "Unknown option -ax"),
        (["play", "-p"], "Missing argument for -p"), (["play", "--player"], "Missing argument for --player"),
        (["-pi", "a", "b"], "Error parsing option -i"),
    ])
    func errors(arguments: [String], message: String) {
        #expect(throws: OptionParser.Error(description: message)) { try OptionParser.parse(arguments) }
    }

    @Test("-p and -i lists: split at commas, trimmed, empty pieces dropped; options that belong to other verbs refused")
    func invocation() throws {
        #expect(Invocation.nameList(" a , b,,c ") == ["a", "b", "c"])
        let invocation = try Invocation(arguments: ["-i", "x,y", "send", "103", "--interval", "2.5"])
        #expect(invocation.ignoredNames == ["x", "y"])
        #expect(invocation.interval == .milliseconds(2500))
        #expect(throws: Invocation.UsageError.self) { try Invocation(arguments: ["play", "--hold", "2"]) }
        #expect(throws: Invocation.UsageError.self) { try Invocation(arguments: ["click", "--count", "11"]) }
        #expect(throws: Invocation.UsageError.self) { try Invocation(arguments: ["play", "--timeout", "soon"]) }
    }

    @Test("player names: NAME names NAME and NAME.<anything>; -p orders by priority, %any at its place, ties keep their order")
    func playerNames() {
        #expect(PlayerName.pattern("vlc", names: "vlc"))
        #expect(PlayerName.pattern("vlc", names: "vlc.instance42"))
        #expect(PlayerName.pattern("kdeconnect", names: "kdeconnect.mpris_000001"))
        #expect(!PlayerName.pattern("vlc", names: "vlcx"))
        #expect(!PlayerName.pattern("vlc.i", names: "vlc"))
        #expect(PlayerName.pattern("%any", names: "mpv"))
        #expect(PlayerName(instance: "vlc.instance42", source: .session).name == "vlc")
        let names = ["a", "b", "c.1", "c.2", "d"].map { PlayerName(instance: $0, source: .session) }
        func order(_ priorities: [String]) -> [String] { PlayerName.ordered(names, by: priorities).map(\.instance) }
        #expect(order([]) == ["a", "b", "c.1", "c.2", "d"])
        #expect(order(["c", "a"]) == ["c.1", "c.2", "a", "b", "d"])
        #expect(order(["%any", "a"]) == ["b", "c.1", "c.2", "d", "a"])
        #expect(order(["d", "%any", "b"]) == ["d", "a", "c.1", "c.2", "b"])
    }

    @Test("open: a file that exists becomes its file URI, escaped as GLib escapes; anything else goes as given")
    func openArgument() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("open-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = FileManager.default.createFile(atPath: directory.path + "/a b(1)&é.flac", contents: Data())
        #expect(OpenArgument.uri(for: "a b(1)&é.flac", in: directory.path) == "file://\(directory.path)/a%20b(1)&%C3%A9.flac")
        #expect(OpenArgument.uri(for: "./x/../a b(1)&é.flac", in: directory.path) == "file://\(directory.path)/a%20b(1)&%C3%A9.flac")
        #expect(OpenArgument.uri(for: "missing.flac", in: directory.path) == "missing.flac")
        #expect(OpenArgument.uri(for: "https://example.com/a b", in: directory.path) == "https://example.com/a b")
    }

    @Test("playerctl's own --help names no option or command remotectl lacks (the reference, not our memory)")
    func playerctlSurface() async throws {
        let help = try await ExternalProcess.run("playerctl", ["--help"]).standardOutput
        let optionLines = help.split(separator: "\n").filter { $0.hasPrefix("  -") && !$0.contains("--help") }
        #expect(optionLines.count == 8)
        for line in optionLines {
            let words = line.split(separator: " ")
            let short = words[0].dropFirst().first
            let long = words[1].dropFirst(2).split(separator: "=").first.map(String.init) ?? ""
            let option = CommandLineOption.all.first { $0.long == long }
            #expect(option?.short == short && option?.fromPlayerctl == true, "\(line)")
        }
        let commands = help.components(separatedBy: "Available Commands:\n").last?.split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.compactMap { $0.split(separator: " ").first.map(String.init) } ?? []
        #expect(commands.count == 13)
        for command in commands {
            #expect(Verb.named(command)?.fromPlayerctl == true, "\(command)")
        }
        #expect(Verb.all.filter(\.fromPlayerctl).count == commands.count)
    }
}
