// SPDX-License-Identifier: Apache-2.0
/// Recognizes clicks followed by a held press: `numberOfClicks` presses in all, the last one
/// held for `minimumHoldDuration`. Continuous: it begins once the last press has been held
/// long enough and ends on release. With `numberOfClicks` 1 it is a plain hold.
@MainActor
open class ClickAndHoldGestureRecognizer: ButtonGestureRecognizer {
    /// How many presses make the gesture, the held one included.
    public let numberOfClicks: Int
    /// Presses seen so far in this pattern.
    public private(set) var pressCount = 0
    private var isDown = false

    /// Makes a recognizer for `numberOfClicks` presses, the last held (at least 1).
    public init(numberOfClicks: Int = 1) {
        self.numberOfClicks = max(1, numberOfClicks)
        super.init()
    }

    /// "hold", "double-click-and-hold", "triple-click-and-hold", ….
    open override var name: String {
        switch numberOfClicks {
        case 1: "hold"
        case 2: "double-click-and-hold"
        case 3: "triple-click-and-hold"
        default: "\(numberOfClicks)-click-and-hold"
        }
    }

    open override func buttonDown(_ event: ButtonEvent) {
        pressCount += 1
        isDown = true
        setDeadline(at: event.timestamp + minimumHoldDuration)
    }

    open override func buttonUp(_ event: ButtonEvent) {
        guard isDown else { return }
        isDown = false
        if state == .began || state == .changed {
            state = .ended
        } else if pressCount >= numberOfClicks {
            state = .failed  // the last press was let go too soon
        } else {
            setDeadline(at: event.timestamp + maximumClickInterval)
        }
    }

    /// Held long enough on the last press: begin. Held on an earlier press, or the gap after a
    /// click ran out: fail.
    open override func deadlineReached() {
        state = isDown && pressCount == numberOfClicks ? .began : .failed
    }

    open override func reset() {
        super.reset()
        pressCount = 0
        isDown = false
    }
}
