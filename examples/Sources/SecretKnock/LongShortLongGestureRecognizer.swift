// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeGestures

/// A secret pattern on one button: long, short, long. The button version of the guide's
/// checkmark gesture: a discrete recognizer written by subclassing.
///
/// It tracks each press on release, asks for a deadline after every release so that a
/// pattern left unfinished fails (and so the environment knows it is still at work), and
/// fails at the first press that does not fit.
@MainActor
final class LongShortLongGestureRecognizer: ButtonGestureRecognizer {
    private enum Press { case long, short }
    private static let pattern: [Press] = [.long, .short, .long]

    private var presses: [Press] = []
    private var pressedAt: ContinuousClock.Instant?

    override var name: String { "long-short-long" }

    override func buttonDown(_ event: ButtonEvent) {
        clearDeadline()
        pressedAt = event.timestamp
    }

    override func buttonUp(_ event: ButtonEvent) {
        guard let pressedAt else { return }
        self.pressedAt = nil
        presses.append(event.timestamp - pressedAt >= minimumHoldDuration ? .long : .short)
        guard Self.pattern.starts(with: presses) else { return state = .failed }
        if presses.count == Self.pattern.count {
            state = .recognized
        } else {
            setDeadline(at: event.timestamp + maximumClickInterval)
        }
    }

    /// The gap after a release ran out before the pattern was complete.
    override func deadlineReached() {
        state = .failed
    }

    override func reset() {
        super.reset()
        presses = []
        pressedAt = nil
    }
}
