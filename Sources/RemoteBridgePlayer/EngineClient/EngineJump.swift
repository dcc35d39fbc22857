// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol

/// A seek asked of the engine, or a file handed to it at a position, until mpv has done it.
///
/// The position reports read meanwhile say where mpv was before: its event thread sends each
/// `time-pos` as mpv emitted it, and a seek runs on mpv's own loop some time after it was asked.
/// Taken, such a report would pull the position back to before the jump (a burst of relative
/// seeks then lost ground, and a restart saved the file's start instead of where it had been
/// sought). So they are held. mpv says it has jumped, then reports the position there and says
/// `playback-restart`: the last report held then is the new one. What says it jumped:
/// - for a seek, a `seek` read after the engine answered the request. The engine answers a
///   command in its place among mpv's events (mpv's own reply), so a `seek` read after the answer
///   is this seek's or a later one's; one read before may be an earlier seek's.
/// - for a file, the `start-file` of its entry (by the daemon's key).
/// Past `limit` (a seek mpv refused, or a file that failed to open) the next report is taken
/// whatever it says; meanwhile the position is the target, carried on.
struct EngineJump {
    /// How long reports are held at most.
    static let limit: Duration = .seconds(1)

    /// What was asked.
    enum Cause: Equatable {
        /// A seek, by the request with this serial.
        case seek(serial: UInt64)
        /// A file handed over, as the entry with this key.
        case load(key: Int64)
    }

    /// When the jump was asked.
    let askedAt: ContinuousClock.Instant
    /// What was asked.
    let cause: Cause
    /// Whether the engine has answered the seek's request.
    private(set) var answered = false
    /// Whether mpv has said it jumped since.
    private(set) var jumped = false
    /// The last report read since, held.
    private(set) var held: EnginePosition?

    init(askedAt: ContinuousClock.Instant, cause: Cause) {
        self.askedAt = askedAt
        self.cause = cause
    }

    /// The engine answered the request with `serial`.
    mutating func answer(_ serial: UInt64) {
        if cause == .seek(serial: serial) { answered = true }
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

    /// Takes an event of mpv's (entries named by the daemon's keys). A report held before mpv
    /// said it jumped is dropped then.
    mutating func take(_ event: MPVEvent) -> Outcome {
        switch (event, cause) {
        case (.seek, .seek) where answered:
            return jump()
        case (.startFile(let key), .load(let loaded)) where key == loaded:
            return jump()
        case (.playbackRestart, _) where jumped:
            return .done(held)
        default:
            return .underWay
        }
    }

    private mutating func jump() -> Outcome {
        jumped = true
        held = nil
        return .underWay
    }
}

