// SPDX-License-Identifier: Apache-2.0
import Dispatch
import RemoteBridgeFuzzing

/// Runs `body` on a thread of its own (`startThread`) while the main thread serves the main
/// actor: the D-Bus harness's MPRIS server runs there, and its caller waits. `body` ends the process.
func runBesideMainActor(_ body: @escaping @Sendable () -> Never) -> Never {
    startThread { body() }
    dispatchMain()
}
