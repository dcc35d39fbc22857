// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RemoteBridgePlayerDaemon

/// `QuietTimeTrim` on a hand-driven timer: each test fires the one timer armed, as a virtual
/// clock would, and counts the trims.
@MainActor
@Suite("The heap trim after a burst")
struct QuietTimeTrimTests {
    /// The timers armed, in order; `fire()` runs the one pending.
    @MainActor
    final class ManualTimers {
        var armed: [(delay: Duration, fire: @MainActor () -> Void)] = []
        var pending: (@MainActor () -> Void)?

        func schedule(_ delay: Duration, _ fire: @escaping @MainActor () -> Void) -> AnyObject {
            armed.append((delay, fire))
            pending = fire
            return self
        }

        func fire() {
            let fire = pending
            pending = nil
            fire?()
        }
    }

    private let timers = ManualTimers()

    private func makeTrim(trimmed: @escaping @MainActor () -> Void) -> QuietTimeTrim {
        QuietTimeTrim(quietTime: .seconds(1), longestWait: .seconds(3), schedule: { [timers] in timers.schedule($0, $1) }, trim: trimmed)
    }

    @Test("no work: no timer, no trim")
    func idleDoesNothing() {
        var trims = 0
        _ = makeTrim { trims += 1 }
        #expect(timers.armed.isEmpty)
        #expect(trims == 0)
    }

    @Test("one piece of work: one trim, a quiet time later, and then no timer")
    func oneBurst() {
        var trims = 0
        let trim = makeTrim { trims += 1 }
        trim.noteWork()
        #expect(timers.armed.count == 1 && timers.armed[0].delay == .seconds(1))
        #expect(trims == 0)
        timers.fire()
        #expect(trims == 1)
        #expect(timers.pending == nil)
    }

    @Test("work during the quiet time puts the trim off until a quiet time has none")
    func workPutsItOff() {
        var trims = 0
        let trim = makeTrim { trims += 1 }
        trim.noteWork()
        trim.noteWork()
        trim.noteWork()
        #expect(timers.armed.count == 1)
        timers.fire()
        #expect(trims == 0)
        #expect(timers.armed.count == 2)
        timers.fire()
        #expect(trims == 1)
        #expect(timers.pending == nil)
    }

    @Test("under work with no quiet in it, the heap is trimmed every longest wait, and the next wait starts")
    func steadyLoad() {
        var trims = 0
        let trim = makeTrim { trims += 1 }
        trim.noteWork()
        for second in 1...6 {
            trim.noteWork()
            timers.fire()
            #expect(trims == second / 3, "after \(second) s")
        }
        #expect(timers.pending != nil)
        timers.fire()
        #expect(trims == 3)
        #expect(timers.pending == nil)
    }
}
