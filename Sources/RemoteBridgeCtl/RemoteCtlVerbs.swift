// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeText

/// remotectl's own commands, beyond playerctl's: `list`, `send`, `seek-forward`,
/// `seek-backward`, `click`, `headset`, `queue`, `monitor`, `rate`, `chapter`, `sleep` and
/// `status --live`. They act on the first selected player (every one with `-a`), on the
/// session bus.
@MainActor
struct RemoteCtlVerbs {
    let run: CommandRun
    let buses: PlayerBuses

    func run(_ verb: Verb) async -> Int32 {
        var ctl = RemoteCtl(connection: buses.session, selection: run.selection)
        ctl.output = { [run] line in run.output(line + "\n") }
        ctl.errors = run.errors
        ctl.outputIsTerminal = run.outputIsTerminal
        let invocation = run.invocation
        let arguments = Array(invocation.command.dropFirst())
        switch verb.name {
        case "list": return await ctl.list(json: invocation.json)
        case "send":
            guard arguments.count == 1 else { return usage("send takes one subtype, such as toggle-play-pause or 103") }
            return await ctl.send(arguments[0], interval: invocation.interval, position: invocation.position)
        case "seek-forward", "seek-backward":
            guard arguments.isEmpty else { return usage("\(verb.name) takes no arguments; --hold says for how long") }
            let hold = Duration.milliseconds(rounding: invocation.hold ?? 2) ?? .zero
            return await ctl.scan(forward: verb.name == "seek-forward", hold: hold)
        case "click":
            guard arguments.isEmpty else { return usage("click takes no arguments; --count and --hold shape it") }
            return await ctl.click(count: invocation.count ?? 1, hold: invocation.hold ?? 0)
        case "headset":
            guard arguments.isEmpty || arguments == ["status"] else { return usage("headset takes 'status' or nothing") }
            return await ctl.headsetStatus()
        case "queue":
            return await ctl.queue(arguments, directory: run.directory)
        case "rate":
            guard arguments.count <= 1 else { return usage("rate takes one rate, such as 1.5, or 0.25+ or 0.25- to change it by that much") }
            return await ctl.rate(arguments.first, json: invocation.json)
        case "chapter":
            return await ctl.chapter(arguments, json: invocation.json)
        case "sleep":
            return await ctl.sleepTimer(arguments, json: invocation.json)
        case "monitor":
            return await ctl.monitor(json: invocation.json) { await run.interrupted() }
        case "status":
            // status --live: one line redrawn in place on a terminal, a line per change otherwise.
            let tty = run.outputIsTerminal
            ctl.output = { [run] text in run.output(text + (tty ? "" : "\n")) }
            return await ctl.follow(tty: tty) { await run.interrupted() }
        default:
            return usage("\(verb.name) is not a remotectl command")
        }
    }

    private func usage(_ message: String) -> Int32 {
        run.errors("remotectl: \(message)")
        return 2
    }
}
