// SPDX-License-Identifier: Apache-2.0
/// An error from mpv (a call it refused, in mpv's words), or from a request the engine refused
/// before it reached mpv (an argument with NUL).
public struct MPVError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done.
    public var operation: String
    /// Why it failed.
    public var reason: String

    /// Makes an error.
    public init(operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    /// "operation: reason".
    public var description: String { "\(operation): \(reason)" }
}
