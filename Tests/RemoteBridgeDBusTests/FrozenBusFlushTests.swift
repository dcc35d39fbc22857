// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

/// The bus I/O runs on the main actor, so nothing in it may wait for the bus: a connection whose
/// bus has stopped reading (SIGSTOP) queues what it sends, `flush()` waits without blocking the
/// main actor, and everything goes out once the bus reads again.
@Suite("a frozen bus never blocks the main actor")
@MainActor
struct FrozenBusFlushTests {
    @Test("8 MiB sent to a frozen bus: flush waits while the main actor runs on, and returns once the bus is thawed, with the signal delivered whole")
    func flushWaitsWithoutBlocking() async throws {
        let f = try await DBusFixture()
        let received = try await SignalRecorder.start(on: f.client, MatchRule(signal: DBusFixture.happened))
        kill(f.bus.pid, SIGSTOP)
        var thawed = false
        defer { if !thawed { kill(f.bus.pid, SIGCONT) } }
        let text = String(repeating: "x", count: 8 << 20)
        try f.object.emit(DBusFixture.happened, [.string(text)])
        var flushed = false
        let flush = Task { @MainActor in
            await f.server.flush()
            flushed = true
        }
        // The main actor keeps running while the flush waits: 200 turns of it.
        for _ in 0..<200 { await Task.yield() }
        #expect(!flushed, "the flush returned while the bus was frozen, with 8 MiB it cannot have read")
        kill(f.bus.pid, SIGCONT)
        thawed = true
        await flush.value
        #expect(flushed)
        #expect(await received.waitFor(count: 1))
        #expect(received.messages.first?.body.first?.stringValue?.utf8.count == text.utf8.count)
    }
}
