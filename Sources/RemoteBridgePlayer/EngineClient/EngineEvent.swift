// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol

/// What the engine client tells the player, on the main actor: an engine ready or not, mpv's
/// events as the engine sent them, and the end of an engine that was not asked to end.
package enum EngineEvent: Sendable, Equatable {
    /// The engine started by `EngineClient.start()` is ready: its process ID and what it said of
    /// its confinement. Requests sent meanwhile go to mpv now, in order.
    case ready(pid: Int32, confinement: String)
    /// The engine could not start (and what was asked of it is dropped). `otherVersion`: the engine
    /// program installed speaks that protocol version, not this daemon's (a package upgrade).
    case startFailed(reason: String, otherVersion: UInt32?)
    /// An event of mpv's, from the running engine.
    case mpv(MPVEvent)
    /// The engine process ended without being asked to (a crash, a kill, a hang found by a
    /// request's deadline, or a broken rule): why, and the last position it reported
    /// (`EngineMessage.position`) with when it came. Nothing it said afterwards reaches the player.
    case lost(reason: String, position: Double?, reportedAt: ContinuousClock.Instant?)
}
