// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeEngineProtocol
import RemoteBridgeProcess
import Synchronization

/// How an engine program ended, written by its watching thread.
final class EngineExit: Sendable {
    let value = Mutex<ChildProcess.Termination?>(nil)
}

/// The engine program started, and loading libmpv and the libraries under it (the dynamic
/// loader's work, about 70 ms), but not told to start mpv: it waits for `start` on its channel.
/// What a daemon started by D-Bus activation prepares, so that the Play on its way finds the
/// libraries loaded (`EngineClient.prepare()`).
final class PreparedEngine: Sendable {
    let child: ChildProcess
    let channel: EngineChannel
    let ended: EngineExit

    private init(child: ChildProcess, channel: EngineChannel, ended: EngineExit) {
        self.child = child
        self.channel = channel
        self.ended = ended
    }

    /// Starts the engine program at `executable` with `environment` (its whole environment).
    static func spawn(executable: String, environment: [String]) throws(PlayerError) -> PreparedEngine {
        let spawning = try Spawning.make(executable: executable, environment: environment)
        switch spawning.spawn() {
        case .success(let (child, ended)): return PreparedEngine(child: child, channel: spawning.channel, ended: ended)
        case .failure(let error): throw error
        }
    }

    /// An engine's channel made, its program not started yet: what `EngineConnection` starts on
    /// its own thread, so that the caller never waits for the spawn.
    struct Spawning: Sendable {
        /// The daemon's end.
        let channel: EngineChannel
        /// The engine's end, passed to it as descriptor 3, closed here once it is.
        private let theirs: Int32
        private let executable: String
        private let environment: [String]

        /// Makes the channel.
        static func make(executable: String, environment: [String]) throws(PlayerError) -> Spawning {
            guard let (ours, theirs) = EngineChannel.pair() else {
                throw PlayerError(operation: "start the engine", reason: "no socketpair: \(String(cString: strerror(errno)))")
            }
            return Spawning(channel: EngineChannel(descriptor: ours), theirs: theirs, executable: executable, environment: environment)
        }

        /// Starts the program, handing it its end of the channel.
        func spawn() -> Result<(ChildProcess, EngineExit), PlayerError> {
            defer { close(theirs) }
            let ended = EngineExit()
            do {
                let child = try ChildProcess.spawn(
                    [executable], environment: environment, errors: .inherit, passing: theirs, diesWithUs: false,
                    whenExited: { termination in ended.value.withLock { $0 = termination } })
                return .success((child, ended))
            } catch {
                return .failure(PlayerError(operation: "start the engine \(executable)", reason: error.description))
            }
        }

        /// Gives up before the spawn: the engine's end is closed.
        func abandon() {
            close(theirs)
        }
    }

    /// Whether it has ended already (killed, or out of memory): reaped, or a zombie waiting to be.
    var hasEnded: Bool {
        guard ended.value.withLock({ $0 == nil }), let state = ProcessFiles.state("/proc/\(child.pid)/stat") else { return true }
        return state == "Z" || state == "X"
    }

    /// Ends it unused: its channel closes, and it exits; killed to be sure.
    func discard() {
        channel.shutDown()
        child.send(SIGKILL)
    }
}
