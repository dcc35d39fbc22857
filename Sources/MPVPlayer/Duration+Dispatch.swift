import Dispatch

extension Duration {
    /// As a DispatchTimeInterval, in nanoseconds.
    var dispatch: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
