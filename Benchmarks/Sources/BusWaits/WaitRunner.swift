// SPDX-License-Identifier: Apache-2.0
import BenchmarkSupport
import Foundation
import RemoteBridgeDBus
import RemoteBridgeTesting

/// Starts each program alone on the private bus with the queue, paused, for one row, and stops
/// it after: every row begins from a fresh start.
@MainActor
final class WaitRunner {
    let settings: WaitSettings
    let log: ProgressLog
    /// A tone outside the queue, for the concurrent load's AddTrack.
    let extraURI: String
    private let busAddress: String
    private let queue: ToneLibrary
    /// remote-playerd with an empty configuration, as it runs by default.
    private let launcher: Launcher
    /// remote-playerd letting its engine go WaitSettings.releaseEngineAfterSeconds after a pause (row a).
    private let releasing: Launcher

    /// A runner on the bus at `busAddress`, watched through `connection`, playing `tones` (the
    /// last is kept out of the queue, for AddTrack), with the queue and configuration made in `work`.
    init(settings: WaitSettings, connection: DBusConnection, busAddress: String, work: URL, tones: [URL], log: ProgressLog) throws {
        self.settings = settings
        self.log = log
        self.busAddress = busAddress
        extraURI = tones.last?.absoluteString ?? ""
        queue = try ToneLibrary.make(entries: WaitSettings.queueEntries, tones: Array(tones.dropLast()), in: work, name: "queue")
        let home = try ContenderHome(in: work, busAddress: busAddress)
        let releasingConfig = work.appendingPathComponent("home/releasing.toml").path
        try "[player]\nrelease-engine-after = \(WaitSettings.releaseEngineAfterSeconds)\n".write(toFile: releasingConfig, atomically: true, encoding: .utf8)
        let ipcSocket = work.appendingPathComponent("mpv.socket").path
        launcher = Launcher(
            connection: connection, busAddress: busAddress, environment: home.environment, config: home.config, ipcSocket: ipcSocket, limit: .seconds(20))
        releasing = Launcher(
            connection: connection, busAddress: busAddress, environment: home.environment, config: releasingConfig, ipcSocket: ipcSocket,
            limit: .seconds(20))
    }

    /// Starts `contender` (remote-playerd `releasingEngine` or not) paused with the queue, runs
    /// the row `name` on it, and stops it. A row that throws leaves a note in `figures` saying so.
    func measure(
        _ name: String, on contender: Contender, releasingEngine: Bool = false, into figures: inout WaitFigures,
        _ row: (PlayerUnderTest, inout WaitFigures) async throws -> Void
    ) async throws {
        log.say("\(name): \(contender.rawValue)")
        let launcher = releasingEngine ? releasing : launcher
        let (process, launch) = try await launcher.start(contender, item: queue.playlist.path, stateFile: nil, entries: queue.entries)
        if let failure = launch.failure {
            figures.notes.append("\(name): not measured, \(contender.rawValue) did not start: \(failure)")
        } else {
            do {
                try await row(PlayerUnderTest(contender: contender, pid: process.pid, busAddress: busAddress), &figures)
            } catch {
                figures.notes.append("\(name): not measured to the end: \(error)")
            }
        }
        try await launcher.stop(process, contender)
    }
}
