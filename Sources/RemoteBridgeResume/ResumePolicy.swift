// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import FoundationEssentials
import RemoteBridgeConfiguration
import RemoteBridgeStateFile

/// When a press that no player could take starts remote-playerd and resumes its saved queue:
/// only when the state was saved within `within` (zero turns resumption off), and only when the
/// saved queue is not empty. It reads the saved state's summary, never the whole queue.
public struct ResumePolicy: Sendable {
    /// How recent the saved state must be; `.zero` means never resume.
    public var within: Duration
    /// remote-playerd's state file.
    public var statePath: String

    /// A policy that resumes a state saved at `statePath` within `within`; `.zero` turns it off.
    public init(within: Duration, statePath: String) {
        self.within = within
        self.statePath = statePath
    }

    /// The policy of the `[headset] resume-after-exit-within` setting, for the state file
    /// remote-playerd uses by default (where D-Bus activation starts it without `--state`).
    public static func fromConfiguration(_ configuration: HeadsetConfiguration, paths: XDGPaths = XDGPaths()) -> ResumePolicy {
        ResumePolicy(within: configuration.resumeAfterExitWithin, statePath: paths.stateFile)
    }

    /// The policy of the configuration file at `paths.configFile` (defaults when there is none);
    /// throws when the file cannot be read or parsed.
    public static func fromConfigurationFile(paths: XDGPaths = XDGPaths()) throws(ConfigurationError) -> ResumePolicy {
        fromConfiguration(try HeadsetConfiguration.load(path: paths.configFile, required: false), paths: paths)
    }

    /// Whether to resume at `now`, and why not when not.
    public func decide(now: Date = Date()) -> ResumeVerdict {
        guard within > .zero else { return .declined(reason: "resumption is off ([headset] resume-after-exit-within = 0)") }
        let summary: SavedStateSummary
        do throws(SavedStateSummary.Refusal) {
            guard let read = try SavedStateSummary.read(statePath) else {
                return .declined(reason: "no saved state at \(statePath) (remote-playerd has not saved a queue there)")
            }
            summary = read
        } catch {
            return .declined(reason: "the saved state at \(statePath) cannot be used: \(error.description)")
        }
        guard summary.entries > 0 else { return .declined(reason: "the saved queue at \(statePath) is empty") }
        let age = Duration.milliseconds(rounding: max(now.timeIntervalSince(summary.savedAt), 0)) ?? .seconds(Int64.max)
        guard age <= within else {
            return .declined(
                reason: "the state was saved \(ResumeVerdict.age(age)) ago, longer than [headset] resume-after-exit-within (\(ResumeVerdict.age(within)))")
        }
        return .resume(savedAgo: age, entries: summary.entries)
    }
}
