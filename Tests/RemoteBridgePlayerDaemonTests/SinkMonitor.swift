// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeTesting

/// What the tests that listen at a real PulseAudio null sink share: waiting for remote-playerd's
/// stream to reach the server, and recording the sink's monitor.
@MainActor
enum SinkMonitor {
    /// Waits, event by event, until the server lists a stream; throws, with `daemon`'s log, when
    /// none comes within 15 s.
    static func waitForStream(on server: PulseAudioServer, events: SoundServerEvents, daemon: DaemonProcess) async throws {
        let deadline = ContinuousClock.now + .seconds(15)
        while true {
            // Counted before the question, so that a stream made while it is asked still wakes the wait.
            let seen = events.sinkInputEvents
            if try await !server.sinkInputs().isEmpty { return }
            guard await events.waitForSinkInputEvent(after: seen, limit: deadline - ContinuousClock.now) else {
                throw OracleFailure(description: "no stream reached the server: \(daemon.standardError)")
            }
        }
    }

    /// Records `seconds` of the null sink's monitor to `path`, mono 16-bit at 8 kHz. A measurement
    /// window, not a wait: parec records in 50 ms pieces (by default it holds back seconds), then
    /// SIGINT has it write out what it holds.
    static func record(seconds: Int, to path: String, on server: PulseAudioServer) async throws -> ExternalProcess.Result {
        try await ExternalProcess.run(
            "timeout",
            ["-s", "INT", String(seconds), "parec", "--latency-msec=50", "--device=null.monitor", "--file-format=wav", "--channels=1", "--rate=8000", path],
            environment: server.environment)
    }
}
