// SPDX-License-Identifier: Apache-2.0
import Logging
import ServiceLifecycle

/// headsetd as a swift-service-lifecycle `Service`: it starts the handler and runs it until a
/// graceful shutdown (SIGTERM or SIGINT under `runUntilStopped`) or until its bus goes away,
/// then lets go of the devices and the bus. `main` only parses arguments and picks the exit
/// status; tests run this in-process.
public struct HeadsetService: Service {
    /// How the handler is started.
    public let options: HeadsetHandler.Options
    /// Where it logs.
    public let logger: Logger

    /// The handler could not start; the log says why.
    public struct StartFailure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// The bus went away (a logout, a bus that crashed); the devices have been let go. Not a
    /// failure: `main` exits 0, as remote-playerd does, so `Restart=on-failure` leaves it be.
    public struct BusLost: Error, CustomStringConvertible {
        /// The bus's address.
        public var address: String
        /// What happened.
        public var description: String { "the bus at \(address) went away" }
    }

    /// Makes the service; nothing starts until `run()`.
    public init(options: HeadsetHandler.Options, logger: Logger) {
        self.options = options
        self.logger = logger
    }

    /// Starts the handler and runs it until the group shuts down gracefully; throws `StartFailure`
    /// if it cannot start, and `BusLost` once its bus has gone away and the devices are let go.
    public func run() async throws {
        let handler: HeadsetHandler
        do {
            handler = try await HeadsetHandler(options: options, logger: logger)
        } catch {
            logger.critical("\(error)")
            throw StartFailure(description: "\(error)")
        }
        if Task.isShuttingDownGracefully { await handler.finish(.stopped) }
        // What remotectl doctor would find wrong, once, beside the running handler.
        let checks = Task { await handler.logStartupFindings() }
        defer { checks.cancel() }
        let ending = await withGracefulShutdownHandler {
            await handler.waitUntilFinished()
        } onGracefulShutdown: {
            Task { @MainActor in handler.finish(.stopped) }
        }
        await handler.shutdown()
        if ending == .busLost { throw BusLost(address: await handler.connection.address) }
    }

    /// Runs the handler until SIGTERM or SIGINT, or until its bus goes away (`BusLost`); throws
    /// `StartFailure` if it could not start.
    public static func runUntilStopped(options: HeadsetHandler.Options, logger: Logger) async throws {
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: HeadsetService(options: options, logger: logger), successTerminationBehavior: .gracefullyShutdownGroup)],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}
