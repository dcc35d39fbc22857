// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import RemoteBridgeCore
import Testing

/// `EventDelivered`'s `monotonic_us`: CLOCK_MONOTONIC, as other programs read it.
@Suite("EventDelivered's clock")
@MainActor
struct MonotonicClockTests {
    /// A clock read with `clock_gettime`, in nanoseconds.
    static func read(_ clock: clockid_t) -> UInt64 {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    @Test("a stamp is CLOCK_MONOTONIC at delivery less the event's age, however far CLOCK_BOOTTIME has run ahead in suspends")
    func conversion() {
        let continuousNow = ContinuousClock.now
        let event = continuousNow - .milliseconds(2)
        #expect(MonotonicClock.microseconds(at: event, continuousNow: continuousNow, monotonicNow: .seconds(5000)) == 4_999_998_000)
        // An hour asleep later, the continuous clock (CLOCK_BOOTTIME) is an hour further on than
        // the monotonic one; an event 2 ms old is still stamped 2 ms before CLOCK_MONOTONIC.
        let afterSuspend = continuousNow + .seconds(3600 + 10)
        #expect(
            MonotonicClock.microseconds(at: afterSuspend - .milliseconds(2), continuousNow: afterSuspend, monotonicNow: .seconds(5010))
                == 5_009_998_000)
        // An instant ahead of the clock (a test's virtual one) counts as now.
        #expect(MonotonicClock.microseconds(at: continuousNow + .seconds(1), continuousNow: continuousNow, monotonicNow: .seconds(7)) == 7_000_000)
    }

    @Test("monotonic_us lies between CLOCK_MONOTONIC readings the caller takes just before and after SendEvent")
    func bracketed() async throws {
        let f = try await MPRISFixture()
        let recorder = try await f.record("EventDelivered", interface: RemoteControl1Interface.name)
        for count in 1...5 {
            let before = Self.read(CLOCK_MONOTONIC)
            _ = try await f.client.sendEvent(.togglePlayPause)
            let after = Self.read(CLOCK_MONOTONIC)
            let bootTime = Self.read(CLOCK_BOOTTIME)
            #expect(await recorder.waitFor(count: count))
            guard count <= recorder.messages.count, case .uint64(let stamp) = recorder.messages[count - 1].body[4] else {
                Issue.record("no stamp in EventDelivered \(count)")
                continue
            }
            #expect(before / 1000 <= stamp && stamp <= (after + 999) / 1000, "\(before / 1000) ≤ \(stamp) ≤ \((after + 999) / 1000)")
            // Where the machine has been suspended since boot, CLOCK_BOOTTIME is ahead by the time
            // slept, and a stamp on it would be too. (On a machine never suspended they agree.)
            if bootTime > after + 1_000_000_000 {
                #expect(stamp < (bootTime - 500_000_000) / 1000, "the stamp follows CLOCK_BOOTTIME")
            }
        }
    }
}
