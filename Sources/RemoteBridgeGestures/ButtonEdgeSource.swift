// SPDX-License-Identifier: Apache-2.0
/// Where button edges come from when they may wait unread: an input device whose records sit in
/// the kernel's buffer while the main actor is busy.
///
/// Recognizers judge a pattern on the times the edges happened (the device's own stamps), not
/// on when they were read. A deadline (the end of a hold, of a multi-click window) that falls
/// due while edges are still unread must not be decided before them: a release 80 ms after its
/// press, read 700 ms late, is a click, not a hold. So before a deadline timer is acted on,
/// ``ButtonGestureEnvironment`` asks its source to hand over every edge waiting now, and takes
/// them and the deadline in time order.
@MainActor
public protocol ButtonEdgeSource: AnyObject {
    /// Hands every edge that has happened but not been handed over yet to the environment
    /// (``ButtonGestureEnvironment/handle(_:)``, or the map's
    /// ``HeadsetGestureMap/handle(_:)``), now and without waiting for more.
    func takeInPendingEdges()
}
