import RemoteBridgeTesting
import RemoteCtl
import Testing

@Suite("remotectl")
@MainActor
struct RemoteCtlTests {
    @Test("selection: -p matches name and name.instance*, -a takes all, -i leaves out; the default prefers a playing player, then ours")
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
        #expect(try await PlayerSelection(names: ["remotebridge"]).resolve(on: f.connection).count == 2)
    }

    @Test("transport verbs act on the chosen player; a verb it cannot do fails with a message")
    func transport() async throws {
        let f = try await CtlFixture()
        let ctl = f.ctl(PlayerSelection(names: ["other"]))
        #expect(await ctl.transport(.play) == 0)
        #expect(f.other.player.playbackStatus == .playing)
        #expect(await ctl.transport(.next) == 0)
        #expect(await ctl.transport(.next) == 0)
        #expect(f.other.player.currentIndex == 2)
        #expect(await ctl.transport(.next) == 1)
        #expect(f.err.last?.contains("cannot next now (CanGoNext is false)") == true)
        #expect(await f.ctl(PlayerSelection(names: ["nobody"])).transport(.play) == 1)
        #expect(f.err.last?.contains("no player found matching nobody") == true)
    }

    @Test("send goes through RemoteControl1 and prints the outcome and responder; status and list print")
    func sendStatusList() async throws {
        let f = try await CtlFixture()
        let ctl = f.ctl(PlayerSelection(names: ["remotebridge"]))
        #expect(await ctl.send("skip-forward", interval: .seconds(12), position: nil) == 0)
        #expect(f.out.last == "handled by PlayerController")
        #expect(f.ours.player.position == .seconds(12))
        #expect(await ctl.send("108", interval: nil, position: nil) == 0)
        #expect(f.out.last == "handled by PlayerController")
        #expect(f.ours.player.scanning == .forward)
        f.ours.application.endReceivingRemoteControlEvents()
        #expect(await ctl.send("109", interval: nil, position: nil) == 0)
        #expect(f.out.last == "not-receiving")
        #expect(f.ours.player.scanning == .forward)
        f.ours.application.beginReceivingRemoteControlEvents()
        #expect(await ctl.send("warp", interval: nil, position: nil) == 2)
        #expect(await ctl.status(json: false) == 0)
        #expect(f.out.last == "Stopped")
        #expect(await ctl.status(json: true) == 0)
        #expect(f.out.last == #"{"player":"remotebridge","status":"Stopped"}"#)
        f.out = []
        #expect(await f.ctl().list(json: false) == 0)
        #expect(f.out == ["  other", "* remotebridge"])
    }

    @Test("the program's exit codes: 0 done, 1 no player, 2 usage")
    func exitCodes() async throws {
        let f = try await CtlFixture()
        let played = try await f.run(["play", "-p", "other"])
        #expect(played.status == 0)
        #expect(f.other.player.playbackStatus == .playing)
        let missing = try await f.run(["play", "-p", "nobody"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no player found matching nobody"))
        #expect(try await f.run(["fly"]).status == 2)
        #expect(try await f.run(["send", "warp"]).status == 2)
        #expect(try await f.run(["status", "-p", "other"]).output == "Playing")
        // playerctl's order, options first, works too.
        #expect(try await ExternalProcess.run(
            BuiltProduct.debug("remotectl"),
            ["-p", "other", "--bus", f.bus.address, "status"]).output == "Playing")
    }
}
