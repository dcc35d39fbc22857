import ArgumentParser
import PrivateBusLauncher
import RemoteBridgeDBus
import Foundation
import Logging
import RemotePlayer
import ServiceLifecycle

@main
struct RemotePlayerd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote-playerd",
        abstract: "A background audio player that any MPRIS client, headset or media key controls.",
        discussion: """
            remote-playerd embeds mpv and appears on the session bus as the MPRIS player \
            org.mpris.MediaPlayer2.remotebridge. Control it with playerctl, remotectl, your desktop's \
            media controls or a headset. Nothing plays until asked (or --autoplay).

            With no FILE arguments, the queue saved at the last exit is restored, paused. \
            The configuration is read from $XDG_CONFIG_HOME/remotebridge/config.toml if it exists; \
            state lives in $XDG_STATE_HOME/remotebridge/state.json.

            Examples:
              remote-playerd ~/Music/Album
              remote-playerd --demo --autoplay
              remote-playerd --replace https://example.com/stream.mp3
            """)

    @Option(name: .customLong("bus"), help: ArgumentHelp("The D-Bus address to use instead of the session bus.", valueName: "address"))
    var bus: String?

    @Option(help: ArgumentHelp("Own org.mpris.MediaPlayer2.<name> (default: remotebridge).", valueName: "name"))
    var name: String?

    @Flag(help: "Take the bus name over from a running instance, which saves its state and exits.")
    var replace = false

    @Option(help: ArgumentHelp("mpv's audio output, such as pulse, alsa or null. auto falls back to null.", valueName: "name"))
    var audioOutput: String?

    @Flag(help: "Start playing at once.")
    var autoplay = false

    @Flag(help: "Queue built-in generated tones. Without a session bus, starts a private one.")
    var demo = false

    @Option(help: ArgumentHelp("The configuration file.", valueName: "path"))
    var config: String?

    @Option(help: ArgumentHelp("The state file.", valueName: "path"))
    var state: String?

    @Flag(help: "Neither restore nor save state.")
    var noState = false

    @Option(help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel: Logger.Level = .info

    @Option(help: .hidden)
    var stateSaveInterval: Double = 5

    @Argument(help: ArgumentHelp("Files, folders, M3U/PLS playlists or URLs to queue.", valueName: "item"))
    var items: [String] = []

    func run() async throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "remote-playerd")
        var options = RemotePlayerDaemon.Options()
        options.busAddress = bus
        options.name = name
        options.replace = replace
        options.audioOutput = audioOutput
        options.autoplay = autoplay
        options.demo = demo
        options.configPath = config
        options.statePath = state
        options.noState = noState
        options.items = items
        options.stateSaveInterval = .milliseconds(Int64(max(0.05, stateSaveInterval) * 1000))

        var privateBus: PrivateBus?
        if bus == nil, await DBusConnection.sessionBusAddress == nil {
            guard demo else {
                FileHandle.standardError.write(
                    Data(("remote-playerd: there is no D-Bus session bus here (DBUS_SESSION_BUS_ADDRESS is not set). "
                        + "Run it inside a desktop session, under dbus-run-session, or pass --bus ADDRESS. "
                        + "--demo starts a private bus by itself.\n").utf8))
                throw ExitCode.failure
            }
            let started = try PrivateBus()
            privateBus = started
            options.busAddress = started.address
            // Written at once, not buffered: whoever runs us (a pipe, a script) needs the address now.
            FileHandle.standardOutput.write(
                Data(("No session bus here, so the demo started a private one. Talk to the player with:\n"
                    + "  DBUS_SESSION_BUS_ADDRESS='\(started.address)' playerctl -p remotebridge status\n").utf8))
        }
        defer { privateBus?.stop() }

        // The group runs before the daemon starts, so a signal during start-up is handled too.
        let service = DaemonService(options: options, logger: logger)
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup)],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
        if await service.startFailure.value {
            throw ExitCode.failure
        }
    }
}

/// Runs the daemon under swift-service-lifecycle: SIGTERM and SIGINT save and exit 0, as Quit does.
struct DaemonService: Service {
    let options: RemotePlayerDaemon.Options
    let logger: Logger
    /// Set when the daemon could not start, so `main` exits 1.
    let startFailure = StartFailure()

    @MainActor
    final class StartFailure {
        var value = false
    }

    func run() async throws {
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
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
