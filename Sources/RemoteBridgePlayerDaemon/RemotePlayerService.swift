// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import Logging
import RemoteBridgePrivateBus
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
    /// The daemon could not start; the log says why, and `main` exits 1.
    public struct StartFailure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// Makes the service; nothing starts until `run()`.
    public init(options: RemotePlayerDaemon.Options, logger: Logger) {
        self.options = options
        self.logger = logger
    }

    /// Starts the daemon and runs it until Quit, a takeover or a graceful shutdown; throws
    /// `StartFailure` (after logging it) if it cannot start.
    public func run() async throws {
        let daemon: RemotePlayerDaemon
        do {
            daemon = try await RemotePlayerDaemon(options: options, logger: logger)
        } catch {
            logger.critical("\(error)")
            throw StartFailure(description: "\(error)")
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

    /// Runs the daemon until it finishes or SIGTERM/SIGINT arrives; throws `StartFailure` when it
    /// could not start. Without a session bus, `--demo` starts a private one for the run and tells
    /// `announce` how to reach it; anything else throws `NoSessionBus`.
    public static func runUntilStopped(
        options: RemotePlayerDaemon.Options, logger: Logger, announce: (String) -> Void
    ) async throws {
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
    }
}
