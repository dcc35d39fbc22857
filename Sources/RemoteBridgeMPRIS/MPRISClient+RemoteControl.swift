// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeCore

extension MPRISClient {
    /// Whether the player also serves `io.github.remotebridge.RemoteControl1` (it introspects);
    /// false when it does not say.
    public func hasRemoteControl() async -> Bool {
        await remoteControlSupport() ?? false
    }

    /// Whether the player serves `io.github.remotebridge.RemoteControl1`, as its introspection
    /// lists the interface or lacks it; nil when there is no such answer (a time-out: the player
    /// is frozen or busy; an error), so a caller that keeps answers asks again later.
    public func remoteControlSupport() async -> Bool? {
        let reply = try? await connection.call(busName, MPRISNames.objectPath, StandardInterfaces.introspect, timeout: timeout)
        return reply?.first?.stringValue.map { $0.contains(RemoteControl1Interface.name) }
    }

    /// The closest plain MPRIS call for a remote-control event, for a player without
    /// `RemoteControl1`. A skip seeks by `interval` (default 30 s forward, 10 s back); beginning
    /// a scan is one such skip (a held scan is `SeekScan`), and ending one calls nothing.
    public func perform(_ subtype: RemoteControlSubtype, interval: Duration? = nil, position: Duration? = nil) async throws(DBusError) {
        switch subtype {
        case .play: try await play()
        case .pause: try await pause()
        case .togglePlayPause: try await playPause()
        case .stop: try await stop()
        case .nextTrack: try await next()
        case .previousTrack: try await previous()
        case .skipForward, .beginSeekingForward: try await seek(by: interval ?? TransportDefaults.skipForward)
        case .skipBackward, .beginSeekingBackward: try await seek(by: .zero - (interval ?? TransportDefaults.skipBackward))
        case .endSeekingForward, .endSeekingBackward: break
        case .changePlaybackPosition:
            guard let position, let track = try await metadata()["mpris:trackid"]?.stringValue else { return }
            try await setPosition(trackID: track, position)
        }
    }
}
