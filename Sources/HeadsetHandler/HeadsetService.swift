import Logging
import ServiceLifecycle

/// headsetd as a swift-service-lifecycle `Service`: it starts the handler and runs it until a
/// graceful shutdown (SIGTERM or SIGINT under `runUntilStopped`), then lets go of the devices
/// and the bus. `main` only parses arguments; tests run this in-process.
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

    /// Makes the service; nothing starts until `run()`.
    public init(options: HeadsetHandler.Options, logger: Logger) {
        self.options = options
        self.logger = logger
    }

    /// Starts the handler and runs it until the group shuts down gracefully; throws `StartFailure` if it cannot start.
    public func run() async throws {
        let handler: HeadsetHandler
        do {
            handler = try await HeadsetHandler(options: options, logger: logger)
        } catch {
            logger.critical("\(error)")
            throw StartFailure(description: "\(error)")
        }
        try? await gracefulShutdown()
        await handler.shutdown()
    }

    /// Runs the handler until SIGTERM or SIGINT; throws `StartFailure` if it could not start.
    public static func runUntilStopped(options: HeadsetHandler.Options, logger: Logger) async throws {
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: HeadsetService(options: options, logger: logger), successTerminationBehavior: .gracefullyShutdownGroup)],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}
