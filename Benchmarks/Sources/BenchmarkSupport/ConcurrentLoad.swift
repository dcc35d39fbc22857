// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// Calls answered a second by a player under concurrent load, and how long a probe's Get
/// waits meanwhile.
public struct LoadFigures: Sendable {
    /// Calls the load clients had answered, per second (the probe's not counted).
    public var callsPerSecond: Double
    /// Calls the load clients had answered.
    public var answeredCalls: Int
    /// The probe's Get(PlaybackStatus) round trip, 99th percentile (nil without a probe).
    public var probeP99: Duration?
    /// The probe's median, for comparison.
    public var probeMedian: Duration?
    /// The probe's slowest round trip (nil without a probe).
    public var probeMax: Duration?
    /// Calls answered with an error.
    public var failedCalls: Int
    /// The first error, if any.
    public var firstFailure: String?
}

/// What one load client does at one of its turns.
public enum LoadStep: Sendable {
    /// A method call (a Properties.Get is one too: `StandardInterfaces.get`).
    case call(DBusMethodDeclaration, [DBusValue])
    /// RemoveTrack of an entry no other client is removing, then AddTrack of one at the start.
    case editPair
}

/// What the load clients call, turn after turn: the step of client `client` (0, 1, …) at its
/// `turn`-th call (0, 1, …).
public struct LoadMix: Sendable {
    /// Whether the mix has `editPair` steps (which need a TrackList, and a URI to add).
    public var editsQueue: Bool
    /// The step of `client` at `turn`.
    public var step: @Sendable (_ client: Int, _ turn: Int) -> LoadStep

    /// A mix of the steps `step` gives.
    public init(editsQueue: Bool = false, step: @escaping @Sendable (_ client: Int, _ turn: Int) -> LoadStep) {
        self.editsQueue = editsQueue
        self.step = step
    }

    /// `Get` of `property` on the MPRIS object, as a step.
    public static func get(_ property: DBusPropertyDeclaration) -> LoadStep {
        .call(StandardInterfaces.get, [.string(property.interface), .string(property.name)])
    }

    /// The Scale benchmark's mix: three Gets (PlaybackStatus, Metadata, Position), a transport
    /// call (Next, Previous or Pause), three Gets, a transport call, then, with `editsQueue`, a
    /// RemoveTrack + AddTrack pair that keeps the queue at its size. Each client starts at its
    /// own place in it.
    public static func scale(editsQueue: Bool) -> LoadMix {
        LoadMix(editsQueue: editsQueue) { client, turn in
            let gets = [PlayerInterface.playbackStatus, PlayerInterface.metadata, PlayerInterface.position]
            let transport = [PlayerInterface.next, PlayerInterface.previous, PlayerInterface.pause]
            let steps = editsQueue ? 9 : 8
            let step = client + turn + 1
            switch step % steps {
            case 3: return .call(transport[(step / steps) % 3], [])
            case 7: return .call(transport[(step / steps + 1) % 3], [])
            case 8: return .editPair
            default: return get(gets[step % 3])
            }
        }
    }
}

/// Clients on connections of their own, each calling back to back for a fixed time, the calls
/// a `LoadMix` gives; with the probe, one more connection reads PlaybackStatus every 10 ms. The
/// queue loops meanwhile (LoopStatus Playlist).
@MainActor
public final class ConcurrentLoad {
    private let busName: String
    private let mix: LoadMix
    private let extraURI: String
    private let withProbe: Bool
    private var tally = CallTally()
    private let pool: TrackPool?

    /// Load on the player at `busName`; the mix's `editPair` steps add `extraURI`. With
    /// `probe`, a probe on a connection of its own times Get(PlaybackStatus) meanwhile.
    public init(busName: String, mix: LoadMix, extraURI: String, probe: Bool = true) {
        self.busName = busName
        self.mix = mix
        self.extraURI = extraURI
        withProbe = probe
        pool = mix.editsQueue ? TrackPool(busName: busName) : nil
    }

    /// `clients` clients (and the probe) for `seconds`, through new connections to `address`.
    public func run(address: String, clients: Int, seconds: Int) async throws -> LoadFigures {
        var connections: [DBusConnection] = []
        for _ in 0..<(withProbe ? clients + 1 : clients) { connections.append(try await DBusConnection.connect(to: address)) }
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
        for (index, connection) in connections.prefix(clients).enumerated() {
            tasks.append(
                Task {
                    await self.client(connection, index: index, until: deadline)
                    return []
                })
        }
        if withProbe {
            let probe = connections[clients]
            tasks.append(Task { await self.probe(probe, until: deadline) })
        }
        var probeTimes: [Duration] = []
        for task in tasks { probeTimes += await task.value }
        let elapsed = clock.now - started
        let sorted = probeTimes.sorted()
        return LoadFigures(
            callsPerSecond: Double(tally.answered) / (FigureText.seconds(elapsed) ?? 1),
            answeredCalls: tally.answered, probeP99: sorted.isEmpty ? nil : sorted[min(sorted.count - 1, sorted.count * 99 / 100)],
            probeMedian: sorted.isEmpty ? nil : ProcessTimer.median(sorted), probeMax: sorted.last, failedCalls: tally.failed, firstFailure: tally.firstFailure)
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

    /// One client: its turns through the mix until `deadline`.
    private func client(_ connection: DBusConnection, index: Int, until deadline: ContinuousClock.Instant) async {
        var turn = 0
        while ContinuousClock.now < deadline {
            switch mix.step(index, turn) {
            case .call(let method, let arguments): await count { _ = try await connection.call(self.busName, MPRISNames.objectPath, method, arguments) }
            case .editPair: await editPair(on: connection)
            }
            turn += 1
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
        let outcome = await CallTally.run(body)
        return tally.record(outcome)
    }
}
