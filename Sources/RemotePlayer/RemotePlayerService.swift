import FoundationEssentials
import Glibc
import Logging
import PrivateBusLauncher
import RemoteBridgeDBus
import ServiceLifecycle

/// remote-playerd as a swift-service-lifecycle `Service`: it starts the daemon, runs it until
/// Quit, a takeover or a graceful shutdown (SIGTERM or SIGINT under `runUntilStopped`), then
/// saves and leaves the bus. `main` only parses arguments; tests run this in-process.
public struct RemotePlayerService: Service {
    /// How the daemon is started.
    public let options: RemotePlayerDaemon.Options
    /// Where it logs.
    public let logger: Logger
    /// Set when the daemon could not start, so `main` exits 1.
    public let startFailure = StartFailure()

    /// Whether the daemon failed to start.
    @MainActor
    public final class StartFailure {
        /// True once start-up has failed.
        public internal(set) var value = false
    }

    /// Makes the service; nothing starts until `run()`.
    public init(options: RemotePlayerDaemon.Options, logger: Logger) {
        self.options = options
        self.logger = logger
    }

    /// Starts the daemon and runs it until Quit, a takeover or a graceful shutdown; a failed start sets `startFailure` and returns.
    public func run() async throws {
        let daemon: RemotePlayerDaemon
        do {
            daemon = try await RemotePlayerDaemon(options: options, logger: logger)
        } catch {
            logger.critical("\(error)")
            await MainActor.run { startFailure.value = true }
            return
        }
        if Task.isShuttingDownGracefully { await daemon.finish(reason: "signal during start-up") }
        await withGracefulShutdownHandler {
            await daemon.waitUntilFinished()
        } onGracefulShutdown: {
            Task { @MainActor in daemon.finish(reason: "signal") }
        }
        await daemon.releaseMediaKeys()
        await daemon.shutdown()
    }

    /// There is no session bus, and the options do not allow starting one.
    public struct NoSessionBus: Error, CustomStringConvertible {
        public var description: String {
            "there is no D-Bus session bus here (DBUS_SESSION_BUS_ADDRESS is not set). "
                + "Run it inside a desktop session, under dbus-run-session, or pass --bus ADDRESS. --demo starts a private bus by itself."
        }
    }

    /// Runs the daemon until it finishes or SIGTERM/SIGINT arrives; false when it could not
    /// start. Without a session bus, `--demo` starts a private one for the run and tells
    /// `announce` how to reach it; anything else throws `NoSessionBus`.
    public static func runUntilStopped(
        options: RemotePlayerDaemon.Options, logger: Logger, announce: (String) -> Void
    ) async throws -> Bool {
        var options = options
        var privateBus: PrivateBus?
        if options.busAddress == nil, DBusConnection.sessionBusAddress == nil {
            guard options.demo else { throw NoSessionBus() }
            let started = try PrivateBus()
            privateBus = started
            options.busAddress = started.address
            announce(
                "No session bus here, so the demo started a private one. Talk to the player with:\n"
                    + "  DBUS_SESSION_BUS_ADDRESS='\(started.address)' playerctl -p remotebridge status\n")
        }
        defer { privateBus?.stop() }
        // The group runs before the daemon starts, so a signal during start-up is handled too.
        let service = RemotePlayerService(options: options, logger: logger)
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup)],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
        return await !service.startFailure.value
    }
}
