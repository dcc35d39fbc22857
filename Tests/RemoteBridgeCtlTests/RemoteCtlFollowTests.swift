// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeCtl
import Testing

@Suite("remotectl status --live")
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
        let printed = PrintedLines()
        var ctl = f.ctl(PlayerSelection(names: ["other"]))
        ctl.output = printed.record
        // A stop that never comes while the player is there: only its leaving ends this.
        let (never, keepOpen) = AsyncStream<Void>.makeStream()
        let running = Task { @MainActor in await ctl.follow(tty: false) { for await _ in never {} } }
        #expect(await printed.until { !printed.lines.isEmpty })
        #expect(printed.lines.count == 1)
        f.other.connection.close()
        #expect(await running.value == 1)
        #expect(f.err.last == "remotectl: other left the bus")
        keepOpen.finish()
    }

    @Test("a line per change, from signals only; the position is extrapolated with Rate")
    func follow() async throws {
        let f = try await CtlFixture()
        let printed = PrintedLines()
        var ctl = f.ctl(PlayerSelection(names: ["other"]))
        ctl.output = printed.record
        let (stopSignal, stop) = AsyncStream<Void>.makeStream()
        let running = Task { @MainActor in
            await ctl.follow(tty: false) {
                for await _ in stopSignal { return }
            }
        }
        // The first line is printed once the signals are subscribed.
        #expect(await printed.until { !printed.lines.isEmpty })
        #expect(printed.lines.first == "Stopped: Test Artist — Tone 1 [0:00/3:00]")
        f.other.player.setPosition(.seconds(65))
        f.other.player.play()
        #expect(await printed.until { printed.lines.contains { $0.hasPrefix("Playing") } })
        #expect(printed.lines.contains { $0.hasPrefix("Playing: Test Artist — Tone 1 [1:05/3:00]") })
        stop.yield()
        #expect(await running.value == 0)
        var state = FollowStateProbe.playing(at: 10, rate: 2)
        #expect(state.line(afterSeconds: 3) == "Playing: A — T [0:16/3:00] ██░░░░░░░░░░░░░░░░░░░░░░░░░░░░")
        state = FollowStateProbe.playing(at: 10, rate: 1)
        #expect(state.line(afterSeconds: 0).hasPrefix("Playing: A — T [0:10/3:00]"))
    }
}
