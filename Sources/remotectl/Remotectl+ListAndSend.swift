import ArgumentParser
import DurationConversions
import RemoteBridgeText

extension Remotectl {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Lists the players; * marks the now-playing one.")
        @OptionGroup var options: PlayerOptions
        @Flag(help: "One JSON object per line.") var json = false

        @MainActor
        func run() async throws {
            let status = try await options.controller().list(json: json)
            if status != 0 { throw ExitCode(status) }
        }
    }

    struct Send: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Sends any remote-control subtype, by name or number.")
        @OptionGroup var options: PlayerOptions
        @Argument(help: "A subtype: toggle-play-pause, 103, skip-forward, …") var subtype: String
        @Option(help: ArgumentHelp("Seconds, for skip-forward and skip-backward.", valueName: "seconds")) var interval: Double?
        @Option(help: ArgumentHelp("Seconds, for change-playback-position.", valueName: "seconds")) var position: Double?

        @MainActor
        func run() async throws {
            func duration(_ seconds: Double?) throws -> Duration? {
                guard let seconds else { return nil }
                guard seconds >= 0, let duration = Duration.milliseconds(rounding: seconds) else {
                    throw ValidationError("seconds must be a number, 0 or more")
                }
                return duration
            }
            let status = try await options.controller().send(subtype, interval: try duration(interval), position: try duration(position))
            if status == 2 { throw ValidationError("unknown subtype \(OutsideText.quoted(subtype))") }
            if status != 0 { throw ExitCode(status) }
        }
    }
}
