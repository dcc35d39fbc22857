// SPDX-License-Identifier: Apache-2.0
/// Keeps the main actor busy for `duration`, as a slow handler or a long turn of the main loop
/// does in a loaded daemon: nothing else on the main actor (a device's read, a timer) runs
/// meanwhile. It is the stall a test puts the code under, not a wait for something to happen.
@MainActor
public func stallMainActor(for duration: Duration) {
    let end = ContinuousClock.now + duration
    while ContinuousClock.now < end {}
}
