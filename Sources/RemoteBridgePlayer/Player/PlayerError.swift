// SPDX-License-Identifier: Apache-2.0

/// Why the player could not do what it was asked: mpv refused (the reason in mpv's words, as the
/// engine's `MPVError` gave it), the engine could not be had, or the request was refused before it
/// reached mpv (a scheme not allowed, a limit).
public struct PlayerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done.
    public var operation: String
    /// Why it failed.
    public var reason: String
    /// What kind of failure, so a caller can answer each in its own way.
    public var kind: Kind

    /// The kinds of failure.
    public enum Kind: Sendable, Equatable {
        /// mpv failed, the engine could not be had, or the request made no sense.
        case failed
        /// The URI's scheme is not allowed by the configuration, or it is not a URI at all.
        case schemeNotAllowed
        /// A `QueueLimits` limit would be passed.
        case limitExceeded
    }

    /// Makes an error.
    public init(operation: String, reason: String, kind: Kind = .failed) {
        self.operation = operation
        self.reason = reason
        self.kind = kind
    }

    /// "operation: reason".
    public var description: String { "\(operation): \(reason)" }
}
