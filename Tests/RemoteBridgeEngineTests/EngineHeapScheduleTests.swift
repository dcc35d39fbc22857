// SPDX-License-Identifier: Apache-2.0
import Synchronization
import Testing

@testable import RemoteBridgeEngine

/// When the engine gives its heap's free pages back: `settleAfter` after the last file opened,
/// never during a burst of opens, once per burst. On instants given, not the clock.
@Suite("EngineHeap: when the free pages go back")
struct EngineHeapScheduleTests {
    final class Releases: Sendable {
        let count = Mutex(0)
    }

    @Test("nothing is due before a file opens; due settleAfter after the last one opened, each open pushing it back; released once")
    func schedule() {
        let releases = Releases()
        let heap = EngineHeap(release: { releases.count.withLock { $0 += 1 } })
        let start = ContinuousClock.now
        #expect(heap.secondsUntilDue(at: start) == nil, "nothing opened: no wakeup asked")
        #expect(!heap.settleIfDue(at: start + .seconds(60)))

        heap.opening(at: start)
        #expect(heap.secondsUntilDue(at: start).map { abs($0 - EngineHeap.settleAfter.inSeconds) < 1e-6 } == true)
        // A burst: an open every 100 ms for 3 s; nothing goes back meanwhile.
        var now = start
        for _ in 0..<30 {
            now += .milliseconds(100)
            #expect(!heap.settleIfDue(at: now))
            heap.opening(at: now)
        }
        #expect(!heap.settleIfDue(at: now + EngineHeap.settleAfter - .milliseconds(1)))
        #expect(heap.secondsUntilDue(at: now + EngineHeap.settleAfter + .seconds(5)) == 0, "overdue reads 0, not less")
        #expect(heap.settleIfDue(at: now + EngineHeap.settleAfter))
        #expect(releases.count.withLock { $0 } == 1)
        #expect(heap.secondsUntilDue(at: now + .seconds(10)) == nil, "released: nothing due until the next open")
        #expect(!heap.settleIfDue(at: now + .seconds(10)))
        #expect(releases.count.withLock { $0 } == 1)
    }
}
