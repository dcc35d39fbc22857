import BenchmarkSupport
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting

/// What one start of a program shows a client: exec → its name on the bus, → the first
/// answered `Get(PlaybackStatus)`, → the whole queue loaded; then its RSS once settled.
struct LaunchFigures {
    var toBus: Duration?
    var toGet: Duration?
    var toLoaded: Duration?
    /// VmRSS once loaded and left alone for the settling time, paused.
    var kilobytes: Int?
    /// Why a figure is missing, if one is.
    var failure: String?

    /// The medians of several starts (RSS from the last, which is the one left running).
    static func median(of starts: [LaunchFigures]) -> LaunchFigures {
        func median(_ values: [Duration?]) -> Duration? {
            let known = values.compactMap { $0 }
            return known.count == values.count && !known.isEmpty ? ProcessTimer.median(known) : nil
        }
        return LaunchFigures(
            toBus: median(starts.map(\.toBus)), toGet: median(starts.map(\.toGet)), toLoaded: median(starts.map(\.toLoaded)),
            kilobytes: starts.last?.kilobytes, failure: starts.compactMap(\.failure).first)
    }
}

/// Starts and stops the programs on the private bus, timing each start as a client sees it.
@MainActor
final class Launcher {
    private let connection: DBusConnection
    private let environment: [String: String]
    private let limit: Duration

    /// Starts programs with `environment` added to ours, watching the bus through `connection`;
    /// a start not complete within `limit` is given up (its figures say so).
    init(connection: DBusConnection, environment: [String: String], limit: Duration) {
        self.connection = connection
        self.environment = environment
        self.limit = limit
    }

    /// Starts `contender` with `arguments` and times it until `check` says its queue is whole.
    func start(_ contender: Contender, _ arguments: [String], check: QueueCheck) async throws -> (DaemonProcess, LaunchFigures) {
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
        let process = try await DaemonProcess(executable: contender.executable, arguments, environment: environment)
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
    func stop(_ process: DaemonProcess, _ contender: Contender) async throws {
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
