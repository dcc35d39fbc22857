// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore

/// The rule for where an entry is kept when it is left (`[player] remember-position`): an entry
/// left part-way after more than `after` has played resumes there; one left within
/// `PlaybackDefaults.finishedWithin` of its end is finished and starts from 0; any other place
/// is forgotten. Short entries (music) are never marked: they start from 0 anyway.
public struct PositionMemory: Sendable, Equatable {
    /// More than this must have played for a place to be kept; nil: no place is ever kept.
    public var after: Duration?

    /// The rule, by default on after `PlaybackDefaults.rememberPositionAfter`.
    public init(after: Duration? = PlaybackDefaults.rememberPositionAfter) {
        self.after = after
    }

    /// The place to keep for an entry of `length` left at `position`; `ended` when playback
    /// went on from its end by itself. Nil: keep none (forget any kept before).
    public func place(leavingAt position: Duration, length: Duration?, ended: Bool) -> EntryProgress.Place? {
        guard let after else { return nil }
        if ended { return length.map { $0 > after } == true ? .finished : nil }
        if let length, position >= length - PlaybackDefaults.finishedWithin {
            return length > after ? .finished : nil
        }
        return position > after ? .at(position) : nil
    }
}
