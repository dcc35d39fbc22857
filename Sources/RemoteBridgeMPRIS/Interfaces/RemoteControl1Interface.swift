// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// `io.github.remotebridge.RemoteControl1`, RemoteBridge's own interface on the MPRIS object:
/// send any event, and watch the responder chain. Declared once for remote-playerd and remotectl.
public enum RemoteControl1Interface {
    /// The interface name.
    public static let name = "io.github.remotebridge.RemoteControl1"

    /// `SendEvent(s subtype, a{sv} options) → (s outcome, s responder)`.
    public static let sendEvent = DBusMethodDeclaration(
        name, "SendEvent", inputs: [DBusArgument("subtype", "s"), DBusArgument("options", "a{sv}")],
        outputs: [DBusArgument("outcome", "s"), DBusArgument("responder", "s")])

    /// `Receiving`.
    public static let receiving = DBusPropertyDeclaration(name, "Receiving", "b")
    /// `NowPlaying`.
    public static let nowPlaying = DBusPropertyDeclaration(name, "NowPlaying", "b")
    /// `FirstResponder`.
    public static let firstResponder = DBusPropertyDeclaration(name, "FirstResponder", "s")
    /// `ResponderChain`.
    public static let responderChain = DBusPropertyDeclaration(name, "ResponderChain", "as")
    /// `QueueLoading`: while a large folder or playlist is still being read into the queue, how
    /// far it has come, in words ("reading ~/Music: 40000 entries so far"); empty otherwise.
    public static let queueLoading = DBusPropertyDeclaration(name, "QueueLoading", "s")

    /// `EventDelivered(s subtype, s source, s outcome, s responder, t monotonic_us)`.
    /// `monotonic_us` is when the event happened, in microseconds of CLOCK_MONOTONIC (as
    /// `clock_gettime(CLOCK_MONOTONIC)` reads it: time since boot, not counting suspend).
    public static let eventDelivered = DBusSignalDeclaration(
        name, "EventDelivered",
        [
            DBusArgument("subtype", "s"), DBusArgument("source", "s"), DBusArgument("outcome", "s"),
            DBusArgument("responder", "s"), DBusArgument("monotonic_us", "t"),
        ])

    /// The whole interface.
    public static let declaration = DBusInterfaceDeclaration(
        name, methods: [sendEvent], properties: [receiving, nowPlaying, firstResponder, responderChain, queueLoading], signals: [eventDelivered])
}
