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
/// the button is held, timed on the handler's gesture clock. A gesture bound to the sleep timer
/// becomes `Playback1.SetSleepTimer`, for a player that serves it (remote-playerd); any other
/// player has no sleep timer, and is left alone with a line in the log.
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
    /// Which of RemoteBridge's interfaces each player (by unique name, so a restarted player is
    /// asked again) serves, from its introspection. Only answers are kept: a player that did not
    /// answer (frozen) is asked again at its next scan, so once it thaws it gets RemoteControl1
    /// again, not Seeks.
    private var servedInterfaces: [String: ServedInterfaces] = [:]
    /// What a player's introspection said of RemoteBridge's interfaces.
    private struct ServedInterfaces {
        var remoteControl: Bool
        var playback: Bool
    }
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
        /// A sleep-timer request (`+15m`) was answered, refused, or found no sleep timer.
        case sleepTimerAnswered(player: String, request: String, outcome: SleepTimerOutcome)
    }

    /// One thing sent to a player, in its line: an event, or more time on its sleep timer.
    enum Press {
        case event(RemoteControlEvent)
        /// `Playback1.SetSleepTimer(request)`, `request` being `+15m`.
        case sleepTimer(request: String)

        /// How messages name it: `next-track`, `sleep-timer +15m`.
        var name: String {
            switch self {
            case .event(let event): event.subtype.name
            case .sleepTimer(let request): "sleep-timer \(request)"
            }
        }

        /// A scan's end, which is never dropped for waiting: without it the scan runs on.
        var isSeekingEnd: Bool {
            if case .event(let event) = self { event.subtype.isSeekingEnd } else { false }
        }
    }

    /// Told of problems, calls and answers.
    let listeners = Listeners<Announcement>()

    /// One player's calls.
    private struct Line {
        var busy = false
        var unresponsive = false
        /// Presses waiting, with the real time they came (how long a press waits is about the
        /// bus, not about gesture timing, so it is not read from the gesture clock).
        var waiting: [(press: Press, since: ContinuousClock.Instant)] = []
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
        enqueue(.event(event), to: target)
    }

    /// Asks the player named `target` for `request` (`+15m`) more on its sleep timer, without
    /// waiting for the answer: in line with its presses, with their timeout.
    func extendSleepTimer(_ request: String, on target: String) {
        enqueue(.sleepTimer(request: request), to: target)
    }

    private func enqueue(_ press: Press, to target: String) {
        var line = lines[target, default: Line()]
        if line.busy {
            if line.unresponsive {
                listeners.announce(.problem("\(target) has not answered yet; \(press.name) dropped"))
            } else if line.waiting.count >= Self.queueLimit {
                listeners.announce(.problem("\(target) is \(Self.queueLimit) presses behind; \(press.name) dropped"))
            } else {
                line.waiting.append((press, .now))
            }
            lines[target] = line
            return
        }
        line.busy = true
        lines[target] = line
        start(press, on: target)
    }

    private func start(_ press: Press, on target: String) {
        let probe = lines[target]?.unresponsive == true
        listeners.announce(.debug("\(press.name) → \(target)\(probe ? " (after a Ping: it did not answer last time)" : "")"))
        Task {
            switch press {
            case .event(let event):
                var succeeded = false
                if probe, await !ping(target) {
                    listeners.announce(.problem("\(target) still does not answer; \(press.name) dropped"))
                } else {
                    lines[target]?.unresponsive = false
                    succeeded = await perform(event, on: target)
                }
                listeners.announce(.answered(player: target, event: event, succeeded: succeeded))
            case .sleepTimer(let request):
                var outcome = SleepTimerOutcome.failed
                if probe, await !ping(target) {
                    listeners.announce(.problem("\(target) still does not answer; \(press.name) dropped"))
                } else {
                    lines[target]?.unresponsive = false
                    outcome = await extendSleepTimer(request, of: target)
                }
                listeners.announce(.sleepTimerAnswered(player: target, request: request, outcome: outcome))
            }
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
        while let first = line.waiting.first, !first.press.isSeekingEnd, ContinuousClock.now - first.since > pressTimeout {
            listeners.announce(.problem("\(target): \(first.press.name) waited more than \(pressTimeout); dropped"))
            line.waiting.removeFirst()
        }
        guard !line.waiting.isEmpty else {
            line.busy = false
            lines[target] = line
            return
        }
        let press = line.waiting.removeFirst().press
        lines[target] = line
        start(press, on: target)
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
            failed(.event(event), on: target, error)
            return false
        }
    }

    /// `Playback1.SetSleepTimer(request)` on a player that serves it.
    private func extendSleepTimer(_ request: String, of target: String) async -> SleepTimerOutcome {
        let client = MPRISClient(connection: connection, busName: target, timeout: pressTimeout)
        guard let served = await interfaces(of: client) else {
            listeners.announce(.problem("\(target) did not say what it serves within \(pressTimeout); sleep-timer \(request) not sent"))
            return .failed
        }
        guard served.playback else {
            listeners.announce(.problem(
                "\(target) has no sleep timer (it does not serve \(Playback1Interface.name), which only remote-playerd does); sleep-timer \(request) does nothing"))
            return .notServed
        }
        do throws(DBusError) {
            _ = try await client.call(Playback1Interface.setSleepTimer, [.string(request)])
            return .set
        } catch {
            failed(.sleepTimer(request: request), on: target, error)
            return .failed
        }
    }

    /// A call that failed: a player that did not answer is pinged before its next press.
    private func failed(_ press: Press, on target: String, _ error: DBusError) {
        if error.name == "org.freedesktop.DBus.Error.NoReply" {
            lines[target]?.unresponsive = true
            listeners.announce(.problem("\(target) did not answer \(press.name) within \(pressTimeout) (frozen?); it is pinged before the next press"))
        } else {
            listeners.announce(.problem("\(target): \(press.name) failed: \(error)"))
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
        await interfaces(of: client)?.remoteControl ?? false
    }

    /// What the player behind `client` serves of RemoteBridge's interfaces; nil when it does not
    /// say (gone, frozen), and then it is asked again next time.
    private func interfaces(of client: MPRISClient) async -> ServedInterfaces? {
        guard let owner = await connection.nameOwner(client.busName) else { return nil }
        if let known = servedInterfaces[owner] { return known }
        let reply = try? await connection.call(client.busName, MPRISNames.objectPath, StandardInterfaces.introspect, timeout: pressTimeout)
        guard let xml = reply?.first?.stringValue else { return nil }
        let served = ServedInterfaces(remoteControl: xml.contains(RemoteControl1Interface.name), playback: xml.contains(Playback1Interface.name))
        servedInterfaces[owner] = served
        return served
    }

    func stop() {
        scan?.stop()
        scan = nil
    }
}

/// What a sleep-timer gesture came to at the player.
public enum SleepTimerOutcome: Sendable, Equatable {
    /// The player took it (`Playback1.SetSleepTimer` answered).
    case set
    /// The player has no sleep timer: it does not serve Playback1 (any player but remote-playerd).
    case notServed
    /// The call failed, or the player did not answer.
    case failed
}
