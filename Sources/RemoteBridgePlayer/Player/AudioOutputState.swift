// SPDX-License-Identifier: Apache-2.0
import Dispatch
import RemoteBridgeDurations
import RemoteBridgeText

/// What the player knows of its audio output: open, gone (only mpv's `null` output opened), or
/// being tried again. The sound server going away is never the file's fault: the entry and its
/// position stay, playback pauses, and goes on when an output opens again.
struct AudioOutputState {
    /// Where the output stands.
    enum Phase: Equatable {
        /// Nothing opened yet, or nothing loaded.
        case unknown
        /// A real output (such as `pulse`) is open.
        case open(String)
        /// Only `null` opened. With `resume`, playback was on when the output went, and goes on
        /// by itself when it comes back.
        case unavailable(resume: Bool)
        /// `ao-reload` was sent and its result has not come yet. With `play`, a Play waits for it.
        /// With `again`, a Play came after it was sent (a sound server may have started since
        /// mpv tried): if it fails, the outputs are tried once more for that Play.
        case reopening(play: Bool, resume: Bool, again: Bool)
    }

    /// The first wait before trying a lost output again, doubled after each failure.
    static let firstRetryDelay: Duration = .seconds(1)
    /// The longest wait between two tries.
    static let longestRetryDelay: Duration = .seconds(30)
    /// What `print-text` puts in mpv's log after an attempt: mpv's own messages about it come
    /// before it (mpv delivers log lines after events, so the attempt's result comes first).
    static let attemptMarker = "remotebridge: end of an audio output attempt"
    /// The most reasons kept for one report.
    static let maximumReasons = 8

    /// Where the output stands.
    var phase = Phase.unknown
    /// mpv's warnings and errors from its audio outputs since the last report ("pulse: …").
    var reasons: [String] = []
    /// The report waiting for the attempt's marker, given the reasons.
    var pendingReport: ((String) -> AudioOutputReport)?
    /// The timer of the next try, while one is due.
    var retryTimer: (any DispatchSourceTimer)?
    /// The wait before the next try.
    var retryDelay = firstRetryDelay

    /// The entry whose file was playing at the last change of the output, and its position then:
    /// where an entry whose output failed is loaded again.
    var positionAtReconfig: (id: Int64, position: Duration)?
    /// Where the sound stopped: noted at each pause and each seek while paused with a real output
    /// open, and when the output went during playback. mpv's position jumps past its buffered
    /// audio when the output goes or comes back; the player seeks back here.
    var pausedAt: (id: Int64, position: Duration)?
    /// The entry loaded again after its output failed, until the next Play: a second failure
    /// stops there instead of loading it again and again.
    var reloadedAfterFailure: Int64?

    /// Where entry `id` was at the last change of the output, or its start.
    func lastPosition(of id: Int64) -> Duration {
        guard let noted = positionAtReconfig, noted.id == id else { return .zero }
        return noted.position
    }

    /// Whether the output is watched at all (not when `null` is the configured output).
    var isWatched = true

    /// Whether the player shows Paused whatever mpv's `pause` says: no real output is open, or
    /// none has opened yet, so nothing would be heard.
    var showsPaused: Bool { isWatched && (holdsPlayback || phase == .unknown) }

    /// Whether playback is held paused because no real output is open.
    var holdsPlayback: Bool {
        switch phase {
        case .unavailable, .reopening: true
        case .unknown, .open: false
        }
    }

    /// Whether playback goes on by itself when the output opens again.
    var resumes: Bool {
        switch phase {
        case .unavailable(let resume), .reopening(_, let resume, _): resume
        case .unknown, .open: false
        }
    }

    /// The engine has gone, and its output with it: nothing is known of the next one's.
    mutating func forgetEngine() {
        retryTimer?.cancel()
        retryTimer = nil
        retryDelay = Self.firstRetryDelay
        phase = .unknown
        reasons = []
        pendingReport = nil
        pausedAt = nil
        positionAtReconfig = nil
        reloadedAfterFailure = nil
    }

    /// Keeps one of mpv's messages from an audio output (module `ao` or `ao/<name>`, warning or worse).
    mutating func note(prefix: String, level: String, text: String) {
        guard prefix == "ao" || prefix.hasPrefix("ao/"), ["fatal", "error", "warn"].contains(level) else { return }
        // mpv's text may name a server or device from the environment: escaped and bounded.
        let line = OutsideText.escaped(text, maximumBytes: OutsideText.quotedBytes)
        let reason = prefix.hasPrefix("ao/") ? "\(prefix.dropFirst(3)): \(line)" : line
        if !reasons.contains(reason), reasons.count < Self.maximumReasons { reasons.append(reason) }
    }

    /// The reasons as one phrase, and forgets them.
    mutating func takeReasons() -> String {
        defer { reasons = [] }
        // An output that mpv tries among others says nothing when its server refuses the
        // connection (ao_pulse when probing), so silence means that.
        return reasons.isEmpty ? "no sound server answered" : reasons.joined(separator: "; ")
    }
}

/// What happened to the audio output, for the log.
public enum AudioOutputReport: Sendable, Equatable, CustomStringConvertible {
    /// The output went away: playback paused at `position` in `url`; with `resuming`, it goes on
    /// by itself when the output comes back.
    case lost(output: String, reason: String, url: String?, position: Duration, resuming: Bool)
    /// The output could not be opened, at start or for a Play: the player stays paused; with
    /// `resuming`, it plays when the output opens.
    case cannotOpen(output: String, reason: String, resuming: Bool = false)
    /// A real output opened again; with `resumed`, playback went on.
    case reopened(output: String, resumed: Bool)

    /// One line for the log.
    public var description: String {
        switch self {
        case .lost(let output, let reason, let url, let position, let resuming):
            let place = url.map { " at \(Self.clock(position)) in \(OutsideText.quoted($0))" } ?? ""
            let then = resuming ? "playback goes on when it comes back" : "Play tries it again"
            return "the audio output \(output) went away (\(reason)); paused\(place); \(then)"
        case .cannotOpen(let output, let reason, let resuming):
            let then = resuming ? "playing when it opens" : "Play tries it again"
            return "cannot open the audio output \(output) (\(reason)); staying paused; \(then)"
        case .reopened(let output, let resumed):
            return "the audio output \(output) is open again" + (resumed ? "; playing on" : "")
        }
    }

    /// "m:ss.mmm".
    static func clock(_ position: Duration) -> String {
        let milliseconds = max(0, Int64((position.inSeconds * 1000).rounded()))
        let seconds = milliseconds / 1000
        let fraction = String(milliseconds % 1000)
        let secondsText = String(seconds % 60)
        return "\(seconds / 60):\(secondsText.count < 2 ? "0" : "")\(secondsText).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
