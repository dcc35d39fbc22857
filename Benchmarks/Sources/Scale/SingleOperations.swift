// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import RemoteBridgeDBus
import RemoteBridgeMPRIS

/// The calls timed one at a time at each queue size, and the most each may take (the goals).
enum Operation: String, CaseIterable {
    case addTrack = "AddTrack"
    case removeTrack = "RemoveTrack"
    case goTo = "GoTo"
    case next = "Next"
    case previous = "Previous"
    case openURI = "OpenUri"
    case metadata = "Get(Metadata)"
    case position = "Get(Position)"
    case tracks = "Get(Tracks)"
    case tracksMetadata = "GetTracksMetadata(1 000 ids)"

    /// Whether it reads the whole list (the others touch one entry).
    var readsWholeList: Bool { self == .tracks || self == .tracksMetadata }
    /// The most its median may be at any size.
    var goal: Duration { readsWholeList ? .milliseconds(100) : .milliseconds(2) }
    /// Whether mpv-mpris has it too (it has no TrackList, and its OpenUri replaces the playlist).
    var servesMPV: Bool { [.next, .previous, .metadata, .position].contains(self) }
}

/// Times each operation `runs` times against a paused player holding a whole queue, and keeps
/// the medians. remote-playerd's queue stays at its size, so that 100 000 (the queue limit) can
/// be measured: each AddTrack follows a timed RemoveTrack, and each OpenUri (which appends and
/// plays) an untimed one, and is followed by a Pause.
@MainActor
final class SingleOperations {
    private let connection: DBusConnection
    private let busName: String
    private let runs: Int
    /// A tone outside the library, as a URI, for AddTrack and OpenUri.
    private let extraURI: String
    private var samples: [Operation: [Duration]] = [:]
    /// The first error of each operation that failed.
    private(set) var failures: [String] = []

    /// Times calls to the player at `busName` through `connection`.
    init(connection: DBusConnection, busName: String, runs: Int, extraURI: String) {
        self.connection = connection
        self.busName = busName
        self.runs = runs
        self.extraURI = extraURI
    }

    /// The median of each operation that succeeded every time.
    var medians: [Operation: Duration] {
        samples.filter { $0.value.count == runs }.mapValues(ProcessTimer.median)
    }

    /// Everything, against remote-playerd.
    func measureRemotePlayerd() async throws {
        let ids = try await connection.getProperty(busName, MPRISNames.objectPath, TrackListInterface.tracks).stringArrayValue ?? []
        let count = ids.count
        guard count >= 4 * runs + 8 else { throw ProcessTimer.Failure(description: "\(count) entries are too few to time \(runs) runs of each operation") }
        let middle = count / 2
        // Whole-list reads first, on the queue as loaded.
        let thousand = Array(ids[max(0, middle - 500)..<min(count, middle + 500)])
        for _ in 0..<runs {
            await time(.tracks) { _ = try await self.connection.getProperty(self.busName, MPRISNames.objectPath, TrackListInterface.tracks) }
            await time(.tracksMetadata) { _ = try await self.call(TrackListInterface.getTracksMetadata, [.objectPaths(thousand)]) }
        }
        await measureReadsAndTransport()
        // Entries from the middle go and come back; GoTo visits the first quarter; OpenUri
        // makes room at the last quarter first. None of these sets overlaps.
        for run in 0..<runs {
            await time(.removeTrack) { _ = try await self.call(TrackListInterface.removeTrack, [.objectPath(ids[middle + run])]) }
            await time(.addTrack) {
                _ = try await self.call(TrackListInterface.addTrack, [.string(self.extraURI), .objectPath(ids[middle - run - 1]), .bool(false)])
            }
        }
        for run in 0..<runs {
            await time(.goTo) { _ = try await self.call(TrackListInterface.goTo, [.objectPath(ids[run * (count / 4) / self.runs])]) }
        }
        for run in 0..<runs {
            _ = try? await call(TrackListInterface.removeTrack, [.objectPath(ids[count * 3 / 4 + run])])
            await time(.openURI) { _ = try await self.call(PlayerInterface.openURI, [.string(self.extraURI)]) }
            _ = try? await call(PlayerInterface.pause)
        }
    }

    /// What mpv-mpris has too: property reads, Next and Previous.
    func measureReadsAndTransport() async {
        for _ in 0..<runs {
            await time(.metadata) { _ = try await self.connection.getProperty(self.busName, MPRISNames.objectPath, PlayerInterface.metadata) }
            await time(.position) { _ = try await self.connection.getProperty(self.busName, MPRISNames.objectPath, PlayerInterface.position) }
        }
        for _ in 0..<runs { await time(.next) { _ = try await self.call(PlayerInterface.next) } }
        for _ in 0..<runs { await time(.previous) { _ = try await self.call(PlayerInterface.previous) } }
    }

    private func call(_ method: DBusMethodDeclaration, _ arguments: [DBusValue] = []) async throws -> [DBusValue] {
        try await connection.call(busName, MPRISNames.objectPath, method, arguments)
    }

    /// One timed call: its round trip, or its error noted.
    private func time(_ operation: Operation, _ body: () async throws -> Void) async {
        let clock = ContinuousClock()
        let started = clock.now
        do {
            try await body()
            samples[operation, default: []].append(clock.now - started)
        } catch {
            if !failures.contains(where: { $0.hasPrefix(operation.rawValue) }) { failures.append("\(operation.rawValue): \(error)") }
        }
    }
}
