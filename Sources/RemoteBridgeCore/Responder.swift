// SPDX-License-Identifier: Apache-2.0
/// An object that can receive remote-control events and pass them up the responder chain.
///
/// This is UIKit's `UIResponder`, cut down to remote control. Subclass it, override
/// `remoteControlReceived(with:)`, and either handle the event (do not call `super`) or pass
/// it on (call `super`). Never forward to `next` by hand: `super` is how the application
/// learns who kept the event.
@MainActor
open class Responder {
    /// The application whose first-responder stack holds this responder, if any.
    weak var stackOwner: RemoteApplication?
    /// `next` when it is an ordinary responder: held strongly, as a parent holds a child.
    private var nextResponder: Responder?
    /// `next` when it is the application: held weakly, because the application holds its
    /// first-responder stack strongly and a strong link back would be a reference cycle.
    private weak var nextApplication: RemoteApplication?
    /// The stamp of the last delivery this responder passed on; see `DeliveryTrace`.
    var passedOnStamp: UInt64 = 0

    /// Makes a responder that is on no chain yet.
    public init() {}

    /// The next responder up the chain; events this one passes on go there.
    ///
    /// Stored by default. A responder is held strongly, but a `RemoteApplication` is held
    /// weakly: the application owns its first-responder stack, so whoever made the application
    /// keeps it alive. A subclass may override this as a computed property, as UIKit's views do.
    open var next: Responder? {
        get { nextResponder ?? nextApplication }
        set {
            if let application = newValue as? RemoteApplication {
                nextApplication = application
                nextResponder = nil
            } else {
                nextResponder = newValue
                nextApplication = nil
            }
        }
    }

    /// Whether this responder may become first responder. Default false.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder agrees to give up first-responder status. Default true.
    open var canResignFirstResponder: Bool { true }

    /// The name used in delivery outcomes, on D-Bus and in logs. Default: the type's name.
    open var responderName: String { String(describing: type(of: self)) }

    /// True while this responder is at the top of its application's first-responder stack.
    public var isFirstResponder: Bool { stackOwner?.firstResponder === self }

    /// Makes this responder the first responder, pushing it on the stack or moving it to the top.
    ///
    /// The stack holds its responders strongly until they resign or the application is freed.
    ///
    /// Returns false, and changes nothing, when no `RemoteApplication` is on this responder's
    /// `next` chain, when `canBecomeFirstResponder` is false, or when the current first
    /// responder refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard let application = ResponderChain.application(above: self) else { return false }
        guard canBecomeFirstResponder else { return false }
        return application.pushFirstResponder(self)
    }

    /// Gives up first-responder status; the responder below on the stack becomes first again.
    ///
    /// Returns false, and changes nothing, when `canResignFirstResponder` is false. A responder
    /// that is not on any stack resigns trivially and returns true.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        stackOwner?.removeFromStack(self)
        return true
    }

    /// Handles a remote-control event. The default implementation passes it to `next`.
    ///
    /// Override to handle events; call `super` for the ones this responder does not handle.
    open func remoteControlReceived(with event: RemoteControlEvent) {
        DeliveryTrace.pass(event, from: self, to: next)
    }
}
