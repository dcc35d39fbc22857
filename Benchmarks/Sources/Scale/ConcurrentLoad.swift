import BenchmarkSupport
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// Calls answered a second by a player under concurrent load, and how long a probe's Get
/// waits meanwhile.
struct LoadFigures {
    /// Calls the load clients had answered, per second (the probe's not counted).
    var callsPerSecond: Double
    /// The probe's Get(PlaybackStatus) round trip, 99th percentile.
    var probeP99: Duration?
    /// The probe's median, for comparison.
    var probeMedian: Duration?
    /// Calls answered with an error.
    var failedCalls: Int
    /// The first error, if any.
    var firstFailure: String?
}

/// Clients on connections of their own, each calling back to back for a fixed time: a mix of
/// Gets (PlaybackStatus, Metadata, Position), transport calls (Next, Previous, Pause) and, for
/// remote-playerd, RemoveTrack + AddTrack pairs that keep the queue at its size (never removing
/// the last entry: see `TrackPool`). A probe on its own connection reads PlaybackStatus every
/// 10 ms. The queue loops meanwhile (LoopStatus Playlist).
@MainActor
final class ConcurrentLoad {
    private let busName: String
    private let extraURI: String
    private let editsQueue: Bool
    private var answered = 0
    private var failed = 0
    private var firstFailure: String?
    private let pool: TrackPool?

    /// Load on the player at `busName`; with `editsQueue`, the mix has RemoveTrack + AddTrack
    /// pairs that add `extraURI`.
    init(busName: String, editsQueue: Bool, extraURI: String) {
        self.busName = busName
        self.editsQueue = editsQueue
        self.extraURI = extraURI
        pool = editsQueue ? TrackPool(busName: busName) : nil
    }

    /// `clients` clients and the probe for `seconds`, through new connections to `address`.
    func run(address: String, clients: Int, seconds: Int) async throws -> LoadFigures {
        var connections: [DBusConnection] = []
        for _ in 0...clients { connections.append(try await DBusConnection.connect(to: address)) }
        defer { for connection in connections { connection.close() } }
        // The queue loops, so that Next and Previous change track at every size: without it a
        // small queue soon reaches its end, where Next does nothing and costs nothing, and the
        // sizes would not be compared like for like.
        try? await connections[0].setProperty(busName, MPRISNames.objectPath, PlayerInterface.loopStatus, .string("Playlist"))
        let clock = ContinuousClock()
        let started = clock.now
        let deadline = started + .seconds(seconds)
        // Tasks made here run on the main actor, as the connections do, and take turns at each await.
        var tasks: [Task<[Duration], Never>] = []
        for connection in connections.dropLast() {
            let index = tasks.count
            tasks.append(
                Task {
                    await self.client(connection, index: index, until: deadline)
                    return []
                })
        }
        let probe = connections[clients]
        tasks.append(Task { await self.probe(probe, until: deadline) })
        var probeTimes: [Duration] = []
        for task in tasks { probeTimes += await task.value }
        let elapsed = clock.now - started
        let sorted = probeTimes.sorted()
        return LoadFigures(
            callsPerSecond: Double(answered) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18),
            probeP99: sorted.isEmpty ? nil : sorted[min(sorted.count - 1, sorted.count * 99 / 100)],
            probeMedian: sorted.isEmpty ? nil : ProcessTimer.median(sorted), failedCalls: failed, firstFailure: firstFailure)
    }

    /// The probe: Get(PlaybackStatus) every 10 ms until `deadline`; its round trips.
    private func probe(_ connection: DBusConnection, until deadline: ContinuousClock.Instant) async -> [Duration] {
        let clock = ContinuousClock()
        var times: [Duration] = []
        while clock.now < deadline {
            let sent = clock.now
            if (try? await connection.getProperty(busName, MPRISNames.objectPath, PlayerInterface.playbackStatus)) != nil {
                times.append(clock.now - sent)
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return times
    }

    /// One client: its turn through the mix, starting at its own place in it, until `deadline`.
    private func client(_ connection: DBusConnection, index: Int, until deadline: ContinuousClock.Instant) async {
        let gets = [PlayerInterface.playbackStatus, PlayerInterface.metadata, PlayerInterface.position]
        let transport = [PlayerInterface.next, PlayerInterface.previous, PlayerInterface.pause]
        // Three Gets, a transport call, three Gets, a transport call, then a pair (if any).
        let steps = editsQueue ? 9 : 8
        var step = index
        while ContinuousClock.now < deadline {
            step += 1
            switch step % steps {
            case 3: await count { _ = try await connection.call(self.busName, MPRISNames.objectPath, transport[(step / steps) % 3]) }
            case 7: await count { _ = try await connection.call(self.busName, MPRISNames.objectPath, transport[(step / steps + 1) % 3]) }
            case 8: await editPair(on: connection)
            default: await count { _ = try await connection.getProperty(self.busName, MPRISNames.objectPath, gets[step % 3]) }
            }
        }
    }

    /// RemoveTrack of an entry no other client is removing, then AddTrack of one at the start.
    private func editPair(on connection: DBusConnection) async {
        guard let pool, let id = await pool.take(on: connection) else { return }
        let removed = await count { _ = try await connection.call(self.busName, MPRISNames.objectPath, TrackListInterface.removeTrack, [.objectPath(id)]) }
        guard removed else { return }
        await count {
            _ = try await connection.call(
                self.busName, MPRISNames.objectPath, TrackListInterface.addTrack, [.string(self.extraURI), .objectPath(TrackListInterface.noTrack), .bool(false)])
        }
    }

    /// Runs one call, counting it answered or failed; returns whether it was answered.
    @discardableResult
    private func count(_ body: () async throws -> Void) async -> Bool {
        do {
            try await body()
            answered += 1
            return true
        } catch {
            failed += 1
            if firstFailure == nil { firstFailure = "\(error)" }
            return false
        }
    }
}
