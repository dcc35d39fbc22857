// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePrivateBus
import Glibc

/// A sound server's process, a `ChildProcess` with no descriptor but stdin, stdout and stderr
/// (/dev/null): a child holding the descriptors other children are watched by kept the
/// player's exit from being seen while the server ran. It dies with the test runner.
final class ServerProcess: Sendable {
    private let child: ChildProcess
    private let exit: Task<Void, Never>

    init(_ arguments: [String], environment: [String: String]) async throws {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        child = try ChildProcess.spawn(arguments, environment: environment.map { "\($0.key)=\($0.value)" }) { _ in continuation.finish() }
        exit = Task { for await _ in stream {} }
    }

    /// Kills it with SIGKILL and waits until it is gone.
    func kill() async {
        child.send(SIGKILL)
        await exit.value
    }
}
