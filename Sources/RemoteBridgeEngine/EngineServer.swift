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
            first = try EngineRequest(body: body)
        } catch {
            return 2
        }
        guard case .start(let hidden, let options, let observed, let hooks) = first else { return 2 }
        let confinement: String
        do throws(EngineConfinementError) {
            confinement = try EngineConfinementStep.apply(keeping: channelDescriptor, hiding: hidden)
        } catch {
            channel.send(EngineMessage.ready(error: error.description, confinement: "").encoded())
            return 1
        }
        AudioLibraryMessages.silenced
        let handle: MPVHandle
        do throws(MPVError) {
            handle = try MPVHandle(options: options.map { ($0.name, $0.value) })
        } catch {
            channel.send(EngineMessage.ready(error: error.description, confinement: confinement).encoded())
            return 1
        }
        for name in observed { handle.observe(name) }
        for name in hooks { handle.addHook(name) }
        handle.observePosition()
        // Ready first: events (the observed properties' first values) come right after, and the
        // daemon takes nothing before it.
        channel.send(EngineMessage.ready(error: "", confinement: confinement).encoded())
        let reports = PositionReports(channel: channel)
        do throws(MPVError) {
            try handle.startEvents(positions: { reports.moved(to: $0) }) { event in
                // The position as it stood goes first: after a pause or a seek, no later
                // report may come for a while, and the last one must say where it stopped.
                reports.flush()
                channel.send(EngineMessage.event(event).encoded())
            }
        } catch {
            // The daemon sees the channel close, and counts the engine lost.
            return 1
        }
        return serve(channel, handle)
    }

    /// Answers requests until the channel ends or the daemon says quit.
    private static func serve(_ channel: EngineChannel, _ handle: MPVHandle) -> Int32 {
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
                reply(channel, serial) { () throws(MPVError) in try handle.commandResult(arguments) }
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
                reply(channel, serial) { () throws(MPVError) in handle.get(name) }
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
    private let state = Mutex(State())

    init(channel: EngineChannel) {
        self.channel = channel
    }

    func moved(to seconds: Double) {
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
        if due { channel.send(EngineMessage.position(seconds: seconds).encoded()) }
    }

    func flush() {
        guard let seconds = state.withLock({ state in defer { state.unsent = nil }; return state.unsent }) else { return }
        channel.send(EngineMessage.position(seconds: seconds).encoded())
    }
}
