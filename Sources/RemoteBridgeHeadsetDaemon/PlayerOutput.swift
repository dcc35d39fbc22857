// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeListeners
import RemoteBridgeGestures
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeCore

/// Sends remote-control events to an MPRIS player on the bus, whichever program it is.
///
/// Transport becomes the matching MPRIS call. Scanning goes to a RemoteBridge player through
/// `RemoteControl1.SendEvent`; any other player gets a `SeekScan` (repeated `Seek` calls) while
/// the button is held, timed on the handler's gesture clock.
///
/// Each player is called independently of the others, and a press waits at most
/// `pressTimeout` for its answer (a press answered later is useless). Presses for a player that
/// is still answering an earlier one wait behind it, in order (a begin and its end must not
/// overtake each other), but never longer than `pressTimeout`: older ones are dropped. A player
/// that let a press time out is *unresponsive* (frozen, say): its queue is dropped, and the
/// next press first asks it for a `Peer.Ping`; only if that is answered in time does the press
/// follow. So a frozen player that wakes up gets no burst of stale presses, and no press ever
/// waits behind another player.
@MainActor
final class PlayerOutput {
    private let connection: DBusConnection
    private let clock: any GestureClock
    /// How long a press waits for the player's answer, or in the queue, unless a test changes it.
    nonisolated static let defaultPressTimeout: Duration = .seconds(1)
    /// How long a press waits for the player's answer, or in the queue.
    var pressTimeout = defaultPressTimeout
    /// The most presses that wait behind one in flight.
    static let queueLimit = 8
    /// Whether each player (by unique name, so a restarted player is asked again) serves
    /// RemoteControl1. Only answers are kept: a player that did not answer (frozen) is asked
    /// again at its next scan, so once it thaws it gets RemoteControl1 again, not Seeks.
    private var remoteControlOwners: [String: Bool] = [:]
    private var scan: SeekScan?
    /// The player a scan began on: its end goes there too, even if another player has become
    /// the target while the button was held (else the first would scan on for good).
    private var scanTarget: String?
    /// What is going on with each player called.
    private var lines: [String: Line] = [:]
    /// What the output announces to its `listeners`.
    enum Announcement {
        /// A press dropped or a call failed, worth a warning.
        case problem(String)
        /// A call made, for `--log-level debug`.
        case debug(String)
        /// A call to a player was answered (or failed): the player, the event, and whether it
        /// succeeded. For tests and latency figures.
        case answered(player: String, event: RemoteControlEvent, succeeded: Bool)
    }

    /// Told of problems, calls and answers.
    let listeners = Listeners<Announcement>()

    /// One player's calls.
    private struct Line {
        var busy = false
        var unresponsive = false
        /// Presses waiting, with the real time they came (how long a press waits is about the
        /// bus, not about gesture timing, so it is not read from the gesture clock).
        var waiting: [(event: RemoteControlEvent, since: ContinuousClock.Instant)] = []
    }

    init(connection: DBusConnection, clock: any GestureClock) {
        self.connection = connection
        self.clock = clock
    }

    /// Sends `event` to the player named `target`, without waiting for the answer.
    func send(_ event: RemoteControlEvent, to newestTarget: String) {
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
        var line = lines[target, default: Line()]
        if line.busy {
            if line.unresponsive {
                listeners.announce(.problem("\(target) has not answered yet; \(event.subtype.name) dropped"))
            } else if line.waiting.count >= Self.queueLimit {
                listeners.announce(.problem("\(target) is \(Self.queueLimit) presses behind; \(event.subtype.name) dropped"))
            } else {
                line.waiting.append((event, .now))
            }
            lines[target] = line
            return
        }
        line.busy = true
        lines[target] = line
        start(event, on: target)
    }

    private func start(_ event: RemoteControlEvent, on target: String) {
        let probe = lines[target]?.unresponsive == true
        listeners.announce(.debug("\(event.subtype.name) → \(target)\(probe ? " (after a Ping: it did not answer last time)" : "")"))
        Task {
            var succeeded = false
            if probe, await !ping(target) {
                listeners.announce(.problem("\(target) still does not answer; \(event.subtype.name) dropped"))
            } else {
                lines[target]?.unresponsive = false
                succeeded = await perform(event, on: target)
            }
            listeners.announce(.answered(player: target, event: event, succeeded: succeeded))
            next(on: target)
        }
    }

    /// Starts the next press waiting for `target`, dropping those that waited too long.
    private func next(on target: String) {
        guard var line = lines[target] else { return }
        if line.unresponsive, !line.waiting.isEmpty {
            listeners.announce(.problem("\(target) did not answer; \(line.waiting.count) waiting press(es) dropped"))
            line.waiting = []
        }
        // A scan's end is never too late: without it the scan runs on.
        while let first = line.waiting.first, !first.event.subtype.isSeekingEnd, ContinuousClock.now - first.since > pressTimeout {
            listeners.announce(.problem("\(target): \(first.event.subtype.name) waited more than \(pressTimeout); dropped"))
            line.waiting.removeFirst()
        }
        guard !line.waiting.isEmpty else {
            line.busy = false
            lines[target] = line
            return
        }
        let event = line.waiting.removeFirst().event
        lines[target] = line
        start(event, on: target)
    }

    private func ping(_ target: String) async -> Bool {
        (try? await connection.call(target, "/", StandardInterfaces.ping, timeout: pressTimeout)) != nil
    }

    private func perform(_ event: RemoteControlEvent, on target: String) async -> Bool {
        let client = MPRISClient(connection: connection, busName: target, timeout: pressTimeout)
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
            return true
        } catch {
            if error.name == "org.freedesktop.DBus.Error.NoReply" {
                lines[target]?.unresponsive = true
                listeners.announce(.problem("\(target) did not answer \(event.subtype.name) within \(pressTimeout) (frozen?); it is pinged before the next press"))
            } else {
                listeners.announce(.problem("\(target): \(event.subtype.name) failed: \(error)"))
            }
            return false
        }
    }

    private func startOrStopScan(_ subtype: RemoteControlSubtype, client: MPRISClient) {
        scan?.stop()
        scan = nil
        guard subtype == .beginSeekingForward || subtype == .beginSeekingBackward else { return }
        let clock = self.clock
        scan = SeekScan(client: client, forward: subtype == .beginSeekingForward, sleep: { try await clock.sleep(for: $0) }) {
            [weak self] error in
            self?.listeners.announce(.problem("\(client.busName): seeking failed: \(error)"))
        }
    }

    private func hasRemoteControl(_ client: MPRISClient) async -> Bool {
        guard let owner = await connection.nameOwner(client.busName) else { return false }
        if let known = remoteControlOwners[owner] { return known }
        guard let has = await client.remoteControlSupport() else { return false }
        remoteControlOwners[owner] = has
        return has
    }

    func stop() {
        scan?.stop()
        scan = nil
    }
}
