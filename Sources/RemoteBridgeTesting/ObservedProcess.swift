// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgePrivateBus

/// An outside program run with stdout and stderr on pipes that a test reads as they fill:
/// for a program that runs to its end (`waitForExit(limit:)`) and for one that runs until it is
/// killed, printing a line per change (`playerctl --follow`, `waitForLines(_:limit:)`).
///
/// Nothing waits on a timer: each chunk that arrives wakes whoever waits, and the limits only
/// end a program or a wait that hangs. The program dies with the test process (setpriv's
/// parent-death signal, given by `ChildProcess`), and `deinit` kills it.
@MainActor
public final class ObservedProcess {
    /// Everything written to stdout so far (all of it once the program has ended).
    public var standardOutput: String { String(decoding: outputBytes, as: UTF8.self) }
    /// Everything written to stderr so far.
    public var standardError: String { String(decoding: errorBytes, as: UTF8.self) }
    /// The complete lines of stdout so far, without their newlines (a line still being written
    /// is left out).
    public var lines: [String] {
        var lines = standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()
        return lines
    }
    /// The exit status, 128 + the signal for a program killed by one, as a shell says; nil
    /// until it has ended and both pipes are read to their end.
    public private(set) var status: Int32?

    private let child: ChildProcess
    private var outputBytes: [UInt8] = []
    private var errorBytes: [UInt8] = []
    private let changes = ChangeWaiter()

    /// What the reading threads and the termination handler report.
    private enum Event: Sendable {
        case output([UInt8]), error([UInt8]), outputClosed, errorClosed, exited(Int32)
    }

    /// Starts `executable` (a path) with `arguments` and exactly `environment`, stdin empty.
    public init(executable: String, _ arguments: [String], environment: [String: String]) async throws {
        let events = AsyncStream<Event>.makeStream()
        child = try ChildProcess.spawn(
            [executable] + arguments, environment: environment.map { "\($0.key)=\($0.value)" }, output: .pipe, errors: .pipe
        ) { events.continuation.yield(.exited($0.shellStatus)) }
        Self.readToEnd(child.output, as: { .output($0) }, closed: .outputClosed, into: events.continuation)
        Self.readToEnd(child.errors, as: { .error($0) }, closed: .errorClosed, into: events.continuation)
        Task { @MainActor [weak self] in
            var open = 2
            var exitStatus: Int32?
            for await event in events.stream {
                guard let self else { return }
                switch event {
                case .output(let bytes): self.outputBytes += bytes
                case .error(let bytes): self.errorBytes += bytes
                case .outputClosed, .errorClosed: open -= 1
                case .exited(let code): exitStatus = code
                }
                if open == 0, let exitStatus { self.status = exitStatus }
                self.changes.wake()
                if self.status != nil { return }
            }
        }
    }

    deinit {
        child.send(SIGKILL)
    }

    /// Reads `descriptor` on a thread of its own (a blocking read must not hold one of the few
    /// threads tests run on) until the writer closes it.
    private nonisolated static func readToEnd(
        _ descriptor: Int32, as chunk: @escaping @Sendable ([UInt8]) -> Event, closed: Event, into events: AsyncStream<Event>.Continuation
    ) {
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                events.yield(chunk(Array(buffer[..<count])))
            }
            events.yield(closed)
            close(descriptor)
        }
    }

    /// Kills the program (SIGKILL), if it still runs.
    public func kill() {
        child.send(SIGKILL)
    }

    /// Waits until `condition` holds, checking at each chunk of output and at the end; false if
    /// `limit` passed first.
    public func waitUntil(limit: Duration, _ condition: () -> Bool) async -> Bool {
        await changes.until(limit: limit, condition)
    }

    /// Waits until stdout holds `count` complete lines, or the program ended; false if it has
    /// fewer lines then, or `limit` passed.
    public func waitForLines(_ count: Int, limit: Duration) async -> Bool {
        _ = await waitUntil(limit: limit) { lines.count >= count || status != nil }
        return lines.count >= count
    }

    /// Waits for the end and returns the status; a program still running after `limit` is
    /// killed (a guard against a hang: the test then fails on status 137).
    public func waitForExit(limit: Duration) async -> Int32 {
        if await !waitUntil(limit: limit, { status != nil }) {
            kill()
            _ = await waitUntil(limit: .seconds(10)) { status != nil }
        }
        return status ?? 128 + SIGKILL
    }
}
