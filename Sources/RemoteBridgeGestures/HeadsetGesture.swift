// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore

/// The click patterns of a one-button headset, after Apple's headphone remote.
public enum HeadsetGesture: String, CaseIterable, Sendable {
    /// One click.
    case click
    /// Two quick clicks.
    case doubleClick
    /// Three quick clicks.
    case tripleClick
    /// One press, held.
    case hold
    /// A click, then a press held.
    case doubleClickAndHold
    /// Two clicks, then a press held.
    case tripleClickAndHold

    /// Presses in the pattern, the held one included.
    public var numberOfClicks: Int {
        switch self {
        case .click, .hold: 1
        case .doubleClick, .doubleClickAndHold: 2
        case .tripleClick, .tripleClickAndHold: 3
        }
    }

    /// True for the patterns that end in a held press.
    public var isHold: Bool { self == .hold || self == .doubleClickAndHold || self == .tripleClickAndHold }

    /// The kebab-case name used in configuration files: `double-click-and-hold`.
    public var name: String {
        switch self {
        case .click: "click"
        case .doubleClick: "double-click"
        case .tripleClick: "triple-click"
        case .hold: "hold"
        case .doubleClickAndHold: "double-click-and-hold"
        case .tripleClickAndHold: "triple-click-and-hold"
        }
    }

    /// Parses the kebab-case name or the raw value (`double-click` or `doubleClick`).
    public init?(name: String) {
        guard let gesture = Self.allCases.first(where: { $0.name == name || $0.rawValue == name }) else { return nil }
        self = gesture
    }

    /// The default binding, after Apple's headphone remote. `hold` is unbound.
    public var defaultSubtype: RemoteControlSubtype? {
        switch self {
        case .click: .togglePlayPause
        case .doubleClick: .nextTrack
        case .tripleClick: .previousTrack
        case .hold: nil
        case .doubleClickAndHold: .beginSeekingForward
        case .tripleClickAndHold: .beginSeekingBackward
        }
    }

    /// Whether this pattern must wait for `other` to fail before it is certain: `other` starts
    /// the same way and goes on longer (more presses, or the same presses with the last held).
    public func isPrefix(of other: HeadsetGesture) -> Bool {
        guard !isHold, other != self else { return false }
        return other.numberOfClicks > numberOfClicks || (other.numberOfClicks == numberOfClicks && other.isHold)
    }

    /// The recognizer for this pattern.
    @MainActor
    func makeRecognizer() -> ButtonGestureRecognizer {
        isHold ? ClickAndHoldGestureRecognizer(numberOfClicks: numberOfClicks) : ClickGestureRecognizer(numberOfClicks: numberOfClicks)
    }
}
