// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc
import RemoteBridgeDurations
import RemoteBridgeEngineProtocol
import RemoteBridgeProcess
import Synchronization

/// The connection to one running engine, seen from the daemon: the child process, its channel,
/// and the thread that reads what it says. Replies wake the caller waiting for them; events go
/// to `deliver`, on that thread; position reports are kept for a restart. When the channel ends,
/// for whatever reason, the process is killed and reaped, and unless it was asked to quit,
/// `deliver` gets `.lost` with the reason.
///
/// Calls come one at a time (the player's, on the main actor), each waiting at most
/// `replyDeadline`: an engine that has not answered by then is hung, and is killed.
final class EngineConnection: Sendable {
    /// How long a call waits for its reply before the engine counts as hung. mpv answers within
    /// milliseconds; the one known long wait (playing out the end of the queue, 0.6 s) the player
    /// keeps clear of (`mayBeDraining`).
    static let replyDeadline: Duration = .seconds(2)
    /// How long mpv may take to start: loading libmpv from a cold disk cache, initializing.
    static let startDeadline: Duration = .seconds(10)

    private struct State {
        var replies: [UInt64: Reply] = [:]
        var ended = false
        var quitting = false
        /// Why the daemon killed it, if it did.
        var killedBecause: String?
        var position: Double?
        var positionAt: ContinuousClock.Instant?
        /// A file ended at its end and mpv may be playing out the last of its sound.
        var endedFile = false
        var termination: ChildProcess.Termination?
    }

    /// A reply: mpv's status and value.
    struct Reply: Sendable {
        var status: Int32
        var error: String
        var value: MPVNode
    }

    private let child: ChildProcess
    private let channel: EngineChannel
    private let state = Mutex(State())
    private let replyArrived = DispatchSemaphore(value: 0)
    private let serials = Atomic<UInt64>(1)
    /// What the engine said of its confinement when it started.
    let confinement: String
    /// The engine's process ID.
    var pid: pid_t { child.pid }

    private init(child: ChildProcess, channel: EngineChannel, confinement: String) {
        self.child = child
        self.channel = channel
        self.confinement = confinement
    }

    /// Sends a prepared engine program (`PreparedEngine`) `start`, waits until mpv is up, then
    /// starts the reading thread.
    static func launch(
        _ prepared: PreparedEngine, start: EngineRequest, deliver: @escaping @Sendable (EngineEvent) -> Void
    ) throws(PlayerError) -> EngineConnection {
        let (child, channel, ended) = (prepared.child, prepared.channel, prepared.ended)
        channel.send(start.encoded())
        let ready = Self.awaitReady(channel, child: child)
        guard case .success(let confinement) = ready else {
            channel.shutDown()
            child.send(SIGKILL)
            child.waitForExit()
            if case .failure(let error) = ready { throw error }
            throw PlayerError(operation: "start the engine", reason: "it ended")
        }
        let connection = EngineConnection(child: child, channel: channel, confinement: confinement)
        do throws(DetachedThread.StartError) {
            try DetachedThread.start(named: "engine channel") { [connection] in connection.read(deliver: deliver, ended: ended) }
        } catch {
            connection.channel.shutDown()
            child.send(SIGKILL)
            child.waitForExit()
            throw PlayerError(operation: error.operation, reason: error.reason)
        }
        return connection
    }

    /// Waits for the engine's `ready`, up to `startDeadline`.
    private static func awaitReady(_ channel: EngineChannel, child: ChildProcess) -> Result<String, PlayerError> {
        let failure = { (reason: String) in Result<String, PlayerError>.failure(PlayerError(operation: "start the engine", reason: reason)) }
        guard channel.waitReadable(within: startDeadline) else { return failure("it did not start within \(startDeadline.components.seconds) s") }
        let body: [UInt8]?
        do { body = try channel.receive() } catch { return failure(error.description) }
        guard let body else { return failure("it ended before mpv started (see the log above for its last words)") }
        do {
            guard case .ready(let error, let confinement) = try EngineMessage(body: body) else { return failure("it spoke out of turn") }
            return error.isEmpty ? .success(confinement) : failure(error)
        } catch {
            return failure(error.description)
        }
    }

    // MARK: Calls

    /// Sends a request that has no reply; false if the engine is gone.
    @discardableResult
    func send(_ request: EngineRequest) -> Bool {
        channel.send(request.encoded())
    }

    /// Sends the request made with a fresh serial and waits for its reply; nil if the engine is
    /// gone, or did not answer within `replyDeadline` (it is then killed as hung).
    func call(_ what: @autoclosure () -> String, _ request: (UInt64) -> EngineRequest) -> Reply? {
        let serial = serials.wrappingAdd(1, ordering: .relaxed).oldValue
        guard channel.send(request(serial).encoded()) else { return nil }
        let deadline = DispatchTime.now() + Self.replyDeadline.dispatch
        while true {
            let (reply, ended) = state.withLock { state in (state.replies.removeValue(forKey: serial), state.ended) }
            if let reply { return reply }
            if ended { return nil }
            if replyArrived.wait(timeout: deadline) == .timedOut {
                if let reply = state.withLock({ $0.replies.removeValue(forKey: serial) }) { return reply }
                kill(because: "it did not answer \(what()) within \(Self.replyDeadline.components.seconds) s")
                return nil
            }
        }
    }

    /// The last position the engine reported.
    var lastPosition: Double? { state.withLock { $0.position } }

    /// Whether mpv may be playing out the end of its last file, when a call would wait for it.
    var mayBeDraining: Bool { state.withLock { $0.endedFile } }

    /// Ends the engine (no `.lost` follows): it is told to quit and its channel is closed,
    /// so the reading thread finds the end at once, and kills and reaps it, stopped or hung as it
    /// may be. The engine keeps nothing that a clean exit would save, and no timer is left to
    /// wake the daemon afterwards.
    func quit() {
        state.withLock { $0.quitting = true }
        send(.quit)
        channel.shutDown()
    }

    /// Kills the engine; the reading thread then reports it lost, saying `reason`.
    func kill(because reason: String) {
        state.withLock { if $0.killedBecause == nil { $0.killedBecause = reason } }
        child.send(SIGKILL)
    }

    /// Sends `signal` to the engine (tests: a crash, a hang).
    func send(signal: Int32) {
        child.send(signal)
    }

    // MARK: The reading thread

    private func read(deliver: @Sendable (EngineEvent) -> Void, ended: EngineExit) {
        var malformed: String?
        while true {
            let body: [UInt8]?
            do { body = try channel.receive() } catch {
                malformed = error.description
                break
            }
            guard let body else { break }
            let message: EngineMessage
            do { message = try EngineMessage(body: body) } catch {
                malformed = error.description
                break
            }
            switch message {
            case .reply(let serial, let status, let error, let value):
                state.withLock { $0.replies[serial] = Reply(status: status, error: error, value: value) }
                replyArrived.signal()
            case .event(let event):
                noteFileBoundary(event)
                deliver(.mpv(event))
            case .position(let seconds):
                let now = ContinuousClock.now
                state.withLock { state in
                    state.position = seconds
                    state.positionAt = now
                }
            case .ready:
                malformed = "it said it was ready twice"
            }
            if malformed != nil { break }
        }
        if let malformed { state.withLock { if $0.killedBecause == nil { $0.killedBecause = "it broke the protocol: \(malformed)" } } }
        channel.shutDown()
        child.send(SIGKILL)
        child.waitForExit()
        let termination = ended.value.withLock { $0 }
        let (quitting, reason, position, positionAt) = state.withLock { state in
            state.ended = true
            return (state.quitting, state.killedBecause, state.position, state.positionAt)
        }
        replyArrived.signal()
        guard !quitting else { return }
        deliver(.lost(reason: reason ?? Self.describe(termination), position: position, reportedAt: positionAt))
    }

    /// Keeps `mayBeDraining`, on the reading thread, before the event reaches anyone.
    private func noteFileBoundary(_ event: MPVEvent) {
        switch event {
        case .endFile(_, let reason):
            state.withLock { $0.endedFile = reason == .endOfFile }
        case .startFile, .shutdown, .propertyChange("idle-active", _):
            state.withLock { $0.endedFile = false }
        default:
            return
        }
    }

    /// How the engine ended, in words.
    static func describe(_ termination: ChildProcess.Termination?) -> String {
        switch termination {
        case .signaled(let signal): "it was ended by signal \(signal) (\(String(cString: strsignal(signal))))"
        case .exited(let status): "it exited with status \(status)"
        case nil: "its channel closed"
        }
    }
}
