// SPDX-License-Identifier: Apache-2.0
/// What mpv's playlist holds: the entries the player handed over, by mpv's playlist entry id.
///
/// The player's queue is the one source of what mpv opens. mpv holds the current entry and the
/// next one (so gapless playback and prefetching keep working), each checked before it was handed
/// over; an id that is not here is an entry mpv made up itself, and is removed before it opens.
struct MPVWindow: Equatable, Sendable {
    /// mpv's entry id → the player's entry id.
    private(set) var entries: [Int64: Int64] = [:]
    /// The mpv entry the player asked mpv to play and whose `start-file` has not come yet: a
    /// `start-file` of any other entry is stale and does not move the current entry.
    private(set) var awaited: Int64?

    /// The player's entry that mpv's entry `mpvID` stands for; nil for one the player never handed over.
    func entry(forMPV mpvID: Int64) -> Int64? { entries[mpvID] }

    /// Whether the player handed mpv's entry `mpvID` over.
    func holds(_ mpvID: Int64) -> Bool { entries[mpvID] != nil }

    /// mpv's ids for the player's entry `id`.
    func mpvIDs(of id: Int64) -> [Int64] { entries.filter { $0.value == id }.map(\.key) }

    /// mpv's entries other than `mpvID`.
    func others(than mpvID: Int64?) -> [Int64] { entries.keys.filter { $0 != mpvID } }

    /// mpv was told to clear its playlist and play `mpvID`, the player's entry `id`.
    mutating func replaced(with mpvID: Int64, entry id: Int64) {
        entries = [mpvID: id]
        awaited = mpvID
    }

    /// mpv was handed entry `id` as `mpvID`, after what it holds.
    mutating func appended(_ mpvID: Int64, entry id: Int64) {
        entries[mpvID] = id
    }

    /// mpv's entry `mpvID` was removed.
    mutating func removed(_ mpvID: Int64) {
        entries[mpvID] = nil
        if awaited == mpvID { awaited = nil }
    }

    /// mpv's playlist was emptied.
    mutating func cleared() {
        entries = [:]
        awaited = nil
    }

    /// mpv began opening `mpvID`. Returns whether that moves the current entry: true for the
    /// awaited entry, or for any of the player's entries when none is awaited (mpv went on to
    /// the next by itself); false for a stale start of an entry asked for earlier.
    mutating func started(_ mpvID: Int64) -> Bool {
        guard holds(mpvID) else { return false }
        if let awaited, awaited != mpvID { return false }
        awaited = nil
        return true
    }
}
