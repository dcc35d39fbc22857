/// Follows one event up the responder chain to learn which responder kept it.
///
/// The default `Responder.remoteControlReceived(with:)` reports every pass-on here. The
/// responder holding the event when the outermost call returns is the one that handled it;
/// if the last holder passed it on to nothing, the event was discarded. Nested `sendEvent`
/// calls (a responder sending an event while handling one) save and restore the trace.
@MainActor
enum DeliveryTrace {
    /// The state of the delivery in progress.
    struct State {
        /// The responder holding the event, or nil once it has been passed off the end of the chain.
        var holder: Responder?
        /// How many times the event has been passed on.
        var hops = 0
    }

    /// The delivery in progress, or nil outside `sendEvent`.
    private static var current: State?

    /// Delivers `event` to `target` and returns the responder that kept it, if any.
    static func deliver(_ event: RemoteControlEvent, to target: Responder) -> Responder? {
        let saved = current
        current = State(holder: target)
        defer { current = saved }
        target.remoteControlReceived(with: event)
        return current?.holder
    }

    /// Records that `responder` passed the event on to `next`.
    ///
    /// Returns false when the event must go no further: its chain loops back on itself.
    static func passOn(from responder: Responder, to next: Responder?) -> Bool {
        guard var state = current else { return true }
        state.hops += 1
        guard state.hops <= ResponderChain.maximumLength else {
            // A looped chain: drop the event rather than recurse until the stack overflows.
            state.holder = nil
            current = state
            return false
        }
        if state.holder === responder { state.holder = next }
        current = state
        return true
    }
}
