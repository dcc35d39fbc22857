// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Glibc
import RemoteBridgeDurations
import RemoteBridgeEngineProtocol
import RemoteBridgeProcess
import Synchronization

/// The connection to one engine, seen from the daemon: the child process, its channel, the
/// thread that starts and reaps it, and the main thread's reader of what it says. Nothing here
/// waits on the engine for its caller:
///
/// - `open` returns at once. The thread spawns the engine program (unless one was prepared), sends
///   `start`, waits for `ready` (`startDeadline`), then hands the channel to the main thread
///   (`EngineChannelReader`) and waits for it to end, to reap the engine.
/// - `send` writes a request to the channel at once, before the engine is ready too: the socket
///   keeps requests in order until the engine reads them, after `start`. A request with a serial is
///   outstanding until its reply, and replies come in the order the requests went.
/// - A request not answered within `replyDeadline` (counted from `ready` for those sent before)
///   means the engine is hung: a timer armed only while requests are outstanding kills it.
/// - Every message is checked as outside input (`EngineSessionCheck`): one that breaks a rule
///   ends the engine as a protocol error.
///
/// What the engine says goes to `deliver`, on the main actor, in order, as many as were read
/// at once: `ready` (or why it could not start), then replies, events and positions, read in the
/// turn of the main thread they woke, then `lost` if it ended unasked.
final class EngineConnection: Sendable {
    /// How long a request waits for its reply before the engine counts as hung. mpv answers
    /// within milliseconds; the longest known wait (playing out the end of the queue) is 0.6 s.
    static let replyDeadline: Duration = .seconds(2)
    /// How long mpv may take to start: loading libmpv from a cold disk cache, initializing.
    static let startDeadline: Duration = .seconds(10)
    /// What the connection tells its client, on the main actor.
    enum Report: Sendable {
        /// The engine is ready: its process ID and what it said of its confinement.
        case ready(pid: pid_t, confinement: String)
        /// It could not start, and has been reaped. `otherVersion`: it is an engine of that
        /// protocol version (`EngineProtocol`), not broken.
        case startFailed(reason: String, otherVersion: UInt32?)
        /// The reply to the request with `serial`.
        case reply(serial: UInt64, status: Int32, error: String, value: MPVNode)
        /// An mpv event.
        case event(MPVEvent)
        /// Where playback stood (`EngineMessage.position`) when it was read here.
        case position(timePos: Double, heard: Double?, at: ContinuousClock.Instant)
        /// It ended without being asked to, and has been reaped.
        case lost(reason: String)
    }

    private struct State {
        var child: ChildProcess?
        var readyAt: ContinuousClock.Instant?
        /// Serials sent and not answered, oldest first, with when they went.
        var outstanding: [(serial: UInt64, sentAt: ContinuousClock.Instant)] = []
        var watchdog: (any DispatchSourceTimer)?
        var ended = false
        var quitting = false
        /// Why the daemon killed it, if it did.
        var killedBecause: String?
        /// Signals sent before the program was spawned, for it once it is.
        var signals: [Int32] = []
    }

    let channel: EngineChannel
    private let state = Mutex(State())
    private let openedAt = ContinuousClock.now
    private static let watchdogQueue = DispatchQueue(label: "remote-playerd.engine-watchdog", qos: .utility)

    private init(channel: EngineChannel, child: ChildProcess?) {
        self.channel = channel
        state.withLock { $0.child = child }
    }

    /// Starts an engine: `prepared`, or a new one of `executable` with `environment`, spawned on
    /// the connection's thread. Throws only when no thread or socket can be had.
    static func open(
        prepared: PreparedEngine?, executable: String, environment: [String], start: EngineRequest, check: EngineSessionCheck,
        deliver: @escaping @Sendable @MainActor ([Report]) -> Void
    ) throws(PlayerError) -> EngineConnection {
        let connection: EngineConnection
        let spawning: PreparedEngine.Spawning?
        if let prepared, !prepared.hasEnded {
            connection = EngineConnection(channel: prepared.channel, child: prepared.child)
            spawning = nil
        } else {
            let made = try PreparedEngine.Spawning.make(executable: executable, environment: environment)
            connection = EngineConnection(channel: made.channel, child: nil)
            spawning = made
            prepared?.discard()
        }
        connection.channel.send(start.encoded())
        let exit = spawning == nil ? prepared?.ended : nil
        do throws(DetachedThread.StartError) {
            try DetachedThread.start(named: "engine channel") { [connection] in
                connection.run(spawning: spawning, exit: exit, check: check, deliver: deliver)
            }
        } catch {
            spawning?.abandon()
            if spawning == nil { prepared?.discard() }
            throw PlayerError(operation: error.operation, reason: error.reason)
        }
        return connection
    }

    // MARK: Requests

    /// Sends `request`; one with a serial is outstanding until its reply. False if the engine is gone.
    @discardableResult
    func send(_ request: EngineRequest, serial: UInt64? = nil) -> Bool {
        if let serial {
            let now = ContinuousClock.now
            let ended = state.withLock { state in
                guard !state.ended else { return true }
                state.outstanding.append((serial, now))
                if state.watchdog == nil { armWatchdog(&state) }
                return false
            }
            if ended { return false }
        }
        return channel.send(request.encoded())
    }

    /// Takes the reply to the oldest outstanding request; false if it is not that one's.
    func answered(_ serial: UInt64) -> Bool {
        state.withLock { state in
            guard state.outstanding.first?.serial == serial else { return false }
            state.outstanding.removeFirst()
            return true
        }
    }

    /// When the oldest outstanding request is late: `replyDeadline` after it was sent, or after
    /// `ready` for one sent before (and `startDeadline` after the start while not ready).
    private func deadline(of state: State) -> ContinuousClock.Instant? {
        guard let oldest = state.outstanding.first else { return nil }
        guard let readyAt = state.readyAt else { return openedAt + Self.startDeadline + Self.replyDeadline }
        return max(oldest.sentAt, readyAt) + Self.replyDeadline
    }

    private func armWatchdog(_ state: inout State) {
        guard let deadline = deadline(of: state) else { return }
        let timer = DispatchSource.makeTimerSource(queue: Self.watchdogQueue)
        timer.schedule(deadline: .now() + max(.zero, deadline - .now).dispatch, leeway: .milliseconds(20))
        timer.setEventHandler { [weak self] in self?.watchdogFired() }
        state.watchdog = timer
        timer.resume()
    }

    private func watchdogFired() {
        let late = state.withLock { state -> Bool in
            state.watchdog?.cancel()
            state.watchdog = nil
            guard !state.ended, let deadline = deadline(of: state) else { return false }
            guard deadline <= .now else {
                armWatchdog(&state)
                return false
            }
            return true
        }
        if late { kill(because: "it did not answer a request within \(Self.replyDeadline.components.seconds) s") }
    }

    /// Ends the engine (no `.lost` follows): it is told to quit and its channel is closed, so the
    /// reader finds the end at once, and the connection's thread kills and reaps it, stopped or
    /// hung as it may be.
    func quit() {
        state.withLock { $0.quitting = true }
        channel.send(EngineRequest.quit.encoded())
        channel.shutDown()
    }

    /// Kills the engine; its end is then reported as lost, saying `reason`.
    func kill(because reason: String) {
        let child = state.withLock { state in
            if state.killedBecause == nil { state.killedBecause = reason }
            return state.child
        }
        if let child { child.send(SIGKILL) } else { channel.shutDown() }
    }

    /// The engine's process ID, once it has been spawned.
    var pid: pid_t? { state.withLock { $0.child?.pid } }

    /// Sends `signal` to the engine, now or as soon as it has been spawned (tests: a crash, a hang).
    func send(signal: Int32) {
        let child = state.withLock { state in
            if state.child == nil { state.signals.append(signal) }
            return state.child
        }
        child?.send(signal)
    }

    // MARK: The connection's thread

    private func run(spawning: PreparedEngine.Spawning?, exit: EngineExit?, check: EngineSessionCheck, deliver: @escaping @Sendable @MainActor ([Report]) -> Void) {
        var ended = exit
        if let spawning {
            switch spawning.spawn() {
            case .failure(let error):
                finish(started: false, ended: nil, deliver: deliver, reason: error.description, otherVersion: nil)
                return
            case .success(let (child, exit)):
                let signals = state.withLock { state in
                    state.child = child
                    return state.signals
                }
                for signal in signals { child.send(signal) }
                ended = exit
            }
        }
        let confinement: String
        switch awaitReady() {
        case .failure(let failure):
            finish(started: false, ended: ended, deliver: deliver, reason: failure.reason, otherVersion: failure.otherVersion)
            return
        case .success(let said):
            confinement = said
        }
        let pid = state.withLock { state in
            state.readyAt = .now
            // Requests sent while it started are timed from now.
            state.watchdog?.cancel()
            state.watchdog = nil
            armWatchdog(&state)
            return state.child?.pid ?? 0
        }
        // The main thread reads from here on, in the turn each message wakes; this thread waits
        // for the channel's end, to reap the engine.
        let channelEnded = DispatchSemaphore(value: 0)
        DispatchQueue.main.async { [self] in
            MainActor.assumeIsolated {
                deliver([.ready(pid: pid, confinement: confinement)])
                EngineChannelReader.start(self, check: check, deliver: deliver) { [self] broken in
                    if let broken { state.withLock { if $0.killedBecause == nil { $0.killedBecause = "it broke the protocol: \(broken)" } } }
                    channelEnded.signal()
                }
            }
        }
        channelEnded.wait()
        finish(started: true, ended: ended, deliver: deliver, reason: nil, otherVersion: nil)
    }

    private struct StartFailure: Error {
        var reason: String
        var otherVersion: UInt32?
    }

    /// Waits for the engine's `ready`, up to `startDeadline`.
    private func awaitReady() -> Result<String, StartFailure> {
        let failure = { (reason: String) in Result<String, StartFailure>.failure(StartFailure(reason: reason)) }
        guard channel.waitReadable(within: Self.startDeadline) else { return failure("it did not start within \(Self.startDeadline.components.seconds) s") }
        let body: [UInt8]?
        do { body = try channel.receive() } catch { return failure(error.description) }
        guard let body else {
            return failure(state.withLock { $0.killedBecause } ?? "it ended before mpv started (see the log above for its last words)")
        }
        let message: EngineMessage
        do { message = try EngineMessage(body: body) } catch { return failure(error.description) }
        guard case .ready(let version, let error, let confinement) = message, message.violation == nil else { return failure("it spoke out of turn") }
        guard version == EngineProtocol.version else {
            return .failure(StartFailure(reason: "it speaks protocol version \(version), this daemon \(EngineProtocol.version)", otherVersion: version))
        }
        return error.isEmpty ? .success(confinement) : failure(error)
    }

    /// The channel has ended: kill and reap the engine, fail what was outstanding, and say why
    /// unless it was asked to quit.
    private func finish(
        started: Bool, ended: EngineExit?, deliver: @escaping @Sendable @MainActor ([Report]) -> Void, reason: String?, otherVersion: UInt32?
    ) {
        channel.shutDown()
        let child = state.withLock { $0.child }
        child?.send(SIGKILL)
        child?.waitForExit()
        let termination = ended?.value.withLock { $0 }
        let (quitting, killedBecause) = state.withLock { state in
            state.ended = true
            state.outstanding = []
            state.watchdog?.cancel()
            state.watchdog = nil
            return (state.quitting, state.killedBecause)
        }
        guard !quitting else { return }
        let report: Report =
            started
            ? .lost(reason: killedBecause ?? Self.describe(termination))
            : .startFailed(reason: reason ?? Self.describe(termination), otherVersion: otherVersion)
        DispatchQueue.main.async { MainActor.assumeIsolated { deliver([report]) } }
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
