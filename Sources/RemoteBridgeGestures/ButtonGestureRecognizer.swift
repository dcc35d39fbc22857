// SPDX-License-Identifier: Apache-2.0
/// The base class of button gesture recognizers, modelled on `UIGestureRecognizer`.
///
/// A recognizer watches button edges and moves through the guide's state machine:
/// discrete ones go `possible → ended` (or `failed`); continuous ones go
/// `possible → began → changed… → ended` (or `cancelled`), or `possible → failed`.
/// A subclass overrides `buttonDown(_:)`, `buttonUp(_:)`, `deadlineReached()` and `reset()`,
/// and sets `state`. The `ButtonGestureEnvironment` it belongs to decides whether a wish to
/// leave `possible` is granted: it asks the delegate, honours `require(toFail:)`, and keeps
/// recognizers that may not recognize simultaneously apart.
@MainActor
open class ButtonGestureRecognizer {
    /// The states of the guide's finite state machine.
    public enum State: Sendable, Equatable, CustomStringConvertible {
        /// Not recognized yet; the default, and the state after every reset.
        case possible
        /// A continuous gesture has started.
        case began
        /// A continuous gesture has changed.
        case changed
        /// The gesture is over: recognized (discrete) or finished (continuous).
        case ended
        /// A continuous gesture was cancelled after it began.
        case cancelled
        /// The input is not this gesture.
        case failed

        /// A discrete gesture's success: the same state as `ended`.
        public static let recognized = State.ended

        /// True for `ended`, `cancelled` and `failed`: the recognizer waits for a reset.
        public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }

        /// The state's name.
        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }

    private var storedState = State.possible
    private var actions: [@MainActor (ButtonGestureRecognizer) -> Void] = []
    private var deadline: ScheduledDeadline?
    /// The state this recognizer asked for while it waits for `require(toFail:)` recognizers.
    var pendingState: State?
    /// True while this recognizer has asked to begin or recognize and waits for `require(toFail:)`.
    public var isWaitingForOthersToFail: Bool { pendingState != nil }
    /// The recognizers that must fail before this one may recognize.
    private(set) var failureRequirements: [ButtonGestureRecognizer] = []

    /// The environment that feeds this recognizer, once added to one.
    public internal(set) weak var environment: ButtonGestureEnvironment?

    /// Asked before this recognizer begins or recognizes, and about simultaneous recognition.
    public weak var delegate: (any ButtonGestureRecognizerDelegate)?

    /// A name for logs and tests. Default: the type's name.
    open var name: String { String(describing: type(of: self)) }

    /// The longest gap between a release and the next press that still continues a pattern.
    public var maximumClickInterval: Duration = GestureTimings.maximumClickInterval

    /// The shortest press that counts as a hold.
    public var minimumHoldDuration: Duration = GestureTimings.minimumHoldDuration

    /// Makes a recognizer in the `possible` state, with no actions.
    public init() {}

    /// Makes a recognizer that calls `action` on each state change (see `addTarget(_:)`).
    public convenience init(action: @escaping @MainActor (ButtonGestureRecognizer) -> Void) {
        self.init()
        addTarget(action)
    }

    /// The current state. A subclass sets it to move through the state machine; the environment
    /// may refuse, defer, or turn a wish to begin or recognize into `failed`.
    public var state: State {
        get { storedState }
        set {
            if let environment {
                environment.requestTransition(of: self, to: newValue)
            } else if ButtonGestureRecognizer.isAllowed(from: storedState, to: newValue) {
                commit(newValue)
            }
        }
    }

    /// Adds an action, called on every change to `began`, `changed` or `ended`. As in the guide,
    /// changes to `failed` and `cancelled` call no action, and neither does a reset.
    public func addTarget(_ action: @escaping @MainActor (ButtonGestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// Keeps this recognizer `possible` until `other` fails; if `other` begins or recognizes,
    /// this recognizer fails. This is how a click waits for a double-click.
    public func require(toFail other: ButtonGestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0 === other }) else { return }
        failureRequirements.append(other)
    }

    /// Stops waiting for `other`.
    public func removeFailureRequirement(_ other: ButtonGestureRecognizer) {
        failureRequirements.removeAll { $0 === other }
    }

    /// Cancels a gesture that has begun (to `cancelled`), or fails one that is still possible.
    public func cancel() {
        switch storedState {
        case .began, .changed: state = .cancelled
        case .possible: state = .failed
        default: break
        }
    }

    // MARK: For subclasses

    /// Called for each press. Override to track the pattern; the default does nothing.
    open func buttonDown(_ event: ButtonEvent) {}

    /// Called for each release. Override to track the pattern; the default does nothing.
    open func buttonUp(_ event: ButtonEvent) {}

    /// Called when the deadline set with `setDeadline(at:)` passes. The default does nothing.
    open func deadlineReached() {}

    /// Called after the gesture is over, before the next pattern. Override to clear the
    /// subclass's own tracking, and call `super`. The state is `possible` again afterwards.
    open func reset() {}

    /// Asks for `deadlineReached()` at `instant`, replacing any earlier request.
    ///
    /// `instant` is on the edges' time line (`ButtonEvent.timestamp`), which may be behind the
    /// clock when edges are read late; a deadline already past fires at once, after the edges
    /// still waiting (see ``ButtonEdgeSource``).
    public func setDeadline(at instant: ContinuousClock.Instant) {
        clearDeadline()
        guard let clock = environment?.clock else { return }
        let reference = DeadlineReference()
        deadline = clock.schedule(at: instant) { [weak self] in
            guard let self, let deadline = reference.deadline else { return }
            self.environment?.deadlineFired(for: self, deadline: deadline)
        }
        reference.deadline = deadline
    }

    /// Whether `scheduled` is still this recognizer's deadline: not delivered, replaced or
    /// cancelled since it was set.
    func isCurrentDeadline(_ scheduled: ScheduledDeadline) -> Bool {
        deadline === scheduled
    }

    /// Cancels the pending deadline request, if any.
    public func clearDeadline() {
        deadline?.cancel()
        deadline = nil
    }

    /// The instant of the pending deadline request, if any.
    public var deadlineInstant: ContinuousClock.Instant? { deadline?.instant }

    // MARK: Machinery

    /// Moves to `newState` and calls the actions if the guide says so.
    func commit(_ newState: State) {
        storedState = newState
        pendingState = nil
        if newState.isFinished { clearDeadline() }
        guard newState == .began || newState == .changed || newState == .ended else { return }
        for action in actions {
            action(self)
        }
    }

    /// Returns to `possible` without calling any action, and lets the subclass clear its tracking.
    func resetToPossible() {
        clearDeadline()
        storedState = .possible
        pendingState = nil
        reset()
    }

    /// The state machine's legal moves.
    static func isAllowed(from old: State, to new: State) -> Bool {
        switch (old, new) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
    }
}

/// Lets a deadline's body know which deadline it belongs to (the clock returns the deadline
/// only after taking the body), without keeping it alive.
@MainActor
private final class DeadlineReference {
    weak var deadline: ScheduledDeadline?
}
