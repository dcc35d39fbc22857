// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTesting
import RemoteBridgeCtl
import Testing

@Suite("remotectl")
@MainActor
struct RemoteBridgeCtlTests {
    @Test("selection: -p names NAME and NAME.<anything> in priority order, -a takes all, -i leaves out; the default prefers a playing player, then ours")
    func selection() async throws {
        let f = try await CtlFixture()
        #expect(try await PlayerSelection(names: ["other"]).resolve(on: f.connection) == ["org.mpris.MediaPlayer2.other"])
        #expect(try await PlayerSelection(all: true).resolve(on: f.connection).count == 2)
        #expect(try await PlayerSelection(all: true, ignored: ["other"]).resolve(on: f.connection) == ["org.mpris.MediaPlayer2.remotebridge"])
        #expect(try await PlayerSelection().resolve(on: f.connection) == ["org.mpris.MediaPlayer2.remotebridge"])
        f.other.player.play()
        #expect(try await PlayerSelection().resolve(on: f.connection) == ["org.mpris.MediaPlayer2.other"])
        let third = try await ServedPlayer(address: f.bus.address, name: "remotebridge")
        #expect(third.busName.hasPrefix("org.mpris.MediaPlayer2.remotebridge.instance"))
        #expect(try await PlayerSelection(names: ["remotebridge"], all: true).resolve(on: f.connection).count == 2)
        #expect(try await PlayerSelection(names: ["remotebridge", "other"], all: true).resolve(on: f.connection).last == "org.mpris.MediaPlayer2.other")
        #expect(try await PlayerSelection(names: ["%any", "remotebridge"], all: true).resolve(on: f.connection).first == "org.mpris.MediaPlayer2.other")
    }

    @Test("transport verbs act on the first player that can; none able is playerctl's message and exit 1")
    func transport() async throws {
        let f = try await CtlFixture()
        #expect(await f.command(["-p", "other", "play"]) == 0)
        #expect(f.other.player.playbackStatus == .playing)
        #expect(await f.command(["next", "-p", "other"]) == 0)
        #expect(await f.command(["next", "-p", "other"]) == 0)
        #expect(f.other.player.currentIndex == 2)
        #expect(await f.command(["next", "-p", "other"]) == 1)
        #expect(f.err.last == "No player could handle this command")
        // -p a,b: the first that can do it.
        #expect(await f.command(["next", "-p", "other,remotebridge"]) == 0)
        #expect(f.ours.player.currentIndex == 1)
        #expect(await f.command(["play", "-p", "nobody"]) == 1)
        #expect(f.err.last == "No players found")
        #expect(await f.command(["play", "-s", "-p", "nobody"]) == 1)
        #expect(f.err.last == "No players found")
        #expect(f.err.count == 2)
    }

    @Test("send goes through RemoteControl1 and prints the outcome and responder; status and list print")
    func sendStatusList() async throws {
        let f = try await CtlFixture()
        #expect(await f.command(["send", "skip-forward", "--interval", "12", "-p", "remotebridge"]) == 0)
        #expect(f.out.last == "handled by PlayerController")
        #expect(f.ours.player.position == .seconds(12))
        f.ours.player.play()  // a stopped player does not scan
        #expect(await f.command(["send", "108", "-p", "remotebridge"]) == 0)
        #expect(f.out.last == "handled by PlayerController")
        #expect(f.ours.player.scanning == .forward)
        f.ours.application.endReceivingRemoteControlEvents()
        #expect(await f.command(["send", "109", "-p", "remotebridge"]) == 0)
        #expect(f.out.last == "not-receiving")
        #expect(f.ours.player.scanning == .forward)
        f.ours.application.beginReceivingRemoteControlEvents()
        #expect(await f.command(["send", "warp", "-p", "remotebridge"]) == 2)
        #expect(await f.command(["status", "-p", "remotebridge"]) == 0)
        #expect(f.out.last == "Playing")
        #expect(await f.command(["status", "--json", "-p", "remotebridge"]) == 0)
        #expect(f.out.last == #"{"player":"remotebridge","status":"Playing"}"#)
        f.out = []
        #expect(await f.command(["list"]) == 0)
        #expect(f.out == ["  other", "* remotebridge"])
        f.out = []
        #expect(await f.command(["-l"]) == 0)
        #expect(f.out == ["other", "remotebridge"])
        f.out = []
        #expect(await f.command(["--list-all", "-p", "remotebridge,other"]) == 0)
        #expect(f.out == ["remotebridge", "other"])
    }

    @Test("the program's exit codes: 0 done, 1 no player or command, 2 a command line it cannot read")
    func exitCodes() async throws {
        let f = try await CtlFixture()
        let played = try await f.run(["play", "-p", "other"])
        #expect(played.status == 0)
        #expect(f.other.player.playbackStatus == .playing)
        let missing = try await f.run(["play", "-p", "nobody"])
        #expect(missing.status == 1)
        #expect(missing.standardError == "No players found\n")
        let unknown = try await f.run(["fly"])
        #expect(unknown.status == 1)
        #expect(unknown.standardError == "Could not execute command: Command not recognized: fly\n")
        #expect(try await f.run(["-x", "play"]).status == 2)
        #expect(try await f.run(["send", "warp"]).status == 2)
        #expect(try await f.run(["status", "-p", "other"]).output == "Playing")
        // playerctl's order, options first, and GOption's spellings work too.
        #expect(try await ExternalProcess.run(BuiltProduct.debug("remotectl"), ["-p", "other", "--bus", f.bus.address, "status"]).output == "Playing")
        #expect(try await ExternalProcess.run(BuiltProduct.debug("remotectl"), ["--player=other", "--bus=\(f.bus.address)", "status"]).output == "Playing")
    }
}
