// SPDX-License-Identifier: Apache-2.0
/// The waits between attempts at a call that went unanswered: `first`, then twice the wait
/// before, never more than `cap`. headsetd uses it for BlueZ, which answers nothing for a few
/// seconds while bluetoothd starts beside it at boot, and for a system bus that went away.
public struct RetryBackoff: Sendable {
    /// The wait before the first retry.
    public var first: Duration = .seconds(1)
    /// The longest wait.
    public var cap: Duration = .seconds(30)

    /// The defaults.
    public init() {}

    /// The schedule in words, for help texts: "after 1, 2, 4 ... seconds, at most 30 apart".
    public var schedule: String {
        let steps = (1...3).map { String(Int(delay(before: $0).components.seconds)) }
        return "after \(steps.joined(separator: ", ")) ... seconds, at most \(cap.components.seconds) apart"
    }

    /// The wait before retry number `retry` (1 is the first).
    public func delay(before retry: Int) -> Duration {
        var delay = first
        for _ in 1..<max(1, retry) where delay < cap { delay *= 2 }
        return min(delay, cap)
    }

    /// The number of the first retry that waits the whole `cap`: 6 with the defaults (1, 2, 4,
    /// 8, 16, then 30 s: about a minute in all). A schedule that never grows stops at 64.
    public var retriesToCap: Int {
        (1...64).first { delay(before: $0) >= cap } ?? 64
    }
}
