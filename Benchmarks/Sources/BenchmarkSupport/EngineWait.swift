// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeMPRIS

/// Waits for what remote-playerd's engine split makes a benchmark wait for: a PlaybackStatus
/// reached, and the engine process (remote-playerd's child) started or gone.
@MainActor
public enum EngineWait {
    /// Returns once `client`'s player reports `status` (Properties.Get, every 10 ms); throws
    /// after `limit`.
    public static func status(_ status: PlaybackStatus, of client: MPRISClient, limit: Duration = .seconds(20)) async throws {
        let deadline = ContinuousClock.now + limit
        while (try? await client.playbackStatus()) != status {
            guard ContinuousClock.now < deadline else {
                throw ProcessTimer.Failure(description: "\(client.busName) did not say \(status.rawValue) within \(limit)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Returns once `daemon` has no child process left (its engine ended, and reaped), polling
    /// /proc every 10 ms; throws after `limit`.
    public static func engineGone(from daemon: Int32, limit: Duration) async throws {
        let deadline = ContinuousClock.now + limit
        while !ProcessStats.children(of: daemon).isEmpty {
            guard ContinuousClock.now < deadline else {
                throw ProcessTimer.Failure(description: "remote-playerd (\(daemon)) still had its engine \(limit) after it paused")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
