// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol

/// A seek asked of the engine, or a file handed to it at a position, until mpv has done it.
///
/// The position reports read meanwhile say where mpv was before: its event thread sends each
/// `time-pos` as mpv emitted it, and a seek runs on mpv's own loop some time after it was asked.
/// Taken, such a report would pull the position back to before the jump (a burst of relative
/// seeks then lost ground, and a restart saved the file's start instead of where it had been
/// sought). So they are held, until mpv has jumped and says `playback-restart`; the last report
/// held then (the engine reads the position afresh for it) is the new one. What tells:
/// - for a seek, a `playback-restart` read after the engine answered the request, with the report
///   before it at the target. The engine answers a command in its place among mpv's events (mpv's
///   own reply), so what comes after the answer comes after mpv took the seek. mpv may fold a seek
///   into one under way without a `seek` event of its own (seen: two seeks, one event), and a
///   restart after the answer may still be the earlier seek's: so the report must be at the
///   target. A `seek` read after the answer drops what was held before it.
/// - for a file, the `start-file` of its entry (by the daemon's key), then `playback-restart`.
/// Past `limit` (a seek mpv refused or could not make exactly, a file that failed to open) the
/// next report is taken whatever it says; meanwhile the position is the target, carried on once
/// mpv plays again.
struct EngineJump {
    /// How long reports are held at most.
    static let limit: Duration = .seconds(1)
    /// How far from a seek's target a report may be and count as there: mpv's exact seeks land
    /// within a millisecond of it (measured on FLAC, 8 kHz and 48 kHz), and seeks a tenth of a
    /// second apart must be told apart.
    static let tolerance = 0.025

    /// What was asked.
    enum Cause: Equatable {
        /// A seek to `target` seconds, by the request with `serial`.
        case seek(serial: UInt64, target: Double)
        /// A file handed over, as the entry with this key.
        case load(key: Int64)
    }

    /// When the jump was asked.
    let askedAt: ContinuousClock.Instant
    /// What was asked.
    let cause: Cause
    /// Whether the engine has answered the seek's request.
    private(set) var answered = false
    /// Whether mpv has started the file handed over.
    private(set) var started = false
    /// The last report read since, held.
    private(set) var held: EnginePosition?

    init(askedAt: ContinuousClock.Instant, cause: Cause) {
        self.askedAt = askedAt
        self.cause = cause
    }

    /// The engine answered the request with `serial`.
    mutating func answer(_ serial: UInt64) {
        if case .seek(serial, _) = cause { answered = true }
    }

    /// A report read at `report.at`: held (true), or to be taken, the jump being over (false).
    mutating func holds(_ report: EnginePosition) -> Bool {
        guard report.at - askedAt < Self.limit else { return false }
        held = report
        return true
    }

    /// What an event from mpv does to the jump.
    enum Outcome: Equatable {
        /// Still under way.
        case underWay
        /// Done: the report to take now, if one was held after mpv jumped.
        case done(EnginePosition?)
    }

    /// Takes an event of mpv's (entries named by the daemon's keys).
    mutating func take(_ event: MPVEvent) -> Outcome {
        switch (event, cause) {
        case (.seek, .seek) where answered:
            held = nil
        case (.playbackRestart, .seek(_, let target)) where answered:
            if let held, abs(held.timePos - target) <= Self.tolerance { return .done(held) }
        case (.startFile(let key), .load(let loaded)) where key == loaded:
            started = true
            held = nil
        case (.playbackRestart, .load) where started:
            return .done(held)
        default:
            break
        }
        return .underWay
    }
}
