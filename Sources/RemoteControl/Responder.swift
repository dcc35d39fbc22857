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

    /// Makes a responder that is on no chain yet.
    public init() {}

    /// The next responder up the chain; events this one passes on go there.
    ///
    /// Stored by default. A subclass may override it as a computed property, as UIKit's views do.
    open var next: Responder?

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
        let next = self.next
        guard DeliveryTrace.passOn(from: self, to: next) else { return }
        next?.remoteControlReceived(with: event)
    }
}
