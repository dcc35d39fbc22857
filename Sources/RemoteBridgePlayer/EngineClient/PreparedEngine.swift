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
        guard let (ours, theirs) = EngineChannel.pair() else {
            throw PlayerError(operation: "start the engine", reason: "no socketpair: \(String(cString: strerror(errno)))")
        }
        let channel = EngineChannel(descriptor: ours)
        let ended = EngineExit()
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                [executable], environment: environment, errors: .inherit, passing: theirs, diesWithUs: false,
                whenExited: { termination in ended.value.withLock { $0 = termination } })
        } catch {
            close(theirs)
            throw PlayerError(operation: "start the engine \(executable)", reason: error.description)
        }
        close(theirs)
        return PreparedEngine(child: child, channel: channel, ended: ended)
    }

    /// Ends it unused: its channel closes, and it exits; killed to be sure.
    func discard() {
        channel.shutDown()
        child.send(SIGKILL)
    }
}
