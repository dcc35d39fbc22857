// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol

/// A seek asked of the engine, or a file handed to it at a position, until mpv has done it.
///
/// The position reports read meanwhile say where mpv was before: its event thread sends each
/// `time-pos` as mpv emitted it, and a seek runs on mpv's own loop some time after it was asked.
/// Taken, such a report would pull the position back to before the jump (a burst of relative
/// seeks then lost ground, and a restart saved the file's start instead of where it had been
/// sought). So they are held. mpv says it has jumped with `seek` (or `file-loaded`), then reports
/// the position there and says `playback-restart`: the last report held then is the new one.
/// Only a `seek` read after the engine answered the request counts: one read before may be an
/// earlier seek's. Past `limit` (a seek mpv refused or merged, or said before the answer came)
/// the next report is taken whatever it says; meanwhile the position is the target, carried on.
struct EngineJump {
    /// How long reports are held at most.
    static let limit: Duration = .seconds(1)

    /// When the jump was asked.
    let askedAt: ContinuousClock.Instant
    /// The serial of the request that asked it.
    let serial: UInt64
    /// Whether the engine has answered that request.
    private(set) var answered = false
    /// Whether mpv has said it jumped (`seek` or `file-loaded`) since.
    private(set) var jumped = false
    /// The last report read since, held.
    private(set) var held: EnginePosition?

    init(askedAt: ContinuousClock.Instant, serial: UInt64) {
        self.askedAt = askedAt
        self.serial = serial
    }

    /// The engine answered the request with `serial`.
    mutating func answer(_ serial: UInt64) {
        if serial == self.serial { answered = true }
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

    /// Takes an event of mpv's. A report held before mpv said it jumped is dropped then.
    mutating func take(_ event: MPVEvent) -> Outcome {
        switch event {
        case .seek where answered, .fileLoaded where answered:
            jumped = true
            held = nil
            return .underWay
        case .playbackRestart where jumped:
            return .done(held)
        default:
            return .underWay
        }
    }
}

