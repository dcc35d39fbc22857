// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeGestures
import RemoteBridgeTesting
import Testing

@Suite("Clocks")
@MainActor
struct ClockTests {
    @Test("VirtualClock fires due deadlines earliest first, equal instants in scheduling order")
    func order() {
        let clock = VirtualClock()
        let start = clock.now
        var fired: [String] = []
        _ = clock.schedule(at: start + .milliseconds(30)) { fired.append("30") }
        _ = clock.schedule(at: start + .milliseconds(10)) { fired.append("10a") }
        _ = clock.schedule(at: start + .milliseconds(10)) { fired.append("10b") }
        _ = clock.schedule(at: start + .milliseconds(50)) { fired.append("50") }
        clock.advance(by: .milliseconds(30))
        #expect(fired == ["10a", "10b", "30"])
        #expect(clock.now == start + .milliseconds(30))
        #expect(clock.pendingDeadlineCount == 1)
    }

    @Test("while a deadline runs, now is its instant, and work it schedules in the window fires too")
    func nestedScheduling() {
        let clock = VirtualClock()
        let start = clock.now
        var seen: [Duration] = []
        _ = clock.schedule(at: start + .milliseconds(10)) {
            seen.append(clock.now - start)
            _ = clock.schedule(at: clock.now + .milliseconds(5)) { seen.append(clock.now - start) }
        }
        clock.advance(by: .milliseconds(100))
        #expect(seen == [.milliseconds(10), .milliseconds(15)])
    }

    @Test("a cancelled deadline never fires")
    func cancel() {
        let clock = VirtualClock()
        var fired = false
        let deadline = clock.schedule(at: clock.now + .milliseconds(1)) { fired = true }
        #expect(deadline.isPending)
        deadline.cancel()
        deadline.cancel()
        clock.advance(by: .seconds(1))
        #expect(!fired)
        #expect(!deadline.isPending)
        #expect(clock.pendingDeadlineCount == 0)
    }

    @Test("the continuous clock runs a due deadline on the main actor, and not a cancelled one")
    func continuousClock() async {
        let clock = ContinuousGestureClock()
        var fired: [String] = []
        let cancelled = clock.schedule(at: clock.now) { fired.append("cancelled") }
        cancelled.cancel()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            _ = clock.schedule(at: clock.now) {
                fired.append("due")
                continuation.resume()
            }
        }
        #expect(fired == ["due"])
        #expect(!cancelled.isPending)
    }

    @Test("sleep(for:) on a virtual clock ends when time passes its end, not before")
    func virtualSleep() async throws {
        let clock = VirtualClock()
        var woke = false
        let sleeper = Task { @MainActor in
            try await clock.sleep(for: .milliseconds(250))
            woke = true
        }
        #expect(await until(wokenBy: clock.listeners) { clock.pendingDeadlineCount > 0 })
        clock.advance(by: .milliseconds(249))
        await Task.yield()
        #expect(!woke)
        clock.advance(by: .milliseconds(1))
        try await sleeper.value
        #expect(woke)
    }

    @Test("a cancelled sleep(for:) throws CancellationError and leaves no deadline behind")
    func cancelledSleep() async {
        let clock = VirtualClock()
        let sleeper = Task { @MainActor in try await clock.sleep(for: .seconds(60)) }
        #expect(await until(wokenBy: clock.listeners) { clock.pendingDeadlineCount > 0 })
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.pendingDeadlineCount == 0)
    }

    @Test("VirtualClock announces every change of its pending deadlines: scheduled, cancelled, fired")
    func announcements() {
        let clock = VirtualClock()
        var heard: [VirtualClock.Announcement] = []
        clock.listeners.add { heard.append($0) }
        let start = clock.now
        let cancelled = clock.schedule(at: start + .milliseconds(100)) {}
        _ = clock.schedule(at: start + .milliseconds(200)) {}
        cancelled.cancel()
        cancelled.cancel()
        clock.advance(by: .milliseconds(300))
        #expect(heard == [
            .scheduled(start + .milliseconds(100)), .scheduled(start + .milliseconds(200)),
            .cancelled(start + .milliseconds(100)), .fired(start + .milliseconds(200)),
        ])
        #expect(clock.pendingDeadlineCount == 0)
    }
}
