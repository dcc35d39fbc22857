// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting

/// What one start of a program shows a client: exec → its name on the bus, → the first
/// answered `Get(PlaybackStatus)`, → the whole queue loaded; then its RSS once settled.
public struct LaunchFigures: Sendable {
    public var toBus: Duration?
    public var toGet: Duration?
    public var toLoaded: Duration?
    /// VmRSS once loaded and left alone for the settling time, paused.
    public var kilobytes: Int?
    /// Why a figure is missing, if one is.
    public var failure: String?

    /// No figures yet.
    public init() {}

    /// The medians of several starts (RSS from the last, which is the one left running).
    public static func median(of starts: [LaunchFigures]) -> LaunchFigures {
        func median(_ values: [Duration?]) -> Duration? {
            let known = values.compactMap { $0 }
            return known.count == values.count && !known.isEmpty ? ProcessTimer.median(known) : nil
        }
        var figures = LaunchFigures()
        figures.toBus = median(starts.map(\.toBus))
        figures.toGet = median(starts.map(\.toGet))
        figures.toLoaded = median(starts.map(\.toLoaded))
        figures.kilobytes = starts.last?.kilobytes
        figures.failure = starts.compactMap(\.failure).first
        return figures
    }
}

/// Starts and stops the programs on the private bus, timing each start as a client sees it.
@MainActor
public final class Launcher {
    private let connection: DBusConnection
    private let busAddress: String
    private let environment: [String: String]
    private let config: String
    private let ipcSocket: String
    private let limit: Duration

    /// Starts programs on the bus at `busAddress` with `environment` added to ours and
    /// remote-playerd's `config`, watching the bus through `connection`; mpv answers on
    /// `ipcSocket`. A start not complete within `limit` is given up (its figures say so).
    public init(connection: DBusConnection, busAddress: String, environment: [String: String], config: String, ipcSocket: String, limit: Duration) {
        self.connection = connection
        self.busAddress = busAddress
        self.environment = environment
        self.config = config
        self.ipcSocket = ipcSocket
        self.limit = limit
    }

    /// One start of `contender` with `item` queued (a playlist or folder of `entries` entries;
    /// none: remote-playerd's saved state in `stateFile`), timed until the whole queue is there.
    /// `executable` runs another build of it (an earlier commit's) instead of this one's.
    public func start(_ contender: Contender, item: String?, stateFile: String?, entries: Int, executable: String? = nil) async throws -> (
        DaemonProcess, LaunchFigures
    ) {
        try? FileManager.default.removeItem(atPath: ipcSocket)
        let check: QueueCheck =
            contender == .remotePlayerd
            ? QueueReadiness(connection: connection, busName: contender.busName, entries: entries)
            : MPVPlaylistCheck(socketPath: ipcSocket, entries: entries)
        let arguments = contender.arguments(bus: busAddress, config: config, item: item, stateFile: stateFile, ipcSocket: ipcSocket)
        return try await start(contender, executable ?? contender.executable, arguments, check: check)
    }

    /// Starts `contender` (its program at `executable`) with `arguments` and times it until
    /// `check` says its queue is whole.
    private func start(_ contender: Contender, _ executable: String, _ arguments: [String], check: QueueCheck) async throws -> (DaemonProcess, LaunchFigures) {
        let arrival = ChangeWaiter()
        var arrived = false
        let subscription = try await connection.subscribe(to: MatchRule(signal: BusDaemonInterface.nameOwnerChanged, arg0: contender.busName)) { message in
            // Taken, not released: the new owner (third argument) is not empty.
            if message.body.count == 3, message.body[2].stringValue != "" {
                arrived = true
                arrival.wake()
            }
        }
        defer { Task { await self.connection.unsubscribe(subscription) } }
        let clock = ContinuousClock()
        let started = clock.now
        let process = try await DaemonProcess(executable: executable, arguments, environment: environment)
        var exited = false
        Task {
            _ = await process.waitForExit(limit: nil)
            exited = true
            arrival.wake()
        }
        var figures = LaunchFigures()
        guard await arrival.until(limit: limit, { arrived || exited }), arrived else {
            figures.failure = exited ? "exited before it was on the bus: \(Self.tail(of: process))" : "not on the bus within \(limit)"
            return (process, figures)
        }
        figures.toBus = clock.now - started
        while clock.now - started < limit, !exited {
            if (try? await connection.getProperty(contender.busName, MPRISNames.objectPath, PlayerInterface.playbackStatus, timeout: limit)) != nil {
                figures.toGet = clock.now - started
                break
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        while figures.toGet != nil, clock.now - started < limit, !exited {
            if await check.isLoaded() {
                figures.toLoaded = clock.now - started
                break
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        if figures.toLoaded == nil {
            figures.failure = exited ? "exited: \(Self.tail(of: process))" : "queue not whole within \(limit)"
        }
        return (process, figures)
    }

    /// Stops the process and returns once it has exited and its name has left the bus, so that
    /// the next start is timed from nothing. remote-playerd gets SIGTERM, and saves its state;
    /// mpv, which has nothing to save, SIGKILL (it inherits DaemonProcess's spawning thread's
    /// blocked signals, and never sees a SIGTERM).
    public func stop(_ process: DaemonProcess, _ contender: Contender) async throws {
        process.send(contender == .remotePlayerd ? SIGTERM : SIGKILL)
        _ = await process.waitForExit(limit: .seconds(60))
        let deadline = ContinuousClock.now + .seconds(10)
        while await connection.nameOwner(contender.busName) != nil {
            guard ContinuousClock.now < deadline else { throw ProcessTimer.Failure(description: "\(contender.busName) stayed on the bus after its program exited") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The end of what the process wrote to stderr, for a failure's description.
    private static func tail(of process: DaemonProcess) -> String {
        let text = process.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "(nothing on stderr)" : String(text.suffix(300))
    }
}
