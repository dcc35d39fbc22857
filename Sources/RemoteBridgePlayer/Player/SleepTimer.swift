// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeText

/// When the sleep timer pauses: after a length of playing time, or at the end of the entry or
/// chapter playing. Pure logic on instants it is given, so that tests run it on a virtual clock;
/// `MPVPlayer` drives it with the real one.
///
/// Time counts only while playing: a pause stops it, as podcast players' sleep timers do, so a
/// pause to answer the door does not eat into it.
public struct SleepTimer: Sendable, Equatable {
    /// What a client asks for (`SetSleepTimer`, `remotectl sleep`).
    public enum Request: Sendable, Equatable {
        /// No timer.
        case off
        /// Pause after this much playing time.
        case after(Duration)
        /// Add this much to the time left (a timer of that length when none runs).
        case extend(Duration)
        /// Pause at the end of the entry playing.
        case endOfTrack
        /// Pause at the end of the chapter playing (the entry's, when it has none).
        case endOfChapter

        /// The longest a timer may run.
        public static let longest: Duration = .seconds(24 * 3600)

        /// Reads `off`, `end-of-track`, `end-of-chapter`, a length (`20m`, `1h30m`, `90s`, `45`)
        /// or one to add (`+15m`); throws a message naming the text and the forms taken.
        public static func parse(_ text: String) throws(Refusal) -> Request {
            switch text {
            case "off": return .off
            case "end-of-track": return .endOfTrack
            case "end-of-chapter": return .endOfChapter
            default: break
            }
            let adds = text.hasPrefix("+")
            guard let length = DurationText.parse(adds ? text.dropFirst() : Substring(text)) else {
                throw Refusal(
                    description:
                        "\(OutsideText.quoted(text)) is not a sleep timer; give off, end-of-track, end-of-chapter, a length such as 20m, 1h30m or 90s, or one to add such as +15m")
            }
            guard length > .zero, length <= longest else {
                throw Refusal(description: "a sleep timer of \(DurationText.format(length)) is outside 1s…24h")
            }
            return adds ? .extend(length) : .after(length)
        }
    }

    /// Why a request was refused, in plain words.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// What the timer waits for, as `SleepTimer` says it on the bus.
    public enum Mode: String, Sendable {
        case off
        case time
        case endOfTrack = "end-of-track"
        case endOfChapter = "end-of-chapter"
    }

    /// What the timer waits for.
    public private(set) var mode = Mode.off
    /// In `time` mode: the playing time left as of `countedAt`.
    private var timeLeft: Duration = .zero
    /// In `time` mode while playing: since when the time left counts down.
    private var countedAt: ContinuousClock.Instant?
    /// In the other modes: the entry, and where in it the timer ends.
    public private(set) var target: Target?

    /// Where an end-of-track or end-of-chapter timer ends.
    public struct Target: Sendable, Equatable {
        /// The entry.
        public var id: Int64
        /// Where its chapter starts (0 for an entry).
        public var from: Duration
        /// Where it ends; nil for an entry whose length is not known yet (it ends at its end).
        public var end: Duration?
    }

    /// An off timer.
    public init() {}

    /// Sets the timer as asked, `now`, while playing or not; `target` is where the entry or
    /// chapter playing ends (needed for those modes).
    public mutating func set(_ request: Request, now: ContinuousClock.Instant, playing: Bool, target: Target?) {
        switch request {
        case .off:
            self = SleepTimer()
        case .after(let length):
            self = SleepTimer()
            mode = .time
            timeLeft = length
            countedAt = playing ? now : nil
        case .extend(let more):
            let left = mode == .off ? .zero : remaining(now: now, position: nil, speed: 1) ?? .zero
            set(.after(min(left + more, Request.longest)), now: now, playing: playing, target: nil)
        case .endOfTrack, .endOfChapter:
            self = SleepTimer()
            mode = request == .endOfTrack ? .endOfTrack : .endOfChapter
            self.target = target
        }
    }

    /// Playback started or stopped moving, `now`: time counts only while playing.
    public mutating func playingChanged(_ playing: Bool, now: ContinuousClock.Instant) {
        guard mode == .time else { return }
        if let since = countedAt {
            timeLeft = max(.zero, timeLeft - (now - since))
            countedAt = nil
        }
        if playing { countedAt = now }
    }

    /// The entry or chapter to wait for changed (another entry, a seek out of the chapter).
    public mutating func retarget(_ target: Target?) {
        guard mode == .endOfTrack || mode == .endOfChapter else { return }
        self.target = target
    }

    /// The playing time left `now`, at `position` in the target's entry played at `speed`;
    /// nil when off, or when the end is not known (an entry of unknown length).
    public func remaining(now: ContinuousClock.Instant, position: Duration?, speed: Double) -> Duration? {
        switch mode {
        case .off: return nil
        case .time: return max(.zero, timeLeft - (countedAt.map { now - $0 } ?? .zero))
        case .endOfTrack, .endOfChapter:
            guard let end = target?.end, let position else { return nil }
            return max(.zero, (end - position) / max(speed, 0.01))
        }
    }
}
