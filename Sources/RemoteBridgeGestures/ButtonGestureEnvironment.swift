// SPDX-License-Identifier: Apache-2.0
/// Feeds button edges to a set of recognizers and arbitrates between them, as UIKit's gesture
/// environment does for touches.
///
/// - A recognizer that wants to begin or recognize is asked about by its delegate
///   (`gestureRecognizerShouldBegin`), and waits while any recognizer it requires to fail is
///   still possible. If one of those begins or recognizes, it fails instead.
/// - When a recognizer begins or recognizes, every other recognizer still possible fails,
///   unless a delegate lets the two recognize simultaneously.
/// - A pattern is over when every button is up and no recognizer is still at work: none has
///   begun, none is waiting to recognize, and none has a deadline. Then every recognizer is
///   reset to `possible`, calling no action, and the next press starts a new pattern.
///
/// A recognizer that is partway through a pattern while the button is up must therefore keep
/// a deadline (the click interval), which is also how it learns that the pattern has ended.
@MainActor
public final class ButtonGestureEnvironment {
    /// The clock that runs the recognizers' deadlines.
    public let clock: any GestureClock
    /// The recognizers, in the order they were added; each sees every button edge in this order.
    public private(set) var recognizers: [ButtonGestureRecognizer] = []
    /// Asked for the edges still waiting to be read before a deadline timer is acted on (in
    /// headsetd, its input devices); nil when every edge is handed over as it happens.
    public weak var edgeSource: (any ButtonEdgeSource)?
    private var buttonsDown: Set<Button> = []
    /// The time of the last edge taken in: an edge stamped earlier is taken as at that time.
    private var lastEdgeTimestamp: ContinuousClock.Instant?
    private var patternInProgress = false
    /// True while an edge or a deadline is being delivered; the pattern end is checked after.
    private var isDelivering = false

    /// Makes an environment with no recognizers.
    public init(clock: any GestureClock) {
        self.clock = clock
    }

    /// Adds a recognizer; it takes part from the next button edge on.
    public func add(_ recognizer: ButtonGestureRecognizer) {
        if let previous = recognizer.environment, previous !== self {
            previous.remove(recognizer)
        }
        guard recognizer.environment !== self else { return }
        recognizer.resetToPossible()
        recognizer.environment = self
        recognizers.append(recognizer)
    }

    /// Removes a recognizer. Recognizers that were waiting for it to fail stop waiting.
    public func remove(_ recognizer: ButtonGestureRecognizer) {
        guard recognizer.environment === self else { return }
        recognizer.resetToPossible()
        recognizer.environment = nil
        recognizers.removeAll { $0 === recognizer }
        requirementResolved(recognizer)
        endPatternIfOver()
    }

    /// Whether any button is held down.
    public var isButtonDown: Bool { !buttonsDown.isEmpty }

    /// Delivers one button edge to every recognizer that is still at work.
    ///
    /// The edge's timestamp is when it happened (a device's stamp), which may be well before it
    /// is read. Deadlines that fall due at or before that time are delivered first, so a late
    /// timer never lets a slow second press count as a double-click, and a late read never
    /// lets a hold deadline pass before the release that came in time. Edges are taken in time
    /// order: one stamped before the edge before it (two devices, or a device without stamps
    /// beside one with them) is taken as at that edge's time. A second press of a button that
    /// is already down, or a release of one that is up, is ignored.
    public func handle(_ event: ButtonEvent) {
        var event = event
        if let lastEdgeTimestamp, event.timestamp < lastEdgeTimestamp { event.timestamp = lastEdgeTimestamp }
        lastEdgeTimestamp = event.timestamp
        deliverDeadlines(dueBy: event.timestamp)
        switch event.phase {
        case .down:
            guard buttonsDown.insert(event.button).inserted else { return }
            patternInProgress = true
        case .up:
            guard buttonsDown.remove(event.button) != nil else { return }
        }
        delivering {
            for recognizer in recognizers where !recognizer.state.isFinished {
                switch event.phase {
                case .down: recognizer.buttonDown(event)
                case .up: recognizer.buttonUp(event)
                }
            }
        }
    }

    // MARK: Called by recognizers

    /// The timer of `recognizer`'s deadline fired. The edges still waiting to be read are taken
    /// in first (`edgeSource`): each delivers, in time order, the deadlines due before it, this
    /// one included, and may replace this one (a second press within the click interval). Only
    /// a deadline still standing after them is delivered here.
    func deadlineFired(for recognizer: ButtonGestureRecognizer, deadline: ScheduledDeadline) {
        edgeSource?.takeInPendingEdges()
        guard recognizer.isCurrentDeadline(deadline) else { return }
        recognizer.clearDeadline()
        deliverDeadline(to: recognizer)
    }

    /// A recognizer's deadline passed.
    func deliverDeadline(to recognizer: ButtonGestureRecognizer) {
        guard !recognizer.state.isFinished else { return }
        delivering { recognizer.deadlineReached() }
    }

    /// A recognizer (its subclass, or `cancel()`) asked to change state.
    func requestTransition(of recognizer: ButtonGestureRecognizer, to newState: ButtonGestureRecognizer.State) {
        let oldState = recognizer.state
        guard ButtonGestureRecognizer.isAllowed(from: oldState, to: newState) else { return }
        switch (oldState, newState) {
        case (.possible, .began), (.possible, .ended):
            if recognizer.failureRequirements.contains(where: \.hasRecognized) {
                fail(recognizer)
            } else if recognizer.failureRequirements.contains(where: { $0.state == .possible && $0.environment === self }) {
                recognizer.pendingState = newState
            } else {
                recognize(recognizer, as: newState)
            }
        case (_, .failed):
            fail(recognizer)
        default:
            recognizer.commit(newState)
        }
        if !isDelivering { endPatternIfOver() }
    }

    // MARK: Arbitration

    private func recognize(_ recognizer: ButtonGestureRecognizer, as newState: ButtonGestureRecognizer.State) {
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            return fail(recognizer)
        }
        let blocked = recognizers.contains { other in
            other !== recognizer && other.hasRecognized && !canRecognizeTogether(recognizer, other)
        }
        if blocked { return fail(recognizer) }
        recognizer.commit(newState)
        for other in recognizers where other !== recognizer && other.state == .possible {
            let waitsForThis = other.failureRequirements.contains { $0 === recognizer }
            if waitsForThis || !canRecognizeTogether(recognizer, other) {
                fail(other)
            }
        }
    }

    private func fail(_ recognizer: ButtonGestureRecognizer) {
        guard recognizer.state == .possible else { return }
        recognizer.commit(.failed)
        requirementResolved(recognizer)
    }

    /// `resolved` failed or left: recognizers waiting only for it may now recognize.
    private func requirementResolved(_ resolved: ButtonGestureRecognizer) {
        for waiting in recognizers where waiting.state == .possible && waiting.pendingState != nil {
            guard waiting.failureRequirements.contains(where: { $0 === resolved }) else { continue }
            let stillWaiting = waiting.failureRequirements.contains { $0.state == .possible && $0.environment === self }
            if !stillWaiting, let pending = waiting.pendingState {
                recognize(waiting, as: pending)
            }
        }
    }

    private func canRecognizeTogether(_ a: ButtonGestureRecognizer, _ b: ButtonGestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    // MARK: Patterns and deadlines

    /// Runs `body`, then ends the pattern if it is over. Nested calls check only once, at the end.
    private func delivering(_ body: () -> Void) {
        let outermost = !isDelivering
        isDelivering = true
        body()
        if outermost {
            isDelivering = false
            endPatternIfOver()
        }
    }

    private func endPatternIfOver() {
        guard patternInProgress, buttonsDown.isEmpty else { return }
        let atWork = recognizers.contains { recognizer in
            switch recognizer.state {
            case .began, .changed: true
            case .possible: recognizer.pendingState != nil || recognizer.deadlineInstant != nil
            case .ended, .cancelled, .failed: false
            }
        }
        guard !atWork else { return }
        patternInProgress = false
        for recognizer in recognizers {
            recognizer.resetToPossible()
        }
    }

    private func deliverDeadlines(dueBy instant: ContinuousClock.Instant) {
        while let (recognizer, _) = recognizers
            .compactMap({ recognizer in recognizer.deadlineInstant.map { (recognizer, $0) } })
            .filter({ $0.1 <= instant })
            .min(by: { $0.1 < $1.1 })
        {
            recognizer.clearDeadline()
            deliverDeadline(to: recognizer)
        }
    }
}

extension ButtonGestureRecognizer {
    /// True once the recognizer has begun or recognized in the current pattern.
    var hasRecognized: Bool { state == .began || state == .changed || state == .ended }
}
