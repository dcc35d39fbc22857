// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol

/// What the engine client tells the player, on the main actor: mpv's events as the engine sent
/// them, and the end of an engine that was not asked to end.
package enum EngineEvent: Sendable, Equatable {
    /// An event of mpv's, from the running engine.
    case mpv(MPVEvent)
    /// The engine process ended without being asked to (a crash, a kill, or no answer in time):
    /// why, and the last position it reported (`EngineMessage.position`) with when it came.
    /// Nothing it said afterwards reaches the player.
    case lost(reason: String, position: Double?, reportedAt: ContinuousClock.Instant?)
}
