import DBus
import Dispatch
import MPRIS
import RemoteControl

/// Sends remote-control events to an MPRIS player on the bus, whichever program it is.
///
/// Transport becomes the matching MPRIS call. Scanning goes to a RemoteBridge player through
/// `RemoteControl1.SendEvent`; any other player gets repeated `Seek` calls while the button is
/// held (1.25 s every 250 ms: 6× real time forward, 4× backward).
@MainActor
final class PlayerOutput {
    private let connection: DBusConnection
    private var remoteControlOwners: [String: Bool] = [:]
    private var scanTimer: (any DispatchSourceTimer)?
    var onProblem: (@MainActor (String) -> Void)?

    init(connection: DBusConnection) {
        self.connection = connection
    }

    /// Sends `event` to the player named `target`.
    func send(_ event: RemoteControlEvent, to target: String) async {
        let client = MPRISClient(connection: connection, busName: target)
        do throws(DBusError) {
            switch event.subtype {
            case .play: try await client.play()
            case .pause: try await client.pause()
            case .togglePlayPause: try await client.playPause()
            case .stop: try await client.stop()
            case .nextTrack: try await client.next()
            case .previousTrack: try await client.previous()
            case .skipForward: try await client.seek(by: event.interval ?? .seconds(30))
            case .skipBackward: try await client.seek(by: .zero - (event.interval ?? .seconds(10)))
            case .changePlaybackPosition:
                guard let position = event.position, let track = try await client.metadata()["mpris:trackid"]?.stringValue else { return }
                try await client.setPosition(trackID: track, position)
            case .beginSeekingForward, .beginSeekingBackward, .endSeekingForward, .endSeekingBackward:
                if await hasRemoteControl(target) {
                    _ = try await client.sendEvent(event.subtype)
                } else {
                    scan(event.subtype, client: client)
                }
            }
        } catch {
            onProblem?("\(target): \(event.subtype.name) failed: \(error)")
        }
    }

    private func scan(_ subtype: RemoteControlSubtype, client: MPRISClient) {
        scanTimer?.cancel()
        scanTimer = nil
        guard subtype == .beginSeekingForward || subtype == .beginSeekingBackward else { return }
        let step: Duration = subtype == .beginSeekingForward ? .milliseconds(1250) : .milliseconds(-1250)
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now(), repeating: .milliseconds(250))
        timer.setEventHandler {
            Task { @MainActor in try? await client.seek(by: step) }
        }
        scanTimer = timer
        timer.resume()
    }

    /// Whether the player also serves `io.github.remotebridge.RemoteControl1`.
    private func hasRemoteControl(_ target: String) async -> Bool {
        guard let owner = await connection.nameOwner(target) else { return false }
        if let known = remoteControlOwners[owner] { return known }
        let xml = try? await connection.call(target, MPRISNames.objectPath, "org.freedesktop.DBus.Introspectable", "Introspect")
        let has = xml?.first?.stringValue?.contains(MPRISNames.remoteControl) ?? false
        remoteControlOwners[owner] = has
        return has
    }

    func stop() {
        scanTimer?.cancel()
        scanTimer = nil
    }
}
