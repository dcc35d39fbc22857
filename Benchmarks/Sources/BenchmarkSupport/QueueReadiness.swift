// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// Tells, from outside, whether remote-playerd has its whole queue: its RemoteControl1
/// `QueueLoading` property reads "" (for a daemon that fills the queue behind its name and has
/// that property), else its TrackList's `Tracks` holds the number of entries it was given.
@MainActor
public final class QueueReadiness {
    /// `io.github.remotebridge.RemoteControl1.QueueLoading`: what is still loading, "" when done.
    public static let queueLoading = DBusPropertyDeclaration(RemoteControl1Interface.name, "QueueLoading", "s")

    private let connection: DBusConnection
    private let busName: String
    private let entries: Int
    /// Nil until asked; false once the daemon answered that it has no QueueLoading property.
    private var hasQueueLoading: Bool?

    /// Watches the daemon at `busName`, which was given `entries` entries.
    public init(connection: DBusConnection, busName: String, entries: Int) {
        self.connection = connection
        self.busName = busName
        self.entries = entries
    }

    /// Whether the whole queue is loaded now (one or two round trips).
    public func isLoaded() async -> Bool {
        if hasQueueLoading != false {
            do {
                let loading = try await connection.getProperty(busName, MPRISNames.objectPath, Self.queueLoading)
                hasQueueLoading = true
                if loading.stringValue == "" { return true }
            } catch {
                // A daemon too busy to answer may still have it; any other refusal means it has not.
                if error.name != "org.freedesktop.DBus.Error.NoReply" { hasQueueLoading = false }
            }
        }
        return await trackCount() == entries
    }

    /// The number of entries in `Tracks`, or nil when the daemon did not answer.
    public func trackCount() async -> Int? {
        let tracks = try? await connection.getProperty(busName, MPRISNames.objectPath, TrackListInterface.tracks)
        return tracks?.arrayValue?.count
    }

    /// Polls `isLoaded` every `interval` until it holds or `limit` passes; returns whether it held.
    public func wait(interval: Duration = .milliseconds(10), limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if await isLoaded() { return true }
            try? await Task.sleep(for: interval)
        }
        return false
    }
}
