import ArgumentParser
import DurationConversions
import RemoteCtl

extension Remotectl {
    struct Play: TransportCommand {
        static let configuration = CommandConfiguration(abstract: "Starts or resumes playback.")
        static let verb = RemoteCtl.Transport.play
        @OptionGroup var options: PlayerOptions
    }

    struct Pause: TransportCommand {
        static let configuration = CommandConfiguration(abstract: "Pauses.")
        static let verb = RemoteCtl.Transport.pause
        @OptionGroup var options: PlayerOptions
    }

    struct PlayPause: TransportCommand {
        static let configuration = CommandConfiguration(commandName: "play-pause", abstract: "Toggles between playing and paused.")
        static let verb = RemoteCtl.Transport.playPause
        @OptionGroup var options: PlayerOptions
    }

    struct Stop: TransportCommand {
        static let configuration = CommandConfiguration(abstract: "Stops, keeping the queue.")
        static let verb = RemoteCtl.Transport.stop
        @OptionGroup var options: PlayerOptions
    }

    struct Next: TransportCommand {
        static let configuration = CommandConfiguration(abstract: "Goes to the next track.")
        static let verb = RemoteCtl.Transport.next
        @OptionGroup var options: PlayerOptions
    }

    struct Previous: TransportCommand {
        static let configuration = CommandConfiguration(abstract: "Goes to the previous track, or restarts this one.")
        static let verb = RemoteCtl.Transport.previous
        @OptionGroup var options: PlayerOptions
    }

    struct Position: SettingCommand {
        static let configuration = CommandConfiguration(abstract: "Prints the position, or jumps to SECONDS, or moves by SECONDS+ / SECONDS-.")
        @OptionGroup var options: PlayerOptions
        @Argument(help: "SECONDS, SECONDS+ or SECONDS-.") var value: String?
        @Flag(help: "Print the value as JSON (when reading it).") var json = false
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.position(value, json: json) }
    }

    struct Volume: SettingCommand {
        static let configuration = CommandConfiguration(abstract: "Prints the volume, or sets LEVEL, LEVEL+ or LEVEL- (1.0 is 100%).")
        @OptionGroup var options: PlayerOptions
        @Argument(help: "LEVEL, LEVEL+ or LEVEL-.") var value: String?
        @Flag(help: "Print the value as JSON (when reading it).") var json = false
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.volume(value, json: json) }
    }

    struct Loop: SettingCommand {
        static let configuration = CommandConfiguration(abstract: "Prints or sets the loop mode: none, track or playlist.")
        @OptionGroup var options: PlayerOptions
        @Argument(help: "none, track or playlist.") var value: String?
        @Flag(help: "Print the value as JSON (when reading it).") var json = false
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.loop(value, json: json) }
    }

    struct Shuffle: SettingCommand {
        static let configuration = CommandConfiguration(abstract: "Prints shuffle, or sets it: on, off or toggle.")
        @OptionGroup var options: PlayerOptions
        @Argument(help: "on, off or toggle.") var value: String?
        @Flag(help: "Print the value as JSON (when reading it).") var json = false
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.shuffle(value, json: json) }
    }

    struct Open: SettingCommand {
        static let configuration = CommandConfiguration(abstract: "Opens a URI in the player.")
        @OptionGroup var options: PlayerOptions
        @Argument(help: "The URI, such as file:///music/song.flac.") var uri: String
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.open(uri) }
    }

    struct SeekForward: SettingCommand {
        static let configuration = CommandConfiguration(commandName: "seek-forward", abstract: "Scans forward while 'held' for --hold seconds.")
        @OptionGroup var options: PlayerOptions
        @Option(help: ArgumentHelp("How long to hold, in seconds.", valueName: "seconds")) var hold: Double = 2
        func act(_ ctl: RemoteCtl) async -> Int32 {
            guard hold.isFinite, (0...600).contains(hold) else { return 2 }
            return await ctl.scan(forward: true, hold: .milliseconds(rounding: hold) ?? .zero)
        }
    }

    struct SeekBackward: SettingCommand {
        static let configuration = CommandConfiguration(commandName: "seek-backward", abstract: "Scans backward while 'held' for --hold seconds.")
        @OptionGroup var options: PlayerOptions
        @Option(help: ArgumentHelp("How long to hold, in seconds.", valueName: "seconds")) var hold: Double = 2
        func act(_ ctl: RemoteCtl) async -> Int32 {
            guard hold.isFinite, (0...600).contains(hold) else { return 2 }
            return await ctl.scan(forward: false, hold: .milliseconds(rounding: hold) ?? .zero)
        }
    }

    struct Click: SettingCommand {
        static let configuration = CommandConfiguration(abstract: "Clicks the headset button through headsetd: --count clicks, the last held --hold seconds.")
        @OptionGroup var options: PlayerOptions
        @Option(help: "How many clicks (1 to 10).") var count = 1
        @Option(help: ArgumentHelp("Hold the last press this long, in seconds.", valueName: "seconds")) var hold: Double = 0
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.click(count: count, hold: hold) }
    }

    struct Headset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Asks headsetd what it does.", subcommands: [HeadsetStatus.self], defaultSubcommand: HeadsetStatus.self)
    }

    struct HeadsetStatus: SettingCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Shows the devices headsetd reads, the player a press goes to and why, the gestures, and the unplug and Bluetooth settings.")
        @OptionGroup var options: PlayerOptions
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.headsetStatus() }
    }

    struct Monitor: SettingCommand {
        static let configuration = CommandConfiguration(
            abstract: "Prints EventDelivered, PropertiesChanged and Seeked as they happen, one line each, until interrupted.")
        @OptionGroup var options: PlayerOptions
        @Flag(help: "One JSON object per line.") var json = false
        func act(_ ctl: RemoteCtl) async -> Int32 {
            var line = ctl
            line.output = { text in
                // Unbuffered, so a pipe sees each line as it happens.
                StandardStream.output.write(text + "\n")
            }
            // Runs until interrupted; Ctrl-C ends it with exit 0.
            let interruption = Interruption()
            return await line.monitor(json: json) { await interruption.wait() }
        }
    }

    struct Metadata: SettingCommand {
        static let configuration = CommandConfiguration(
            abstract: "Prints the metadata, chosen KEYs, or a --format template.",
            discussion: """
                Templates are playerctl's: {{title}}, {{xesam:album}}, {{lc(artist)}}, {{uc(title)}},                 {{duration(position)}}, {{default(album, "none")}}, {{trunc(title, 20)}}, {{emoji(status)}}.                 Shortcuts: artist, album, title, playerName, status, volume, position.
                """)
        @OptionGroup var options: PlayerOptions
        @Argument(help: "Metadata keys or shortcuts to print.") var keys: [String] = []
        @Option(help: ArgumentHelp("A template.", valueName: "template")) var format: String?
        @Flag(help: "One JSON object per player.") var json = false
        func act(_ ctl: RemoteCtl) async -> Int32 { await ctl.metadata(keys: keys, format: format, json: json) }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Prints the playback status; --follow keeps a live status line.")
        @OptionGroup var options: PlayerOptions
        @Flag(help: "One JSON object per line.") var json = false
        @Flag(help: "Keep following: a live line with a progress bar on a terminal, a line per change otherwise.") var follow = false

        @MainActor
        func run() async throws {
            let ctl = try await options.controller()
            if follow {
                var live = ctl
                let tty = StandardStream.output.isTerminal
                live.output = { text in StandardStream.output.write(text + (tty ? "" : "\n")) }
                let interruption = Interruption()
                let status = await live.follow(tty: tty) { await interruption.wait() }
                if status != 0 { throw ExitCode(status) }
                return
            }
            let status = await ctl.status(json: json)
            if status != 0 { throw ExitCode(status) }
        }
    }

}
