// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeDurations
import RemoteBridgeEngineConfinement
import RemoteBridgeEngineProtocol
import Synchronization

/// The engine's side of its channel: it starts mpv as the daemon's first request says, does what
/// each later request asks, and sends mpv's events, the position every
/// `EngineMessage.positionInterval` while it moves, and the replies. It ends when the daemon
/// asks, or goes (the channel closes), or breaks the protocol.
package enum EngineServer {
    /// The descriptor the daemon passes the channel as.
    package static let channelDescriptor: Int32 = 3

    /// Serves the channel on `channelDescriptor`; returns the exit status.
    package static func run() -> Int32 {
        let channel = EngineChannel(descriptor: channelDescriptor)
        let first: EngineRequest
        do throws(EngineWire.Malformed) {
            guard let body = try channel.receive() else { return 0 }
            // A daemon of another version: say which this engine speaks, and do nothing more.
            if let asked = EngineProtocol.version(ofStart: body), asked != EngineProtocol.version {
                let error = "this engine speaks protocol version \(EngineProtocol.version), the daemon version \(asked)"
                channel.send(EngineMessage.ready(version: EngineProtocol.version, error: error, confinement: "").encoded())
                return 3
            }
            first = try EngineRequest(body: body)
        } catch {
            return 2
        }
        guard case .start(_, let hidden, let options, let observed, let hooks) = first else { return 2 }
        let confinement: String
        do throws(EngineConfinementError) {
            confinement = try EngineConfinementStep.apply(keeping: channelDescriptor, hiding: hidden)
        } catch {
            channel.send(EngineMessage.ready(version: EngineProtocol.version, error: error.description, confinement: "").encoded())
            return 1
        }
        AudioLibraryMessages.silenced
        let handle: MPVHandle
        do throws(MPVError) {
            handle = try MPVHandle(options: options.map { ($0.name, $0.value) })
        } catch {
            channel.send(EngineMessage.ready(version: EngineProtocol.version, error: error.description, confinement: confinement).encoded())
            return 1
        }
        for name in observed { handle.observe(name) }
        for name in hooks { handle.addHook(name) }
        handle.observePosition()
        // Ready first: events (the observed properties' first values) come right after, and the
        // daemon takes nothing before it.
        channel.send(EngineMessage.ready(version: EngineProtocol.version, error: "", confinement: confinement).encoded())
        let reports = PositionReports(channel: channel, handle: handle)
        let keys = EntryKeys()
        let heap = EngineHeap()
        let commands = QueuedCommand()
        do throws(MPVError) {
            // A position kept back (less than an interval after the last) is sent once the interval
            // is up, even if nothing else happens (a pause's last move); the heap's free pages go
            // back once files have stopped opening.
            let quiet = MPVHandle.Quiet(
                after: {
                    let waits = [reports.unsentDue(), heap.secondsUntilDue(at: .now)].compactMap { $0 }
                    return waits.min()
                },
                then: {
                    reports.flush()
                    heap.settleIfDue(at: .now)
                })
            let replies: MPVHandle.Replies = { serial, status, result in
                commands.finished(serial) {
                    let message: EngineMessage =
                        status < 0
                        ? .reply(serial: serial, status: -1, error: MPVHandle.describe(status), value: .none)
                        : .reply(serial: serial, status: 0, error: "", value: result)
                    channel.send(message.encoded())
                }
            }
            try handle.startEvents(positions: { reports.moved(to: $0) }, replies: replies, quiet: quiet) { event in
                if case .shutdown = event { commands.ended() }
                switch event {
                case .startFile, .endFile, .fileLoaded: heap.opening(at: .now)
                default: break
                }
                // The position as it stood goes first: after a pause or a seek, no later
                // report may come for a while, and the last one must say where it stopped.
                switch event {
                case .playbackRestart, .fileLoaded, .propertyChange("pause", _), .propertyChange("core-idle", _):
                    // Where playback (re)starts or stops, read now: what is heard of a new file is
                    // not what was last reported of the old one, and a pause stops where it stops.
                    reports.current()
                default:
                    reports.flush()
                }
                channel.send(EngineMessage.event(keys.translated(event)).encoded())
            }
        } catch {
            // The daemon sees the channel close, and counts the engine lost.
            return 1
        }
        return serve(channel, handle, keys, commands)
    }

    /// Answers requests until the channel ends or the daemon says quit.
    private static func serve(_ channel: EngineChannel, _ handle: MPVHandle, _ keys: EntryKeys, _ commands: QueuedCommand) -> Int32 {
        while true {
            let request: EngineRequest
            do throws(EngineWire.Malformed) {
                guard let body = try channel.receive() else { return 0 }
                request = try EngineRequest(body: body)
            } catch {
                return 2
            }
            switch request {
            case .start:
                return 2
            case .quit:
                return 0
            case .command(let serial, let arguments):
                // Answered by the event thread, in its place among mpv's events (`QueuedCommand`).
                do throws(MPVError) {
                    guard try commands.run(serial: serial, { () throws(MPVError) in try handle.queueCommand(arguments, serial: serial) }) else {
                        throw MPVError(operation: arguments.first ?? "", reason: "mpv has shut down")
                    }
                } catch {
                    channel.send(EngineMessage.reply(serial: serial, status: -1, error: error.reason, value: .none).encoded())
                }
            case .setString(let serial, let name, let value):
                reply(channel, serial) { () throws(MPVError) in
                    try handle.set(name, value)
                    return .none
                }
            case .setDouble(let serial, let name, let value):
                reply(channel, serial) { () throws(MPVError) in
                    try handle.set(name, value)
                    return .none
                }
            case .setAsynchronously(let name, let value):
                handle.setAsynchronously(name, value)
            case .get(let serial, let name):
                reply(channel, serial) { () throws(MPVError) in
                    name == "playlist" ? keys.translated(playlist: handle.get(name)) : handle.get(name)
                }
            case .load(let serial, let key, let url, let mode, let start):
                reply(channel, serial) { () throws(MPVError) in
                    try keys.load(key: key) { () throws(MPVError) in
                        try handle.commandResult(LoadCommand.arguments(url: url, mode: mode, start: start))["playlist_entry_id"]?.int64
                    }
                    return .none
                }
            case .remove(let serial, let key):
                reply(channel, serial) { () throws(MPVError) in
                    guard let mpvID = keys.mpvID(of: key), let index = playlistIDs(handle).firstIndex(of: mpvID) else { return .flag(false) }
                    try handle.command(["playlist-remove", String(index)])
                    return .flag(true)
                }
            case .removeForeign(let serial):
                reply(channel, serial) { () throws(MPVError) in
                    let list = handle.get("playlist").array ?? []
                    var removed: [MPVNode] = []
                    for (index, item) in list.enumerated().reversed() {
                        guard let mpvID = item["id"]?.int64, !keys.isKnown(mpvID) else { continue }
                        try handle.command(["playlist-remove", String(index)])
                        removed.insert(.string(item["filename"]?.string ?? "?"), at: 0)
                    }
                    return .array(removed)
                }
            case .getDouble(let serial, let name):
                reply(channel, serial) { () throws(MPVError) in
                    guard let value = handle.getDouble(name) else { throw MPVError(operation: "get \(name)", reason: "unavailable") }
                    return .double(value)
                }
            case .observe(let name):
                handle.observe(name)
            case .continueHook(let id):
                handle.continueHook(id)
            case .probe(let serial, let probe):
                channel.send(EngineMessage.reply(serial: serial, status: EngineProbeRun.run(probe), error: "", value: .none).encoded())
            }
        }
    }

    /// mpv's playlist entry ids, in order.
    private static func playlistIDs(_ handle: MPVHandle) -> [Int64] {
        (handle.get("playlist").array ?? []).compactMap { $0["id"]?.int64 }
    }

    private static func reply(_ channel: EngineChannel, _ serial: UInt64, _ body: () throws(MPVError) -> MPVNode) {
        let message: EngineMessage
        do throws(MPVError) {
            message = .reply(serial: serial, status: 0, error: "", value: try body())
        } catch {
            message = .reply(serial: serial, status: -1, error: error.reason, value: .none)
        }
        channel.send(message.encoded())
    }
}

/// Sends the position at most every `EngineMessage.positionInterval`, and the latest one before
/// any event; from mpv's event thread.
private final class PositionReports: Sendable {
    private struct State {
        var lastSent: ContinuousClock.Instant?
        var unsent: Double?
    }

    private let channel: EngineChannel
    private let handle: MPVHandle
    private let state = Mutex(State())

    init(channel: EngineChannel, handle: MPVHandle) {
        self.channel = channel
        self.handle = handle
    }

    func moved(to seconds: Double) {
        guard EngineLimits.isTime(seconds) else { return }
        let now = ContinuousClock.now
        let due = state.withLock { state in
            guard state.lastSent.map({ now - $0 >= EngineMessage.positionInterval }) ?? true else {
                state.unsent = seconds
                return false
            }
            state.lastSent = now
            state.unsent = nil
            return true
        }
        if due { send(seconds) }
    }

    /// Sends the position as mpv has it now (nothing if it has none), in place of one kept back.
    func current() {
        let now = ContinuousClock.now
        state.withLock { state in
            state.unsent = nil
            state.lastSent = now
        }
        guard let seconds = handle.getDouble("time-pos"), EngineLimits.isTime(seconds) else { return }
        send(seconds)
    }

    /// Seconds until a position kept back is due; nil if none is.
    func unsentDue() -> Double? {
        state.withLock { state in
            guard state.unsent != nil, let lastSent = state.lastSent else { return nil }
            let left = EngineMessage.positionInterval - (ContinuousClock.now - lastSent)
            return max(0, left.inSeconds)
        }
    }

    func flush() {
        let now = ContinuousClock.now
        guard let seconds = state.withLock({ state -> Double? in
            defer { state.unsent = nil }
            if state.unsent != nil { state.lastSent = now }
            return state.unsent
        }) else { return }
        send(seconds)
    }

    /// Sends `seconds` with what is heard now: audio-pts less the demuxer's start time.
    private func send(_ seconds: Double) {
        var heard: Double?
        if let pts = handle.getDouble("audio-pts") {
            let value = pts - (handle.getDouble("demuxer-start-time") ?? 0)
            if EngineLimits.isTime(value) { heard = value }
        }
        channel.send(EngineMessage.position(timePos: seconds, heard: heard).encoded())
    }
}
