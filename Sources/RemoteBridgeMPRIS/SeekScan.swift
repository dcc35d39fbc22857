// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeCore

/// Scanning on a player without `RemoteControl1`: while a button is held, a `Seek` of 1.25 s
/// every 250 ms, forward or back. With playback going on, that is 6× real time forward and 4×
/// back. headsetd runs one for a held button, and `remotectl seek-forward --hold` for its hold.
@MainActor
public final class SeekScan {
    /// How far each Seek moves.
    public static let step = TransportDefaults.scanStep
    /// The time between Seeks.
    public static let period = TransportDefaults.scanPeriod

    private var task: Task<Void, Never>?
    /// The error that ended the scan early, if a Seek failed.
    public private(set) var failure: DBusError?

    /// Starts scanning: the first Seek goes out now, then one after each `period`, waited out
    /// with `sleep` (a test passes a virtual clock's). It ends on `stop()` or the first failed
    /// Seek, which is kept in `failure` and given to `onError`. The next Seek waits for the last
    /// one's reply, so a slow player is never flooded.
    public init(
        client: MPRISClient, forward: Bool, sleep: @escaping @MainActor (Duration) async throws -> Void,
        onError: @escaping @MainActor (DBusError) -> Void = { _ in }
    ) {
        let step = forward ? Self.step : .zero - Self.step
        task = Task { [weak self] in
            while !Task.isCancelled {
                do throws(DBusError) {
                    try await client.seek(by: step)
                } catch {
                    self?.failure = error
                    return onError(error)
                }
                do {
                    try await sleep(Self.period)
                } catch {
                    return
                }
            }
        }
    }

    /// Whether Seeks are still going out.
    public var isScanning: Bool { task != nil }

    /// Stops: no Seek goes out after this (one already sent still lands).
    public func stop() {
        task?.cancel()
        task = nil
    }
}
