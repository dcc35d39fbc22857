// SPDX-License-Identifier: Apache-2.0
/// One edge of a button: pressed or released, and when.
public struct ButtonEvent: Sendable, Equatable {
    /// Which way the button moved.
    public enum Phase: Sendable, Equatable {
        /// The button went down.
        case down
        /// The button came up.
        case up
    }

    /// The button that moved.
    public var button: Button
    /// Down or up.
    public var phase: Phase
    /// When it moved, on the monotonic clock.
    public var timestamp: ContinuousClock.Instant

    /// Makes a button edge.
    public init(button: Button, phase: Phase, timestamp: ContinuousClock.Instant) {
        self.button = button
        self.phase = phase
        self.timestamp = timestamp
    }
}
