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
@MainActor
public final class HeadsetGestureMap {
    /// Told of each event, stamped with the clock and with source `.headset(gesture.rawValue)`.
    public let listeners = Listeners<RemoteControlEvent>()

    /// The current bindings; unbound gestures are absent.
    public private(set) var bindings: [HeadsetGesture: RemoteControlSubtype]

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
        var defaults: [HeadsetGesture: RemoteControlSubtype] = [:]
        for gesture in HeadsetGesture.allCases {
            defaults[gesture] = gesture.defaultSubtype
        }
        bindings = defaults
        rebuild()
    }

    /// Feeds one edge of the headset button.
    public func handle(_ event: ButtonEvent) {
        environment.handle(event)
    }

    /// Binds `gesture` to `subtype`, or unbinds it with nil. A pattern in progress is abandoned
    /// (a seek in progress is ended first).
    public func bind(_ gesture: HeadsetGesture, to subtype: RemoteControlSubtype?) {
        bindings[gesture] = subtype
        rebuild()
    }

    /// Restores the default bindings.
    public func resetBindings() {
        for gesture in HeadsetGesture.allCases {
            bindings[gesture] = gesture.defaultSubtype
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
        for gesture in HeadsetGesture.allCases where bindings[gesture] != nil {
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
        guard let subtype = bindings[gesture] else { return }
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
