/// An error from mpv, or from a request we refused before it reached mpv.
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
