// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation
import RemoteBridgeDBus
import RemoteBridgeTesting

/// Start-up: from exec to the program's name on the bus, as a client sees it (the bus's
/// NameOwnerChanged), with the program alone on the bus.
@MainActor
enum StartUp {
    /// The median of `runs` start-ups of `program`; each run is killed, and its name gone from
    /// the bus, before the next starts.
    static func median(of program: Program, runs: Int, environment: [String: String], on connection: DBusConnection) async throws -> Duration {
        var times: [Duration] = []
        // One subscription for all runs: each run brings two signals, the name taken and released.
        let changes = try await SignalRecorder.start(on: connection, MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: program.busName))
        for run in 0..<max(runs, 1) {
            let clock = ContinuousClock()
            let started = clock.now
            let process = try program.start(environment: environment)
            guard await changes.waitFor(count: 2 * run + 1) else {
                kill(process.processIdentifier, SIGKILL)
                throw ProcessTimer.Failure(description: "\(program.name) never took \(program.busName)")
            }
            times.append(clock.now - started)
            // Its name leaves the bus once the kernel has closed its connection, so it is gone.
            kill(process.processIdentifier, SIGKILL)
            guard await changes.waitFor(count: 2 * run + 2) else {
                throw ProcessTimer.Failure(description: "\(program.busName) stayed on the bus after \(program.name) was killed")
            }
        }
        return times.sorted()[times.count / 2]
    }

    /// A duration in milliseconds, for the table.
    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
