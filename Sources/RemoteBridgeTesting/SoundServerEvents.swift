// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePrivateBus
import Foundation

/// A sound server's change events as `pactl subscribe` prints them, one line each ("Event
/// 'change' on sink-input #5"): from PulseAudio, or from pipewire-pulse, which reports PipeWire's
/// own streams too. A test reads the server's streams again at each sink-input event, rather
/// than asking again and again. `pactl` dies with this object (`ObservedProcess`).
@MainActor
public final class SoundServerEvents {
    private let process: ObservedProcess

    /// Starts `pactl subscribe` against the server `environment` reaches, and returns once it is
    /// subscribed: once it has seen a client of its own (`pactl info`) come and go. A probe made
    /// before the subscription took is not reported, so the probe is made again after each
    /// second without a line, up to `limit`.
    public init(environment: [String: String], limit: Duration = .seconds(10)) async throws {
        guard let pactl = ChildProcess.findExecutable("pactl") else { throw TestSupportError(description: "pactl is not installed; run `make deps`") }
        process = try await ObservedProcess(
            executable: pactl, ["subscribe"], environment: ProcessInfo.processInfo.environment.merging(environment.merging(["LC_ALL": "C"]) { $1 }) { $1 })
        let deadline = ContinuousClock.now + limit
        while process.lines.isEmpty {
            guard ContinuousClock.now < deadline, process.status == nil else {
                throw TestSupportError(description: "pactl subscribe reported nothing: \(process.standardError)")
            }
            _ = try await ExternalProcess.run("pactl", ["info"], environment: environment)
            _ = await process.waitForLines(1, limit: .seconds(1))
        }
    }

    /// How many sink-input events have been printed so far.
    public var sinkInputEvents: Int { process.lines.filter { $0.contains(" on sink-input #") }.count }

    /// Waits until more than `count` sink-input events have been printed; false after `limit`.
    public func waitForSinkInputEvent(after count: Int, limit: Duration) async -> Bool {
        await process.waitUntil(limit: limit) { sinkInputEvents > count }
    }
}
