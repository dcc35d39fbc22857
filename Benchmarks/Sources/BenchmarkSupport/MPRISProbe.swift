// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// Measures one MPRIS player from a client connection: a Properties.Get round trip, and the
/// time from PlayPause to the PropertiesChanged that carries the new PlaybackStatus.
@MainActor
public final class MPRISProbe {
    public let client: MPRISClient
    private var waiter: CheckedContinuation<Void, Never>?

    /// Follows `busName`'s PropertiesChanged on `connection`.
    public init(connection: DBusConnection, busName: String) async throws {
        client = MPRISClient(connection: connection, busName: busName)
        try await client.followPropertiesChanged { [weak self] _, changed, _ in
            guard changed["PlaybackStatus"] != nil, let waiter = self?.waiter else { return }
            self?.waiter = nil
            waiter.resume()
        }
    }

    /// One Properties.Get round trip.
    public func getRoundTrip() async throws {
        _ = try await client.property(PlayerInterface.playbackStatus)
    }

    /// PlayPause sent → the PropertiesChanged carrying the new PlaybackStatus received.
    public func playPauseToNotification() async {
        await withCheckedContinuation { continuation in
            waiter = continuation
            Task { try? await client.playPause() }
        }
    }
}
