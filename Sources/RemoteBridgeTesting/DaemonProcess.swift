// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgePrivateBus
import RemoteBridgeDBus
import Foundation
import SystemPackage

/// One of the package's programs (`remote-playerd`, `headsetd`) run as a separate process on a
/// test bus, so that a test can kill it at any moment, freeze it, and see how it exits.
///
/// The process gets the parent-death signal (SIGKILL), so it dies with the test runner even if
/// the runner is killed; `deinit` kills it too, so a failing test leaves nothing behind.
@MainActor
public final class DaemonProcess {
    /// The process id.
    public let pid: pid_t
    private var exitStatus: Int32?
    private var exitWaiters: [CheckedContinuation<Int32, Never>] = []
    private let child: ChildProcess
    /// Everything it has written to stderr so far (all of it once it has exited).
    public var standardError: String { String(decoding: errorBytes, as: UTF8.self) }
    /// The bytes of `standardError`, as they came.
    private var errorBytes = Data()
    /// Told on the main actor each time more of stderr has come, so a test can wait for a log
    /// line while the process runs.
    public let standardErrorGrew = Listeners<Void>()

    /// Starts the debug build of `product` with `arguments` and `environment` added to ours.
    /// Returns once the process runs (not once it is on the bus; see `waitForName`).
    public convenience init(
        _ product: String, _ arguments: [String], environment: [String: String] = [:], workingDirectory: String? = nil
    ) async throws {
        try await self.init(executable: BuiltProduct.debug(product), arguments, environment: environment, workingDirectory: workingDirectory)
    }

    /// Starts `executable` (a path) with `arguments`, and `environment` added to ours, in
    /// `workingDirectory` if given.
    public init(executable: String, _ arguments: [String], environment: [String: String] = [:], workingDirectory: String? = nil) async throws {
        let exited = AsyncStream<Int32>.makeStream()
        let environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        child = try ChildProcess.spawn([executable] + arguments, environment: environment, workingDirectory: workingDirectory, errors: .pipe) {
            switch $0 {
            case .exited(let code): exited.continuation.yield(code)
            case .signaled(let signal): exited.continuation.yield(-signal)
            }
        }
        pid = child.pid
        // stderr is read from the start, as it comes: a chatty program (--log-level debug) must
        // never block on a full pipe.
        let errors = child.errors
        // On a thread of its own: a read that blocks for the daemon's whole life must not hold
        // one of the few threads Swift concurrency runs tests on.
        let chunks = AsyncStream<Data>.makeStream()
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = read(errors, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                chunks.continuation.yield(Data(buffer[..<count]))
            }
            close(errors)
            chunks.continuation.finish()
        }
        Task { @MainActor [weak self] in
            for await chunk in chunks.stream {
                self?.errorBytes.append(chunk)
                self?.standardErrorGrew.announce(())
            }
            var statuses = exited.stream.makeAsyncIterator()
            let status = await statuses.next() ?? -1
            self?.exited(status)
        }
    }

    deinit {
        child.send(SIGKILL)
    }

    private func exited(_ status: Int32) {
        exitStatus = status
        let waiters = exitWaiters
        exitWaiters = []
        for waiter in waiters { waiter.resume(returning: status) }
    }

    /// Sends `signal`.
    public func send(_ signal: Int32) {
        child.send(signal)
    }

    /// Freezes the process with SIGSTOP and returns once the kernel shows it stopped (state T
    /// in /proc/PID/stat, a matter of microseconds), so nothing a test sends afterwards can
    /// still be handled by it. (/proc, not waitid: the child is `ChildProcess`'s to wait
    /// for and reap.)
    public func freeze() async {
        child.send(SIGSTOP)
        // Nothing announces the stop to us (the child is ChildProcess's to wait for), so /proc
        // is asked between yields, bounded by time, not by a count of looks.
        let deadline = ContinuousClock.now + .seconds(10)
        while !isStopped, ContinuousClock.now < deadline {
            await Task.yield()
        }
    }

    /// Whether /proc says the process is stopped.
    private var isStopped: Bool {
        // One read(2) of the short stat line.
        guard let file = try? FileDescriptor.open(FilePath("/proc/\(pid)/stat"), .readOnly) else { return false }
        defer { try? file.close() }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = (try? buffer.withUnsafeMutableBytes { try file.read(into: $0) }) ?? 0
        let stat = String(decoding: buffer.prefix(count), as: UTF8.self)
        guard let end = stat.range(of: ") ", options: .backwards) else { return false }
        return stat[end.upperBound...].first == "T"
    }

    /// Waits for the exit: the exit status, or minus the signal that ended it. A process that has
    /// not ended after `limit` is killed (SIGKILL): a guard against a hung test, which then fails
    /// on the status instead of hanging CI. A `limit` of nil waits as long as the process runs
    /// (a benchmark's contender, watched for an early exit while it is measured).
    public func waitForExit(limit: Duration? = .seconds(20)) async -> Int32 {
        guard let limit else { return await exited() }
        let guardTask = Task { @MainActor [weak self] in
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            self?.send(SIGKILL)
        }
        defer { guardTask.cancel() }
        return await exited()
    }

    /// The exit status once the process has ended, however long that takes.
    private func exited() async -> Int32 {
        if let exitStatus { return exitStatus }
        return await withCheckedContinuation { exitWaiters.append($0) }
    }

    /// Waits until this process owns `name` on `connection`'s bus (by NameOwnerChanged, not by
    /// polling). An owner left over from an earlier process does not count. Returns false if the
    /// process exited first, or after `limit` (a guard against a hung test).
    public func waitForName(_ name: String, on connection: DBusConnection, limit: Duration = .seconds(20)) async throws -> Bool {
        let changes = try await SignalRecorder.start(on: connection, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: name))
        let watcher = Task { @MainActor [weak self, weak changes] in
            _ = await self?.exited()
            changes?.releaseAll()
        }
        defer { watcher.cancel() }
        let deadline = ContinuousClock.now + limit
        while exitStatus == nil, ContinuousClock.now < deadline {
            let seen = changes.messages.count
            if await ownsName(name, on: connection) { return true }
            _ = await changes.waitFor(count: seen + 1, limit: deadline - ContinuousClock.now)
        }
        return await ownsName(name, on: connection)
    }

    private func ownsName(_ name: String, on connection: DBusConnection) async -> Bool {
        await connection.processID(of: name) == Int64(pid)
    }
}
