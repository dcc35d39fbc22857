// SPDX-License-Identifier: Apache-2.0
/// Calls counted as answered or failed, with the first failure kept for the report.
public struct CallTally: Sendable {
    /// Calls answered.
    public private(set) var answered = 0
    /// Calls answered with an error (or that failed otherwise).
    public private(set) var failed = 0
    /// The first failure, if any.
    public private(set) var firstFailure: String?

    /// Nothing counted yet.
    public init() {}

    /// Runs one call; its outcome, to `record`. (Run, then recorded: a tally held by a class
    /// whose tasks take turns must not be borrowed across the call's await.)
    public nonisolated(nonsending) static func run(_ body: () async throws -> Void) async -> Result<Void, any Error> {
        do {
            try await body()
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    /// Counts `outcome`; returns whether the call was answered.
    @discardableResult
    public mutating func record(_ outcome: Result<Void, any Error>) -> Bool {
        switch outcome {
        case .success:
            answered += 1
            return true
        case .failure(let error):
            fail("\(error)")
            return false
        }
    }

    /// Counts a failure that is not a call's error.
    public mutating func fail(_ reason: String) {
        failed += 1
        if firstFailure == nil { firstFailure = reason }
    }
}
