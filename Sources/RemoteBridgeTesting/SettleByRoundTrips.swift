// SPDX-License-Identifier: Apache-2.0
/// Repeats `roundTrips` (bus round trips to the peer whose work is awaited) until `condition`
/// holds, or `limit` has passed (the limit only ends a failing test). Only for outside state
/// that nothing announces (what /proc says of another process); everything in the process
/// announces its changes, so wait with `until(wokenBy:)`, `ChangeWaiter` or
/// `SignalRecorder.until` instead. A bound by a count of round trips would be a hidden timeout:
/// on a loaded machine a hundred of them pass before the event waited for has been handled.
@MainActor
public func settleByRoundTrips(
    limit: Duration = .seconds(10), until condition: () -> Bool, _ roundTrips: () async throws -> Void
) async throws {
    let deadline = ContinuousClock.now + limit
    while !condition(), ContinuousClock.now < deadline {
        try await roundTrips()
    }
}
