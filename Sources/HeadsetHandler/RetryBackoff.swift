/// The waits between attempts at a call that went unanswered: `first`, then twice the wait
/// before, never more than `cap`. headsetd uses it for BlueZ, which answers nothing for a few
/// seconds while bluetoothd starts beside it at boot.
struct RetryBackoff: Sendable {
    /// The wait before the first retry.
    var first: Duration = .seconds(1)
    /// The longest wait.
    var cap: Duration = .seconds(30)

    /// The wait before retry number `retry` (1 is the first).
    func delay(before retry: Int) -> Duration {
        var delay = first
        for _ in 1..<max(1, retry) where delay < cap { delay *= 2 }
        return min(delay, cap)
    }
}
