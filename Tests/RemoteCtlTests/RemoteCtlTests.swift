import RemoteBridgeDBus
import Foundation
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteCtl
import ButtonGestures
import HeadsetHandler
import Logging
import Testing

/// Two in-memory players on a private bus: "remotebridge" and "other".
@MainActor
final class CtlFixture {
    let bus: TestBus
    let ours: ServedPlayer
    let other: ServedPlayer
    let connection: DBusConnection
    var out: [String] = []
    var err: [String] = []

    init() async throws {
        bus = try TestBus()
        ours = try await ServedPlayer(address: bus.address, name: "remotebridge")
        other = try await ServedPlayer(address: bus.address, name: "other")
        connection = try await DBusConnection.connect(to: bus.address)
    }

    deinit {
        bus.stop()
    }

    func ctl(_ selection: PlayerSelection = PlayerSelection()) -> RemoteCtl {
        var ctl = RemoteCtl(connection: connection, selection: selection)
        ctl.output = { [weak self] in self?.out.append($0) }
        ctl.errors = { [weak self] in self?.err.append($0) }
        return ctl
    }

    /// `remotectl status --follow -p other` with stdout on a fresh pseudo-terminal; the caller
    /// kills the process.
    func followOnTerminal() throws -> (PseudoTerminal, Process) {
        let terminal = try PseudoTerminal()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProduct.debug("remotectl"))
        process.arguments = ["status", "--follow", "-p", "other", "--bus", bus.address]
        process.standardOutput = terminal.terminal
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (terminal, process)
    }

    func run(_ arguments: [String]) async throws -> ExternalProcess.Result {
        let binary = BuiltProduct.debug("remotectl")
        return try await ExternalProcess.run(binary, arguments + ["--bus", bus.address])
    }
}

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

@Suite("remotectl settings")
@MainActor
struct RemoteCtlSettingsTests {
    @Test("position, volume, loop, shuffle and open, read and written")
    func settings() async throws {
        let f = try await CtlFixture()
        let ctl = f.ctl(PlayerSelection(names: ["other"]))
        #expect(await ctl.position("30") == 0)
        #expect(f.other.player.position == .seconds(30))
        #expect(await ctl.position("10+") == 0)
        #expect(await ctl.position("5-") == 0)
        #expect(f.other.player.position == .seconds(35))
        #expect(await ctl.position(nil) == 0)
        #expect(f.out.last == "35.000")
        #expect(await ctl.position("soon") == 2)
        // Past the end of the 3-minute track: MPRIS players ignore it silently; remotectl says so.
        #expect(await ctl.position("9999") == 1)
        #expect(f.err.last == "remotectl: other: position failed: org.freedesktop.DBus.Error.InvalidArgs: 9999 s is past the end of the track (180.0 s); nothing done")
        #expect(f.other.player.position == .seconds(35))
        #expect(await ctl.volume("0.5") == 0)
        #expect(await ctl.volume("0.25+") == 0)
        #expect(f.other.player.volume == 0.75)
        #expect(await ctl.volume("2-") == 0)
        #expect(f.other.player.volume == 0)
        #expect(await ctl.loop("Playlist") == 0)
        #expect(f.other.player.loopStatus == .playlist)
        #expect(await ctl.loop(nil) == 0)
        #expect(f.out.last == "Playlist")
        #expect(await ctl.loop("forever") == 2)
        #expect(await ctl.shuffle("toggle") == 0)
        #expect(f.other.player.shuffle)
        #expect(await ctl.shuffle(nil) == 0)
        #expect(f.out.last == "On")
        #expect(await ctl.open("https://example.com/a.mp3") == 0)
        #expect(f.other.player.currentTrack?.url == "https://example.com/a.mp3")
        #expect(await ctl.open("gopher://x") == 1)
        #expect(f.err.last?.contains("NotSupported") == true)
        let viaBinary = try await f.run(["volume", "-p", "other"])
        #expect(viaBinary.output == "0.00")
        #expect(try await f.run(["volume", "--json", "-p", "other"]).output == #"{"player":"other","volume":0.00}"#)
        #expect(await ctl.loop(nil, json: true) == 0)
        #expect(f.out.last == #"{"player":"other","loop":"Playlist"}"#)
        #expect(await ctl.shuffle(nil, json: true) == 0)
        #expect(f.out.last == #"{"player":"other","shuffle":true}"#)
        #expect(await ctl.position(nil, json: true) == 0)
        #expect(f.out.last?.hasPrefix(#"{"player":"other","position":"#) == true)
        #expect(try await f.run(["loop", "sometimes", "-p", "other"]).status == 2)
    }
}

@Suite("remotectl and headsetd")
@MainActor
struct RemoteCtlHeadsetTests {
    @Test("click calls Headset1.Click; without headsetd it says so and exits 1")
    func click() async throws {
        let f = try await CtlFixture()
        let ctl = f.ctl()
        #expect(await ctl.click(count: 2, hold: 0) == 1)
        #expect(f.err.last?.contains("is it running?") == true)
        #expect(await ctl.click(count: 0, hold: 0) == 2)
        let clock = VirtualClock()
        var options = HeadsetHandler.Options()
        options.busAddress = f.bus.address
        options.configPath = NSTemporaryDirectory() + "remotebridge-none-\(getpid()).toml"
        _ = FileManager.default.createFile(atPath: options.configPath!, contents: Data())
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let headset = try await HeadsetHandler(options: options, logger: logger, clock: clock)
        defer { headset.shutdown() }
        for _ in 0..<100 where headset.tracker.target == nil {
            try await f.connection.barrier(with: headset.connection.uniqueName)
        }
        #expect(await ctl.click(count: 2, hold: 0) == 0)
        clock.advance(by: .seconds(2))
        let target = headset.tracker.target
        let player = target == f.ours.busName ? f.ours.player : f.other.player
        for _ in 0..<100 where player.currentIndex != 1 {
            try await f.connection.barrier(with: headset.connection.uniqueName)
            try await f.connection.barrier(with: f.ours.connection.uniqueName)
            try await f.connection.barrier(with: f.other.connection.uniqueName)
        }
        #expect(player.currentIndex == 1)
    }

    @Test("seek-forward --hold sends begin, then end after the hold (on a virtual clock)")
    func seekHold() async throws {
        let f = try await CtlFixture()
        let clock = VirtualClock()
        let recorder = try await SignalRecorder.start(on: f.connection, MatchRule(interface: MPRISNames.remoteControl, member: "EventDelivered"))
        var ctl = f.ctl(PlayerSelection(names: ["remotebridge"]))
        ctl.sleep = { try await clock.sleep(for: $0) }
        let scan = Task { await ctl.scan(forward: true, hold: .seconds(2)) }
        #expect(await recorder.waitFor(count: 1))
        while clock.pendingDeadlineCount == 0 { await Task.yield() }
        #expect(recorder.messages.map { $0.body[0] } == [.string("begin-seeking-forward")], "nothing ends before the hold does")
        clock.advance(by: .seconds(2))
        #expect(await scan.value == 0)
        #expect(await recorder.waitFor(count: 2))
        #expect(recorder.messages.map { $0.body[0] } == [.string("begin-seeking-forward"), .string("end-seeking-forward")])
    }

    @Test("seek-backward --hold on a plain MPRIS player: a Seek of -1.25 s every 250 ms for the hold, then none")
    func seekHoldOnPlainPlayer() async throws {
        let f = try await CtlFixture()
        let plain = try await ServedPlayer(address: f.bus.address, name: "plain", remoteControl: false)
        plain.player.play()
        plain.player.setPosition(.seconds(60))
        let clock = VirtualClock()
        var ctl = f.ctl(PlayerSelection(names: ["plain"]))
        ctl.sleep = { try await clock.sleep(for: $0) }
        // 1.1 s, so the hold does not end on the same instant as a Seek falls due.
        let scan = Task { await ctl.scan(forward: false, hold: .milliseconds(1100)) }
        func settle(until condition: () -> Bool) async throws {
            for _ in 0..<200 where !condition() { try await f.connection.barrier(with: plain.connection.uniqueName) }
        }
        // The hold's sleep and the scan's sleep after each landed Seek are both on the clock.
        for step in 1...5 {
            try await settle { plain.player.position == .seconds(60) - SeekScan.step * step && clock.pendingDeadlineCount == 2 }
            #expect(plain.player.position == .seconds(60) - SeekScan.step * step)
            clock.advance(by: step < 5 ? SeekScan.period : .milliseconds(100))
        }
        #expect(await scan.value == 0)
        clock.advance(by: .seconds(5))
        try await settle { false }
        #expect(plain.player.position == .milliseconds(53750), "Seeks at 0, 0.25, 0.5, 0.75 and 1 s of a 1.1 s hold, none after it")
        #expect(f.out.contains("plain: scanning with Seek, -1.25 s every 250 ms"))
    }
}

@Suite("remotectl monitor")
@MainActor
struct RemoteCtlMonitorTests {
    @Test("monitor sees an event sent by send, the property changes, and Seeked")
    func monitorSeesSend() async throws {
        let f = try await CtlFixture()
        var lines: [String] = []
        var monitor = f.ctl(PlayerSelection(names: ["remotebridge"]))
        monitor.output = { lines.append($0) }
        var release: CheckedContinuation<Void, Never>?
        let running = Task { @MainActor in
            await monitor.monitor(json: false) { await withCheckedContinuation { release = $0 } }
        }
        for _ in 0..<100 where release == nil { try await f.connection.barrier(with: f.ours.connection.uniqueName) }
        #expect(await f.ctl(PlayerSelection(names: ["remotebridge"])).send("skip-forward", interval: .seconds(5), position: nil) == 0)
        #expect(await f.ctl(PlayerSelection(names: ["remotebridge"])).transport(.play) == 0)
        for _ in 0..<100 where !lines.contains(where: { $0.contains("PlaybackStatus=Playing") }) {
            try await f.connection.barrier(with: f.ours.connection.uniqueName)
        }
        #expect(lines.contains("remotebridge event skip-forward from test: handled by PlayerController"))
        #expect(lines.contains("remotebridge seeked to 5.000 s"))
        #expect(lines.contains { $0.hasPrefix("remotebridge changed") && $0.contains("PlaybackStatus=Playing") })
        release?.resume()
        #expect(await running.value == 0)
        #expect(RemoteCtl.line(for: .signal(path: "/", interface: "x.y", member: "Seeked", body: [.int64(1_500_000)]), player: "org.mpris.MediaPlayer2.a", json: true)
            == #"{"player":"a","signal":"Seeked","position":1.5}"#)
    }

    @Test("the monitor program prints each line as it happens, and Ctrl-C (SIGINT) ends it with exit 0")
    func monitorProgram() async throws {
        let f = try await CtlFixture()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProduct.debug("remotectl"))
        process.arguments = ["monitor", "-p", "remotebridge", "--bus", f.bus.address]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let exited = AsyncStream<Int32> { continuation in process.terminationHandler = { continuation.yield($0.terminationStatus) } }
        try process.run()
        defer { kill(process.processIdentifier, SIGKILL) }
        let reader = output.fileHandleForReading
        let firstLine = Task { await reader.readText { $0.contains("\n") } }
        // Send events until the monitor, once subscribed, prints one (a pipe, yet unbuffered).
        let sender = f.ctl(PlayerSelection(names: ["remotebridge"]))
        let sending = Task { @MainActor in
            for _ in 0..<200 where !Task.isCancelled {
                _ = await sender.send("skip-forward", interval: .seconds(1), position: nil)
            }
        }
        let line = await firstLine.value
        sending.cancel()
        #expect(line.hasPrefix("remotebridge "))
        kill(process.processIdentifier, SIGINT)
        var statuses = exited.makeAsyncIterator()
        #expect(await statuses.next() == 0)
    }
}

@Suite("remotectl metadata and templates")
@MainActor
struct RemoteCtlMetadataTests {
    @Test("templates: variables, shortcuts and every function")
    func templates() async throws {
        let f = try await CtlFixture()
        let ctl = f.ctl(PlayerSelection(names: ["other"]))
        f.other.player.position = .seconds(75)
        let format = #"{{playerName}}: {{uc(artist)}} – {{lc(title)}} [{{duration(position)}}/{{duration(mpris:length)}}] {{default(xesam:comment, "none")}} {{trunc(album, 4)}} {{emoji(status)}} #{{xesam:trackNumber}}"#
        #expect(await ctl.metadata(keys: [], format: format, json: false) == 0)
        #expect(f.out.last == "other: TEST ARTIST – tone 1 [1:15/3:00] none Test… ⏹️ #1")
        #expect(await ctl.metadata(keys: ["title", "xesam:album"], format: nil, json: false) == 0)
        #expect(f.out.suffix(2) == ["Tone 1", "Test Album"])
        #expect(await ctl.metadata(keys: [], format: nil, json: true) == 0)
        #expect(f.out.last?.hasPrefix(#"{"player":"other","mpris:artUrl":"file:///music/cover.jpg""#) == true)
    }

    @Test("a bad template gets a clear error and exit 2", arguments: ["{{title", "{{shout(title)}}", "{{}}", #"{{default(title, "x)}}"#, "{{title title}}"])
    func badTemplates(format: String) async throws {
        let f = try await CtlFixture()
        #expect(await f.ctl(PlayerSelection(names: ["other"])).metadata(keys: [], format: format, json: false) == 2)
        #expect(f.err.last?.contains("bad format template") == true || f.err.last?.contains("not closed") == true)
    }
}

@Suite("remotectl completions")
@MainActor
struct RemoteCtlCompletionTests {
    /// SHELL is emptied: the script must follow the argument, not the shell that runs the test.
    @Test("bash, zsh and fish completion scripts name the verbs", arguments: [("bash", "-F _remotectl remotectl"), ("zsh", "#compdef remotectl"), ("fish", "complete -c 'remotectl'")])
    func completions(shell: String, marker: String) async throws {
        let binary = BuiltProduct.debug("remotectl")
        let script = try await ExternalProcess.run(binary, ["--generate-completion-script", shell], environment: ["SHELL": ""])
        #expect(script.status == 0)
        #expect(script.output.contains(marker))
        #expect(script.output.contains("play-pause"))
        #expect(script.output.contains("monitor"))
    }
}

@Suite("remotectl argument order")
struct PlayerctlArgumentOrderTests {
    @Test("player options before the verb move behind it", arguments: [
        (["-p", "vlc", "play"], ["play", "-p", "vlc"]),
        (["--player", "vlc", "-a", "volume", "0.5"], ["volume", "--player", "vlc", "-a", "0.5"]),
        (["--player=vlc", "status"], ["status", "--player=vlc"]),
        (["-i", "mpv", "--bus", "unix:path=/x", "next"], ["next", "-i", "mpv", "--bus", "unix:path=/x"]),
        (["play", "-p", "vlc"], ["play", "-p", "vlc"]),
        (["--bus", "unix:path=/x", "headset", "status"], ["headset", "status", "--bus", "unix:path=/x"]),
        (["--bus", "unix:path=/x", "headset"], ["headset", "--bus", "unix:path=/x"]),
    ])
    func moved(arguments: [String], expected: [String]) {
        #expect(PlayerctlArgumentOrder.normalized(arguments) == expected)
    }

    @Test("root options and lone options are left exactly as given", arguments: [
        ["--generate-completion-script", "bash"],
        ["--help"],
        ["--version"],
        ["-p", "vlc"],
        ["-p", "vlc", "--help", "play"],
        [],
    ])
    func untouched(arguments: [String]) {
        #expect(PlayerctlArgumentOrder.normalized(arguments) == arguments)
    }
}

@Suite("remotectl status --follow")
@MainActor
struct RemoteCtlFollowTests {
    @Test("on a terminal, one line is redrawn in place, with a progress bar")
    func followOnTerminal() async throws {
        let f = try await CtlFixture()
        let (terminal, process) = try f.followOnTerminal()
        defer { kill(process.processIdentifier, SIGKILL) }
        let redraw = "\r\u{1B}[2K"
        let first = await terminal.read(until: { $0.contains("░") })
        #expect(first.hasPrefix(redraw + "Stopped: Test Artist — Tone 1 [0:00/3:00] ░░░░"))
        #expect(!first.contains("\n"), "a terminal gets no new lines, only redraws")
        f.other.player.setPosition(.seconds(90))
        f.other.player.play()
        let next = await terminal.read(until: { $0.contains("Playing") })
        #expect(next.contains(redraw + "Playing: Test Artist — Tone 1 [1:30/3:00] " + String(repeating: "█", count: 15)))
        #expect(!next.contains("\n"))
    }

    @Test("when the followed player leaves the bus, following ends with a message and exit 1")
    func playerLeaves() async throws {
        let f = try await CtlFixture()
        var lines: [String] = []
        var ctl = f.ctl(PlayerSelection(names: ["other"]))
        ctl.output = { lines.append($0) }
        // A stop that never comes while the player is there: only its leaving ends this.
        let (never, keepOpen) = AsyncStream<Void>.makeStream()
        let running = Task { @MainActor in await ctl.follow(tty: false) { for await _ in never {} } }
        for _ in 0..<100 where lines.isEmpty { try await f.connection.barrier(with: f.other.connection.uniqueName) }
        #expect(lines.count == 1)
        f.other.connection.close()
        #expect(await running.value == 1)
        #expect(f.err.last == "remotectl: other left the bus")
        keepOpen.finish()
    }

    @Test("a line per change, from signals only; the position is extrapolated with Rate")
    func follow() async throws {
        let f = try await CtlFixture()
        var lines: [String] = []
        var ctl = f.ctl(PlayerSelection(names: ["other"]))
        ctl.output = { lines.append($0) }
        let (stopSignal, stop) = AsyncStream<Void>.makeStream()
        let running = Task { @MainActor in
            await ctl.follow(tty: false) {
                for await _ in stopSignal { return }
            }
        }
        // The first line is printed once the signals are subscribed.
        for _ in 0..<100 where lines.isEmpty { try await f.connection.barrier(with: f.other.connection.uniqueName) }
        #expect(lines.first == "Stopped: Test Artist — Tone 1 [0:00/3:00]")
        f.other.player.setPosition(.seconds(65))
        f.other.player.play()
        for _ in 0..<100 where !lines.contains(where: { $0.hasPrefix("Playing") }) {
            try await f.connection.barrier(with: f.other.connection.uniqueName)
        }
        #expect(lines.contains { $0.hasPrefix("Playing: Test Artist — Tone 1 [1:05/3:00]") })
        stop.yield()
        #expect(await running.value == 0)
        var state = FollowStateProbe.playing(at: 10, rate: 2)
        #expect(state.line(afterSeconds: 3) == "Playing: A — T [0:16/3:00] ██░░░░░░░░░░░░░░░░░░░░░░░░░░░░")
        state = FollowStateProbe.playing(at: 10, rate: 1)
        #expect(state.line(afterSeconds: 0).hasPrefix("Playing: A — T [0:10/3:00]"))
    }
}
