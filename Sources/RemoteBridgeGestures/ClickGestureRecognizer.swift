// SPDX-License-Identifier: Apache-2.0
/// Recognizes a number of quick clicks: presses shorter than `minimumHoldDuration`, each
/// following the last release within `maximumClickInterval`. Discrete: it recognizes on the
/// last release (or, with `require(toFail:)`, once the longer patterns have failed).
@MainActor
open class ClickGestureRecognizer: ButtonGestureRecognizer {
    /// How many clicks make the gesture: 1 for a click, 2 for a double-click.
    public let numberOfClicks: Int
    /// Clicks completed so far in this pattern.
    public private(set) var clickCount = 0
    private var pressedAt: ContinuousClock.Instant?

    /// Makes a recognizer for `numberOfClicks` clicks (at least 1).
    public init(numberOfClicks: Int = 1) {
        self.numberOfClicks = max(1, numberOfClicks)
        super.init()
    }

    /// "click", "double-click", "3-click", ….
    open override var name: String {
        switch numberOfClicks {
        case 1: "click"
        case 2: "double-click"
        case 3: "triple-click"
        default: "\(numberOfClicks)-click"
        }
    }

    open override func buttonDown(_ event: ButtonEvent) {
        guard clickCount < numberOfClicks else { return state = .failed }
        pressedAt = event.timestamp
        setDeadline(at: event.timestamp + minimumHoldDuration)
    }

    open override func buttonUp(_ event: ButtonEvent) {
        guard let pressedAt else { return }
        self.pressedAt = nil
        guard event.timestamp - pressedAt < minimumHoldDuration else { return state = .failed }
        clickCount += 1
        if clickCount == numberOfClicks {
            clearDeadline()
            state = .recognized
        } else {
            setDeadline(at: event.timestamp + maximumClickInterval)
        }
    }

    /// A press held too long is a hold; a gap too long ends the pattern short. Either way, no.
    open override func deadlineReached() {
        state = .failed
    }

    open override func reset() {
        super.reset()
        clickCount = 0
        pressedAt = nil
    }
}
