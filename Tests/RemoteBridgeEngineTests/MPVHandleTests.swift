// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol
import Synchronization
import Testing

@testable import RemoteBridgeEngine
import RemoteBridgePlayer
import RemoteBridgeTesting

/// mpv's event thread cannot always be made: that is an error the engine reports, not a crash.
@Suite("MPVHandle: no thread for mpv's events")
struct MPVEventThreadTests {
    @Test("a thread that cannot be made (a 64 TiB stack) is an MPVError naming what failed, and the handle is freed")
    func threadFailure() throws {
        let handle = try MPVHandle(options: [("config", "no"), ("idle", "yes"), ("ao", "null"), ("vo", "null")])
        #expect {
            try handle.startEvents(stackSize: 1 << 46, positions: { _ in }) { _ in }
        } throws: { error in
            "\(error)".contains("start the mpv events thread")
        }
        // Freed: a call now fails cleanly instead of using a dead handle.
        #expect(throws: MPVError.self) { try handle.command(["stop"]) }
    }
}

/// A command handed to mpv's loop ends through the event thread, in its place among mpv's events.
@Suite("MPVHandle: queued commands are answered among mpv's events")
struct MPVQueuedCommandTests {
    enum Seen: Equatable {
        case reply(UInt64, ok: Bool)
        case seek
        case restart
    }

    @Test("two seeks and a failing command: the first answer comes before the seek event it caused, a restart after the last answer (at its target), and the failure is an answer too")
    func repliesAmongEvents() async throws {
        let media = try await TestMedia.make(count: 1, seconds: 20)
        defer { media.remove() }
        let handle = try MPVHandle(options: [("config", "no"), ("idle", "yes"), ("ao", "null"), ("vo", "null"), ("pause", "yes")])
        let (stream, seen) = AsyncStream.makeStream(of: Seen.self)
        try handle.startEvents(positions: { _ in }, replies: { serial, status, _ in seen.yield(.reply(serial, ok: status >= 0)) }) { event in
            switch event {
            case .seek: seen.yield(.seek)
            case .playbackRestart: seen.yield(.restart)
            case .shutdown: seen.finish()
            default: break
            }
        }
        defer { try? handle.command(["quit"]) }
        var events = stream.makeAsyncIterator()
        try handle.command(["loadfile", media.tones[0].path])
        while let event = await events.next(), event != .restart {}
        try handle.queueCommand(["seek", "5", "absolute"], serial: 41)
        try handle.queueCommand(["seek", "9", "absolute"], serial: 42)
        try handle.queueCommand(["playlist-remove", "7"], serial: 43)
        var order: [Seen] = []
        while !(order.contains(.reply(43, ok: false)) && order.last == .restart), let event = await events.next() {
            order.append(event)
        }
        let first = try #require(order.firstIndex(of: .reply(41, ok: true)), "\(order)")
        let second = try #require(order.firstIndex(of: .reply(42, ok: true)), "\(order)")
        #expect(first < order.firstIndex(of: .seek)!, "the answer to the first seek comes before any seek event: \(order)")
        // mpv may fold the second seek into the first, without a seek event of its own.
        #expect(order[second...].contains(.restart), "mpv restarts after the second answer, at its target: \(order)")
        #expect(try #require(order.firstIndex(of: .reply(43, ok: false))) > second, "answers in the order asked: \(order)")
        #expect(handle.getDouble("time-pos").map { abs($0 - 9) < 0.1 } == true)
    }

    @Test("a command mpv will not take (NUL, unknown name) throws at once and gets no answer")
    func refused() throws {
        let handle = try MPVHandle(options: [("config", "no"), ("idle", "yes"), ("ao", "null"), ("vo", "null")])
        defer { try? handle.command(["quit"]) }
        #expect(throws: MPVError.self) { try handle.queueCommand(["seek", "1\u{0}"], serial: 1) }
        #expect(throws: MPVError.self) { try handle.queueCommand(["no-such-command"], serial: 2) }
    }
}

/// The request thread's wait for a queued command, on a given order of events.
@Suite("QueuedCommand: the request thread waits for the event thread's answer")
struct QueuedCommandTests {
    @Test("answered: the answer is sent before the wait ends; another serial's end is dropped")
    func answered() throws {
        let command = QueuedCommand()
        let sent = Mutex<[UInt64]>([])
        let done = try command.run(serial: 5) { () throws(MPVError) in
            command.finished(4) { sent.withLock { $0.append(4) } }
            command.finished(5) { sent.withLock { $0.append(5) } }
            command.finished(5) { sent.withLock { $0.append(5) } }
        }
        #expect(done)
        #expect(sent.withLock { $0 } == [5], "one answer, to the serial waited on")
    }

    @Test("mpv shuts down before it answers: the wait ends unanswered, and later commands are not waited on")
    func shutDown() throws {
        let command = QueuedCommand()
        let first = try command.run(serial: 1) { () throws(MPVError) in command.ended() }
        #expect(!first)
        var queued = false
        let second = try command.run(serial: 2) { () throws(MPVError) in queued = true }
        #expect(!second)
        #expect(!queued, "nothing is handed to an mpv that has shut down")
    }

    @Test("mpv would not take it: the error is thrown and nothing is waited for")
    func refused() {
        let command = QueuedCommand()
        #expect(throws: MPVError.self) {
            _ = try command.run(serial: 1) { () throws(MPVError) in throw MPVError(operation: "seek", reason: "invalid parameter") }
        }
    }
}
