// SPDX-License-Identifier: Apache-2.0
/// Whether a press with no player to take it should start remote-playerd and resume its saved
/// queue (media-button resumption), and why: `ResumePolicy.decide` gives it, headsetd and
/// `remotectl play` act on it, and `remotectl doctor` shows it.
public enum ResumeVerdict: Sendable, Equatable, CustomStringConvertible {
    /// Resume: the state was saved `savedAgo` ago and its queue holds `entries` entries.
    case resume(savedAgo: Duration, entries: Int)
    /// Do not: which condition stopped it, in words, for the log and for doctor.
    case declined(reason: String)

    /// The verdict in a line: "would start remote-playerd and resume (saved 2 h ago, 14 tracks)",
    /// or the reason it would not.
    public var description: String {
        switch self {
        case .resume: "would start remote-playerd and resume (\(details))"
        case .declined(let reason): "would not start remote-playerd: \(reason)"
        }
    }

    /// What the verdict rests on: "saved 2 h ago, 14 tracks", or the reason it declines.
    public var details: String {
        switch self {
        case .resume(let savedAgo, let entries): "saved \(Self.age(savedAgo)) ago, \(entries) \(entries == 1 ? "track" : "tracks")"
        case .declined(let reason): reason
        }
    }

    /// A length of time as people say it: seconds, minutes, hours or days, whole.
    public static func age(_ duration: Duration) -> String {
        let seconds = max(duration.components.seconds, 0)
        switch seconds {
        case ..<120: return "\(seconds) s"
        case ..<7_200: return "\(seconds / 60) min"
        case ..<172_800: return "\(seconds / 3_600) h"
        default: return "\(seconds / 86_400) d"
        }
    }
}
