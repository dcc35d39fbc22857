// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeCore

/// The rule for where an entry is kept when it is left (`[player] remember-position`): an entry
/// left part-way after more than `after` has played resumes there; one left within
/// `PlaybackDefaults.finishedWithin` of its end is finished and starts from 0; any other place
/// is forgotten. Only spoken word and entries of `PlaybackDefaults.rememberPositionOfEntriesFrom`
/// or more are kept: a song starts from 0 as it always did, and a stream of unknown length
/// (a radio station) has no place to come back to.
public struct PositionMemory: Sendable, Equatable {
    /// More than this must have played for a place to be kept; nil: no place is ever kept.
    public var after: Duration?

    /// The rule, by default on after `PlaybackDefaults.rememberPositionAfter`.
    public init(after: Duration? = PlaybackDefaults.rememberPositionAfter) {
        self.after = after
    }

    /// The place to keep for an entry of `length` (spoken word or not) left at `position`;
    /// `ended` when playback went on from its end by itself. Nil: keep none (forget any kept before).
    public func place(leavingAt position: Duration, length: Duration?, spokenWord: Bool, ended: Bool) -> EntryProgress.Place? {
        guard let after, let length, spokenWord || length >= PlaybackDefaults.rememberPositionOfEntriesFrom else { return nil }
        if ended || position >= length - PlaybackDefaults.finishedWithin { return .finished }
        // Past what a state file holds (a year: a length a broken header claims) nothing is kept.
        guard position.milliseconds <= QueueLimits.maximumPositionMilliseconds else { return nil }
        return position > after ? .at(position) : nil
    }
}
