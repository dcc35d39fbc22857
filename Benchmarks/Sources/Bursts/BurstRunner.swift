// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting

/// Runs one burst against one program: starts it alone on the bus with its queue, playing and
/// looping, reads its idle RSS once settled, makes the calls while reading RSS and threads, then
/// watches it for BurstLimits.recovery with no client calling, and stops it.
@MainActor
final class BurstRunner {
    private let settings: BurstSettings
    private let connection: DBusConnection
    private let busAddress: String
    private let launcher: Launcher
    private let ipcSocket: String
    private let log: ProgressLog
    /// The small queue: BurstSettings.smallQueue tones, as an M3U playlist.
    private let small: ToneLibrary
    /// The 100 000-entry library and its playlist, made when a large burst first needs it.
    private var large: ToneLibrary?
    private let work: URL
    private let tones: [URL]
    /// A tone outside the queue, for the mixed load's AddTrack.
    private let extraURI: String

    /// Runs bursts with `tones` (the last one is kept out of the queues, for AddTrack), making
    /// the queues under `work`, on its filesystem.
    init(settings: BurstSettings, connection: DBusConnection, busAddress: String, home: ContenderHome, work: URL, tones: [URL], log: ProgressLog) throws {
        self.settings = settings
        self.connection = connection
        self.busAddress = busAddress
        self.log = log
        self.work = work
        self.tones = Array(tones.dropLast())
        extraURI = tones.last?.absoluteString ?? ""
        ipcSocket = work.appendingPathComponent("mpv.socket").path
        launcher = Launcher(
            connection: connection, busAddress: busAddress, environment: home.environment, config: home.config, ipcSocket: ipcSocket, limit: LargeQueueCalls.limit)
        small = try ToneLibrary.make(entries: BurstSettings.smallQueue, tones: self.tones, in: work, name: "small")
    }

    /// Removes the large library, if it was made.
    func removeLarge() {
        if let large { try? FileManager.default.removeItem(at: large.folder.deletingLastPathComponent()) }
    }

    /// `burst` against `contender`.
    func measure(_ burst: Burst, _ contender: Contender) async throws -> BurstResult {
        var result = BurstResult(burst: burst, contender: contender)
        if contender == .mpv, let reason = burst.notForMPV {
            result.notApplicable = reason
            return result
        }
        let queue = burst == .tracks100k ? try largeLibrary() : small
        log.say("\(burst.rawValue): \(contender.rawValue), starting with \(FigureText.grouped(queue.entries)) entries")
        let (process, launch) = try await launcher.start(contender, item: queue.playlist.path, stateFile: nil, entries: queue.entries)
        if let failure = launch.failure {
            result.failure = "\(contender.rawValue) did not start: \(failure)"
        } else {
            do {
                try await play(contender)
                try await Task.sleep(for: BurstSettings.settle)
                result.idle = MemoryWatch.sample(process.pid)
                log.say("\(burst.rawValue): \(contender.rawValue), idle \(BurstLimits.mebibytes(result.idle?.kilobytes ?? 0)); calling")
                try await calls(burst, contender, pid: process.pid, into: &result)
            } catch {
                result.failure = "\(error)"
            }
        }
        try await launcher.stop(process, contender)
        return result
    }

    /// Playing, the whole queue looping.
    private func play(_ contender: Contender) async throws {
        try await connection.setProperty(contender.busName, MPRISNames.objectPath, PlayerInterface.loopStatus, .string("Playlist"))
        _ = try await connection.call(contender.busName, MPRISNames.objectPath, PlayerInterface.play)
    }

    /// The burst's calls, each round followed by the watch.
    private func calls(_ burst: Burst, _ contender: Contender, pid: Int32, into result: inout BurstResult) async throws {
        switch burst {
        case .noCalls:
            result.rounds = [
                await round(pid) {
                    try await Task.sleep(for: .seconds(self.settings.seconds))
                    return CallCount(answered: 0, perSecond: 0, failed: 0, firstFailure: nil)
                }
            ]
        case .gets, .nextPrevious, .seek:
            guard let mix = burst.mix else { return }
            result.rounds = [
                await round(pid) {
                    let load = ConcurrentLoad(busName: contender.busName, mix: mix, extraURI: self.extraURI, probe: false)
                    return CallCount(try await load.run(address: self.busAddress, clients: self.settings.clients, seconds: self.settings.seconds))
                }
            ]
        case .mixed:
            for index in 0..<settings.mixedRounds {
                if index > 0 { log.say("\(burst.rawValue): \(contender.rawValue), round \(index + 1)") }
                result.rounds.append(
                    await round(pid) {
                        let load = ConcurrentLoad(busName: contender.busName, mix: .scale(editsQueue: contender == .remotePlayerd), extraURI: self.extraURI)
                        return CallCount(
                            try await load.run(address: self.busAddress, clients: BurstSettings.mixedClients, seconds: self.settings.mixedSeconds))
                    })
            }
        case .tracks100k:
            let calls = LargeQueueCalls(connection: connection, busName: contender.busName)
            result.rounds = [await round(pid) { await calls.readTracks() }]
        case .openURI100k:
            let playlist = try largeLibrary().playlist.absoluteString
            let calls = LargeQueueCalls(connection: connection, busName: contender.busName)
            var notes: [String] = []
            result.rounds = [
                await round(pid) {
                    await calls.openURI(
                        playlist, contender: contender, before: BurstSettings.smallQueue, lines: BurstSettings.largeEntries, ipcSocket: self.ipcSocket,
                        notes: &notes)
                }
            ]
            result.notes += notes
        }
        for (index, round) in result.rounds.enumerated() where round.calls.failed > 0 {
            result.notes.append("round \(index + 1): \(round.calls.failed) calls failed, first: \(round.calls.firstFailure ?? "?")")
        }
    }

    /// One round: `body` makes the calls while RSS and threads are read, then the watch from
    /// its last answer. A round whose calls could not run counts none, and is still watched.
    private func round(_ pid: Int32, _ body: () async throws -> CallCount) async -> RoundFigures {
        let (calls, underLoad) = await MemoryWatch.during(pid) {
            do {
                return try await body()
            } catch {
                return CallCount(answered: 0, perSecond: 0, failed: 1, firstFailure: "\(error)")
            }
        }
        let afterwards = await MemoryWatch.after(pid, for: BurstLimits.recovery)
        return RoundFigures(calls: calls, underLoad: underLoad, afterwards: afterwards)
    }

    /// The 100 000-entry library, made the first time.
    private func largeLibrary() throws -> ToneLibrary {
        if let large { return large }
        log.say("making a library of \(FigureText.grouped(BurstSettings.largeEntries)) entries")
        let library = try ToneLibrary.make(entries: BurstSettings.largeEntries, tones: tones, in: work, name: "large")
        large = library
        return library
    }
}
