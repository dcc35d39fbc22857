import ArgumentParser
import Foundation
import HeadsetHandler
import Logging
import ServiceLifecycle

@main
struct Headsetd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "headsetd",
        abstract: "Turns headset button clicks into commands for whichever MPRIS player is now playing.",
        discussion: """
            Click: play/pause. Double-click: next. Triple-click: previous. Double-click and hold: \
            fast-forward while held. Triple-click and hold: rewind while held. Rebind them in the \
            [headset.gestures] section of $XDG_CONFIG_HOME/remotebridge/config.toml.

            Without --device, headsetd reads every headset-like input device it may read \
            (Bluetooth, ALSA jacks, USB headsets); install dist/udev/70-remotebridge-headset.rules \
            to give the seat user access. A --device is always treated as a headset, so a FIFO \
            carrying struct input_event records works too.
            """)

    @Option(name: .customLong("bus"), help: ArgumentHelp("The D-Bus address to use instead of the session bus.", valueName: "address"))
    var bus: String?

    @Option(name: .customLong("device"), help: ArgumentHelp("An input device or FIFO to read (repeatable).", valueName: "path"))
    var devices: [String] = []

    @Option(help: ArgumentHelp("The configuration file.", valueName: "path"))
    var config: String?

    @Option(help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel: Logger.Level = .info

    func run() async throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "headsetd")
        var options = HeadsetHandler.Options()
        options.busAddress = bus
        options.devices = devices
        options.configPath = config
        let service = HeadsetService(options: options, logger: logger)
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup)],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}

/// Runs the handler until SIGTERM or SIGINT.
struct HeadsetService: Service {
    let options: HeadsetHandler.Options
    let logger: Logger

    func run() async throws {
        let handler: HeadsetHandler
        do {
            handler = try await HeadsetHandler(options: options, logger: logger)
        } catch {
            logger.critical("\(error)")
            throw ExitCode.failure
        }
        try? await gracefulShutdown()
        await handler.shutdown()
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
