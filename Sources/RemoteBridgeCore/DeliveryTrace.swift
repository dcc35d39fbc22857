// SPDX-License-Identifier: Apache-2.0
/// Follows one event up the responder chain to learn which responder kept it.
///
/// Every delivery gets a fresh stamp. The default `Responder.remoteControlReceived(with:)`
/// passes the event on through `pass(_:from:to:)`, which marks the passer with the stamp. When
/// the call to the next responder returns, that responder either carries the stamp (it passed
/// the event on too) or it does not, and then it is the one that kept the event. The first such
/// finding, made while unwinding from the deepest call, is the handler; the check happens while
/// the passer still holds the next responder, so the handler is alive when it is recorded.
///
/// This costs no allocation and no extra reference counting per hop, which is what lets
/// delivery through a 4-deep chain run at millions of events per second.
@MainActor
enum DeliveryTrace {
    /// The stamp of the delivery in progress; 0 outside `sendEvent`.
    private static var stamp: UInt64 = 0
    /// The last stamp handed out.
    private static var lastStamp: UInt64 = 0
    /// The handler of the delivery in progress, once known.
    private static var handler: Responder?

    /// Delivers `event` to `target` and returns the responder that kept it, or nil if it was
    /// passed off the end of the chain. Nested deliveries save and restore the trace.
    static func deliver(_ event: RemoteControlEvent, to target: Responder) -> Responder? {
        let savedStamp = stamp
        let savedHandler = handler
        lastStamp &+= 1
        stamp = lastStamp
        handler = nil
        target.remoteControlReceived(with: event)
        let passedOn = target.passedOnStamp == stamp
        stamp = savedStamp
        // Swapping moves the recorded handler out without another retain.
        var kept = savedHandler
        swap(&kept, &handler)
        return kept ?? (passedOn ? nil : target)
    }

    /// Passes `event` from `responder` to `next`, recording the handler if `next` keeps it.
    static func pass(_ event: RemoteControlEvent, from responder: Responder, to next: consuming Responder?) {
        let current = stamp
        guard current != 0 else {
            // Called outside a delivery, for example by a test calling the method directly.
            next?.remoteControlReceived(with: event)
            return
        }
        // A responder that sees the same delivery twice is on a loop of `next` links: the
        // event is dropped rather than recursing until the stack overflows.
        guard responder.passedOnStamp != current else { return }
        responder.passedOnStamp = current
        guard let next else { return }
        next.remoteControlReceived(with: event)
        // A nested delivery through this responder may have overwritten the mark; restore it.
        responder.passedOnStamp = current
        if handler == nil, next.passedOnStamp != current {
            handler = consume next
        }
    }
}
