// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgeCore

/// Turns a headset's single button into remote-control events, after Apple's headphone remote.
///
/// | gesture | default event |
/// |---|---|
/// | click | togglePlayPause |
/// | double-click | nextTrack |
/// | triple-click | previousTrack |
/// | double-click-and-hold | beginSeekingForward on hold, endSeekingForward on release |
/// | triple-click-and-hold | beginSeekingBackward on hold, endSeekingBackward on release |
/// | hold | unbound |
///
/// Only bound gestures have recognizers, and a shorter pattern waits only for the longer
/// bound patterns it could still turn into. With only `click` bound, a click fires on release.
///
/// A gesture may also be bound to something that is not an event (``GestureBinding``, such as
/// more time on the sleep timer): it is recognized the same way, and announced to
/// `actionListeners` instead, once (a hold when it is recognized).
@MainActor
public final class HeadsetGestureMap {
    /// Told of each event, stamped with the clock and with source `.headset(gesture.rawValue)`.
    public let listeners = Listeners<RemoteControlEvent>()

    /// A gesture bound to something other than an event was made.
    public struct Action: Sendable, Equatable {
        /// The gesture.
        public var gesture: HeadsetGesture
        /// What it is bound to (never an `.event`: those go to `listeners`).
        public var binding: GestureBinding
        /// When it was recognized, on the map's clock.
        public var timestamp: ContinuousClock.Instant
    }

    /// Told of each gesture bound to something other than an event, when it is made.
    public let actionListeners = Listeners<Action>()

    /// Every binding; unbound gestures are absent.
    public private(set) var gestureBindings: [HeadsetGesture: GestureBinding]

    /// The gestures bound to events, with their events; unbound gestures, and those bound to
    /// something else (`gestureBindings`), are absent.
    public var bindings: [HeadsetGesture: RemoteControlSubtype] {
        gestureBindings.compactMapValues(\.subtype)
    }

    /// The longest gap between a release and the next press within one pattern.
    /// Default `GestureTimings.maximumClickInterval`.
    public var maximumClickInterval: Duration = GestureTimings.maximumClickInterval {
        didSet { rebuild() }
    }

    /// The shortest press that counts as a hold. Default `GestureTimings.minimumHoldDuration`.
    public var minimumHoldDuration: Duration = GestureTimings.minimumHoldDuration {
        didSet { rebuild() }
    }

    /// Asked for the edges still unread before a deadline is acted on (see ``ButtonEdgeSource``):
    /// headsetd's input devices.
    public weak var edgeSource: (any ButtonEdgeSource)? {
        didSet { environment.edgeSource = edgeSource }
    }

    private let clock: any GestureClock
    private var environment: ButtonGestureEnvironment
    /// The end event owed for a hold that has begun seeking and not been released yet.
    private var owedEnd: (gesture: HeadsetGesture, subtype: RemoteControlSubtype)?

    /// Makes a map with the default bindings.
    public init(clock: any GestureClock) {
        self.clock = clock
        environment = ButtonGestureEnvironment(clock: clock)
        var defaults: [HeadsetGesture: GestureBinding] = [:]
        for gesture in HeadsetGesture.allCases {
            defaults[gesture] = gesture.defaultSubtype.map(GestureBinding.event)
        }
        gestureBindings = defaults
        rebuild()
    }

    /// Feeds one edge of the headset button.
    public func handle(_ event: ButtonEvent) {
        environment.handle(event)
    }

    /// Binds `gesture` to `subtype`, or unbinds it with nil. A pattern in progress is abandoned
    /// (a seek in progress is ended first).
    public func bind(_ gesture: HeadsetGesture, to subtype: RemoteControlSubtype?) {
        bind(gesture, binding: subtype.map(GestureBinding.event))
    }

    /// Binds `gesture` to an event or to something else (announced to `actionListeners`), or
    /// unbinds it with nil. A pattern in progress is abandoned (a seek in progress is ended first).
    public func bind(_ gesture: HeadsetGesture, binding: GestureBinding?) {
        gestureBindings[gesture] = binding
        rebuild()
    }

    /// Restores the default bindings.
    public func resetBindings() {
        for gesture in HeadsetGesture.allCases {
            gestureBindings[gesture] = gesture.defaultSubtype.map(GestureBinding.event)
        }
        rebuild()
    }

    /// The subtype emitted when a hold bound to `subtype` is released, if any.
    static func endSubtype(for subtype: RemoteControlSubtype) -> RemoteControlSubtype? {
        switch subtype {
        case .beginSeekingForward: .endSeekingForward
        case .beginSeekingBackward: .endSeekingBackward
        default: nil
        }
    }

    private func rebuild() {
        if let owed = owedEnd {
            owedEnd = nil
            emit(owed.subtype, for: owed.gesture)
        }
        environment = ButtonGestureEnvironment(clock: clock)
        environment.edgeSource = edgeSource
        var recognizers: [HeadsetGesture: ButtonGestureRecognizer] = [:]
        for gesture in HeadsetGesture.allCases where gestureBindings[gesture] != nil {
            let recognizer = gesture.makeRecognizer()
            recognizer.maximumClickInterval = maximumClickInterval
            recognizer.minimumHoldDuration = minimumHoldDuration
            recognizer.addTarget { [weak self] recognizer in
                self?.recognizerChanged(gesture, to: recognizer.state)
            }
            recognizers[gesture] = recognizer
            environment.add(recognizer)
        }
        for (gesture, recognizer) in recognizers {
            for (longer, other) in recognizers where gesture.isPrefix(of: longer) {
                recognizer.require(toFail: other)
            }
        }
    }

    private func recognizerChanged(_ gesture: HeadsetGesture, to state: ButtonGestureRecognizer.State) {
        guard let binding = gestureBindings[gesture] else { return }
        guard case .event(let subtype) = binding else {
            // Once: a hold when it is recognized, a click pattern when it ends.
            if state == (gesture.isHold ? .began : .ended) {
                actionListeners.announce(Action(gesture: gesture, binding: binding, timestamp: clock.now))
            }
            return
        }
        switch state {
        case .began:
            emit(subtype, for: gesture)
            if let end = Self.endSubtype(for: subtype) { owedEnd = (gesture, end) }
        case .ended where gesture.isHold:
            if let owed = owedEnd, owed.gesture == gesture {
                owedEnd = nil
                emit(owed.subtype, for: gesture)
            }
        case .ended:
            emit(subtype, for: gesture)
        default:
            break
        }
    }

    private func emit(_ subtype: RemoteControlSubtype, for gesture: HeadsetGesture) {
        listeners.announce(RemoteControlEvent(subtype: subtype, source: .headset(gesture.rawValue), timestamp: clock.now))
    }
}
