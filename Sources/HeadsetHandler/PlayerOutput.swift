import ButtonGestures
import DBus
import MPRIS
import RemoteControl

/// Sends remote-control events to an MPRIS player on the bus, whichever program it is.
///
/// Transport becomes the matching MPRIS call. Scanning goes to a RemoteBridge player through
/// `RemoteControl1.SendEvent`; any other player gets a `SeekScan` (repeated `Seek` calls) while
/// the button is held, timed on the handler's gesture clock.
@MainActor
final class PlayerOutput {
    private let connection: DBusConnection
    private let clock: any GestureClock
    /// Whether each player (by unique name, so a restarted player is asked again) serves
    /// RemoteControl1.
    private var remoteControlOwners: [String: Bool] = [:]
    private var scan: SeekScan?
    /// The player a scan began on: its end goes there too, even if another player has become
    /// the target while the button was held (else the first would scan on for good).
    private var scanTarget: String?
    var onProblem: (@MainActor (String) -> Void)?

    init(connection: DBusConnection, clock: any GestureClock) {
        self.connection = connection
        self.clock = clock
    }

    /// Sends `event` to the player named `target`.
    func send(_ event: RemoteControlEvent, to newestTarget: String) async {
        var target = newestTarget
        switch event.subtype {
        case .beginSeekingForward, .beginSeekingBackward:
            scanTarget = target
        case .endSeekingForward, .endSeekingBackward:
            target = scanTarget ?? target
            scanTarget = nil
        default:
            break
        }
        let client = MPRISClient(connection: connection, busName: target)
        do throws(DBusError) {
            switch event.subtype {
            case .beginSeekingForward, .beginSeekingBackward, .endSeekingForward, .endSeekingBackward:
                if await hasRemoteControl(client) {
                    _ = try await client.sendEvent(event.subtype)
                } else {
                    startOrStopScan(event.subtype, client: client)
                }
            default:
                try await client.perform(event.subtype, interval: event.interval, position: event.position)
            }
        } catch {
            onProblem?("\(target): \(event.subtype.name) failed: \(error)")
        }
    }

    private func startOrStopScan(_ subtype: RemoteControlSubtype, client: MPRISClient) {
        scan?.stop()
        scan = nil
        guard subtype == .beginSeekingForward || subtype == .beginSeekingBackward else { return }
        let clock = self.clock
        scan = SeekScan(client: client, forward: subtype == .beginSeekingForward, sleep: { try await clock.sleep(for: $0) }) {
            [weak self] error in
            self?.onProblem?("\(client.busName): seeking failed: \(error)")
        }
    }

    private func hasRemoteControl(_ client: MPRISClient) async -> Bool {
        guard let owner = await connection.nameOwner(client.busName) else { return false }
        if let known = remoteControlOwners[owner] { return known }
        let has = await client.hasRemoteControl()
        remoteControlOwners[owner] = has
        return has
    }

    func stop() {
        scan?.stop()
        scan = nil
    }
}
