// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import CRemoteBridgeHeap
import CRemoteBridgeQuietExecutor
import FoundationEssentials
import RemoteBridgeHeadsetDaemon
import Logging
import RemoteBridgeConfiguration
import RemoteBridgeRelease
import RemoteBridgeLogging

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
            (Bluetooth, ALSA jacks, USB headsets, never keyboards), and opens new ones as they \
            appear; install dist/udev/70-remotebridge-headset.rules to give the seat user access. \
            It grabs them (grab = true), so the desktop does not act on the same press. A --device \
            is always treated as a headset, so a FIFO carrying struct input_event records works \
            too; a regular file is read once.

            One press, never two: KEY_PLAYCD while the player plays pauses it, and KEY_PAUSECD \
            while it is paused plays it (sync-play-pause = true). A player that says Playing with \
            no track loaded does not take the buttons.

            Unplugging headphones (a jack switch, a Bluetooth headset disconnecting) pauses the \
            now-playing player (pause-on-unplug = true). Plugging back in resumes it only with \
            resume-on-reconnect = true (or --resume-on-reconnect), within resume-within seconds \
            (\(ConfigurationSchema.defaultValue("headset", "resume-within") ?? "")).

            Every press is answered: play, play/pause or a click that finds no player to take it \
            (none on the bus, or only players that never had a track) starts remote-playerd \
            through D-Bus activation and sends Play, resuming its saved queue, if the state was \
            saved within resume-after-exit-within (\(ConfigurationSchema.defaultValue("headset", "resume-after-exit-within") ?? ""); 0 turns it off) and the queue is not \
            empty. Otherwise the log says why. Presses while it starts are absorbed.

            With BlueZ on the system bus, headsetd registers one AVRCP player with each adapter \
            that stands for the now-playing player, so headsets and car stereos show its state \
            and track (bluetooth = true). A BlueZ that does not answer (still starting) is asked \
            again \(RetryBackoff().schedule). When the system bus goes away (its dbus-daemon dies \
            or restarts), presses still reach the players on the session bus: headsetd logs one \
            warning and registers with BlueZ again once the system bus is back (remotectl doctor \
            says so when it cannot).

            When the session bus goes away (a logout), headsetd lets go of the devices, logs why, \
            and exits 0, so the next session's headsetd can grab them.

            At start it logs, once, each check of `remotectl doctor` that fails for what it \
            cannot see for itself (the udev rule, devices it may not open, the installed units \
            and activation files, the desktop's media-key grab), with the fix. \
            `remotectl doctor` walks the whole chain a press travels.

            The settings live in the [headset] section of the config file; see \
            dist/config.example.toml.
            """,
        version: RemoteBridgeRelease.version)

    @Option(name: .customLong("bus"), help: ArgumentHelp("The D-Bus address to use instead of the session bus.", valueName: "address"))
    var bus: String?

    @Option(name: .customLong("device"), help: ArgumentHelp("An input device or FIFO to read (repeatable).", valueName: "path"))
    var devices: [String] = []

    @Option(help: ArgumentHelp("The configuration file.", valueName: "path"))
    var config: String?

    @Option(
        name: .customLong("system-bus"),
        help: ArgumentHelp("The D-Bus address where BlueZ is, instead of the system bus.", valueName: "address"))
    var systemBus: String?

    @Flag(help: "Resume what an unplug paused when the headphones come back (resume-on-reconnect).")
    var resumeOnReconnect = false

    @Option(
        name: .customLong("input-dir"),
        help: ArgumentHelp(
            "For tests: discover and watch this folder instead of /dev/input; an event* FIFO in it counts as a headset.",
            valueName: "folder"))
    var inputDirectory: String?

    @Option(help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel: Logger.Level = .info

    /// Before any thread starts: large blocks stay out of glibc's heaps (`cheap.h` says why), and
    /// Swift concurrency's global executor moves to a bounded pool of threads that no timer wakes
    /// (`cquietexecutor.h`); then the arguments are parsed and run as usual.
    static func main() async {
        cheap_fix_mapped_block_threshold()
        cquietexecutor_install()
        await main(nil)
    }

    func run() async throws {
        DaemonLogging.bootstrap(level: logLevel)
        let logger = Logger(label: "headsetd")
        var options = HeadsetHandler.Options()
        options.busAddress = bus
        options.devices = devices
        options.configPath = config
        options.systemBusAddress = systemBus
        options.inputDirectory = inputDirectory
        if resumeOnReconnect { options.resumeOnReconnect = true }
        do {
            try await HeadsetService.runUntilStopped(options: options, logger: logger)
        } catch is HeadsetService.StartFailure {
            throw ExitCode.failure
        } catch is HeadsetService.BusLost {
            // Logged, and the devices let go: the session is over, which is no failure.
        }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
