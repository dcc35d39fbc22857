// SPDX-License-Identifier: Apache-2.0
/// Lets an owner veto a gesture, or let two gestures be recognized together, as
/// `UIGestureRecognizerDelegate` does.
@MainActor
public protocol ButtonGestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer is about to begin or recognize. Returning false makes it fail.
    func gestureRecognizerShouldBegin(_ recognizer: ButtonGestureRecognizer) -> Bool

    /// Asked when one of two recognizers is recognizing. Returning true lets both recognize;
    /// by default, the first to recognize makes the other fail.
    func gestureRecognizer(
        _ recognizer: ButtonGestureRecognizer, shouldRecognizeSimultaneouslyWith other: ButtonGestureRecognizer
    ) -> Bool
}

extension ButtonGestureRecognizerDelegate {
    /// Default: yes.
    public func gestureRecognizerShouldBegin(_ recognizer: ButtonGestureRecognizer) -> Bool { true }

    /// Default: no.
    public func gestureRecognizer(
        _ recognizer: ButtonGestureRecognizer, shouldRecognizeSimultaneouslyWith other: ButtonGestureRecognizer
    ) -> Bool { false }
}
