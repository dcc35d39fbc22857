// SPDX-License-Identifier: Apache-2.0
import Dispatch

/// The conversions between `Duration` and the numbers other APIs speak: microseconds for
/// MPRIS, milliseconds for libdbus and poll(2), seconds as a Double for config files, state
/// files and terminals, and Dispatch intervals for timers. Written once here, used everywhere.
extension Duration {
    /// Whole microseconds, rounded toward zero, saturating at the ends of Int64.
    public var microseconds: Int64 { whole(per: 1_000_000) }

    /// Whole milliseconds, rounded toward zero, saturating at the ends of Int64.
    public var milliseconds: Int64 { whole(per: 1_000) }

    /// The length in seconds, as a Double.
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The length in seconds as help texts and config files write it: `30`, `0.3`, `1.25`, with
    /// no fraction when it is whole.
    public var secondsText: String {
        let seconds = inSeconds
        return seconds == seconds.rounded() ? String(Int64(seconds)) : String(seconds)
    }

    /// The length in seconds with three decimals, as mpv's time arguments take it: `12.345`,
    /// `-0.500`, `0.000`; clamped far beyond any real position, so it cannot trap.
    public var decimalSeconds: String {
        let thousandths = Int64(min(max(inSeconds * 1000, -1e15), 1e15).rounded())
        let fraction = String(thousandths.magnitude % 1000)
        let sign = thousandths < 0 ? "-" : ""
        return "\(sign)\(thousandths.magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// As a DispatchTimeInterval, in whole nanoseconds.
    public var dispatch: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }

    /// `seconds`, rounded to the millisecond (so 0.3 is exactly `.milliseconds(300)`); nil for
    /// NaN, infinity, or more than Int64 milliseconds can hold.
    public static func milliseconds(rounding seconds: Double) -> Duration? {
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds.isFinite, let whole = Int64(exactly: milliseconds) else { return nil }
        return .milliseconds(whole)
    }

    private func whole(per second: Int64) -> Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: second)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (sum, overflow2) = product.addingReportingOverflow(attoseconds / (1_000_000_000_000_000_000 / second))
        return overflow2 ? (seconds < 0 ? .min : .max) : sum
    }
}
