// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import ArgumentParser
import CRemoteBridgeHeap
import CRemoteBridgeQuietExecutor
import Glibc
import Logging
import RemoteBridgeConfiguration
import RemoteBridgeRelease
import RemoteBridgeLogging
import RemoteBridgePlayerDaemon
import SystemPackage

@main
struct RemotePlayerd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote-playerd",
        abstract: "A background audio player that any MPRIS client, headset or media key controls.",
        discussion: """
            remote-playerd appears on the session bus as the MPRIS player \
            org.mpris.MediaPlayer2.remotebridge, and plays with mpv in a confined process of its \
            own, remotebridge-engine, started when there is something to play. Control it with \
            playerctl, remotectl, your desktop's media controls or a headset. Nothing plays until \
            asked (or --autoplay).

            With no FILE arguments, the queue saved at the last exit is restored, paused. \
            The configuration is read from $XDG_CONFIG_HOME/remotebridge/config.toml if it exists; \
            state lives in $XDG_STATE_HOME/remotebridge/player.state (the state.json of \
            earlier releases is read once, and kept as state.json.v1).

            Examples:
              remote-playerd ~/Music/Album
              remote-playerd --demo --autoplay
              remote-playerd --replace https://example.com/stream.mp3
            """,
        version: RemoteBridgeRelease.version)

    @Option(name: .customLong("bus"), help: ArgumentHelp("The D-Bus address to use instead of the session bus.", valueName: "address"))
    var bus: String?

    @Option(help: ArgumentHelp("Own org.mpris.MediaPlayer2.<name> (default: \(PlayerConfiguration().name)).", valueName: "name"))
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
    var stateSaveInterval: Double = RemotePlayerDaemon.Options.defaultStateSaveInterval.inSeconds

    @Argument(help: ArgumentHelp("Files, folders, M3U/PLS playlists or URLs to queue.", valueName: "item"))
    var items: [String] = []

    /// Before any thread starts: large blocks stay out of glibc's heaps (`cheap.h` says why),
    /// the arguments and the config file are read (once: the daemon takes what was read), and Swift concurrency's
    /// global executor moves to a bounded pool of threads that no timer wakes (`cquietexecutor.h`);
    /// then the command runs as ArgumentParser's `main` would run it.
    static func main() async {
        cheap_fix_mapped_block_threshold()
        let command: RemotePlayerd
        do {
            command = try parse(nil)
        } catch {
            exit(withError: error)
        }
        var options = command.options
        // The program this one replaced after a package upgrade saved its state: go on from it,
        // as it was, in place of the queue the command line gives.
        if let playing = DaemonReplacement.takeResumeRequest() {
            options.items = []
            options.autoplay = playing
            options.resumingAfterUpgrade = true
            // The name is its own: the bus may not have seen the program before it let go yet.
            options.replace = true
        }
        // A config file that does not load is read again, and reported, as the daemon starts.
        options.configuration = try? RemotePlayerDaemon.configuration(options: options)
        // dbus-daemon sets it when it starts a service for a call addressed to it: that call is
        // most likely the Play of a media-button resume or of `remotectl queue`. (A systemd user
        // session starts the unit instead, which looks like any other start.)
        options.prepareEngine = getenv("DBUS_STARTER_BUS_TYPE") != nil
        cquietexecutor_install()
        do {
            try await command.run(options: options)
        } catch {
            exit(withError: error)
        }
    }

    /// What the command line asks the daemon for.
    var options: RemotePlayerDaemon.Options {
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
        options.releasesStartupPages = true
        if let interval = Duration.milliseconds(rounding: max(0.05, stateSaveInterval)) { options.stateSaveInterval = interval }
        return options
    }

    func run() async throws {
        try await run(options: options)
    }

    /// Runs the daemon with `options` (`main` hands over the configuration it has read).
    func run(options: RemotePlayerDaemon.Options) async throws {
        DaemonLogging.bootstrap(level: logLevel)
        let logger = Logger(label: "remote-playerd")
        do {
            try await RemotePlayerService.runUntilStopped(options: options, logger: logger) { text in
                // Written at once, not buffered: whoever runs us (a pipe, a script) needs the address now.
                _ = try? FileDescriptor.standardOutput.writeAll(text.utf8)
            }
        } catch is RemotePlayerService.StartFailure {
            // Logged by the service.
            throw ExitCode.failure
        } catch let error as RemotePlayerService.NoSessionBus {
            _ = try? FileDescriptor.standardError.writeAll("remote-playerd: \(error)\n".utf8)
            throw ExitCode.failure
        }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
