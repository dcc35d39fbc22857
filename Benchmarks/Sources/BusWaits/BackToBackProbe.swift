// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting

/// A client on a connection of its own that calls Get(Player, PlaybackStatus) back to back:
/// each call waits for its reply, then the next is sent. Every call is kept (sent, answered,
/// what it read), so that a window can be cut out afterwards.
@MainActor
final class BackToBackProbe {
    /// One call: when it was sent and answered, and the status it read (nil: an error reply).
    struct Call {
        var sent: ContinuousClock.Instant
        var answered: ContinuousClock.Instant
        var status: String?

        var roundTrip: Duration { answered - sent }
    }

    /// Every call answered so far, in order.
    private(set) var calls: [Call] = []
    /// Woken at each answer.
    let answers = ChangeWaiter()
    private let connection: DBusConnection
    private let busName: String
    private var stopping = false
    private var loop: Task<Void, Never>?

    /// A probe of the player at `busName`, calling through `connection` (its own: nothing else
    /// may share it, or the probe's calls would queue behind the other client's).
    init(connection: DBusConnection, busName: String) {
        self.connection = connection
        self.busName = busName
    }

    /// Starts calling.
    func start() {
        loop = Task {
            let clock = ContinuousClock()
            while !stopping {
                let sent = clock.now
                let value = try? await connection.getProperty(busName, MPRISNames.objectPath, PlayerInterface.playbackStatus)
                calls.append(Call(sent: sent, answered: clock.now, status: value?.stringValue))
                answers.wake()
            }
        }
    }

    /// Sends no more calls (the one on its way is still answered).
    func stopSending() {
        stopping = true
    }

    /// Returns once the probe has stopped: after `stopSending`, when its last call is answered.
    func finished() async {
        await loop?.value
    }

    /// The calls that were waiting at some moment between `start` and `end`: sent before `end`,
    /// answered after `start`.
    func calls(overlapping start: ContinuousClock.Instant, _ end: ContinuousClock.Instant) -> [Call] {
        calls.filter { $0.sent < end && $0.answered > start }
    }

    /// The slowest round trip of the calls waiting between `start` and `end`.
    func slowest(overlapping start: ContinuousClock.Instant, _ end: ContinuousClock.Instant) -> Duration? {
        calls(overlapping: start, end).map(\.roundTrip).max()
    }

    /// When the first call answered after `instant` read `status`, if one has. (Looked for from
    /// the last call back: the calls after `instant` are few, and this is asked at each answer.)
    func firstAnswer(_ status: PlaybackStatus, after instant: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        var first: ContinuousClock.Instant?
        for call in calls.reversed() {
            guard call.answered > instant else { break }
            if call.status == status.rawValue { first = call.answered }
        }
        return first
    }
}
