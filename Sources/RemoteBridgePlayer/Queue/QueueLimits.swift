// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeText

/// The most the queue holds, so that no client can make the player's memory, its state file or
/// its start-up time grow without bound. Past a limit a request is refused with a clear error.
public enum QueueLimits {
    /// Entries in the queue.
    public static let maximumEntries = 100_000
    /// Bytes in one entry's URI or path.
    public static let maximumURILength = 64 << 10
    /// Bytes in one tag value (a title, an artist); longer values are cut.
    public static let maximumTagLength = 4 << 10
    /// Values in one list tag (artists, genres); the rest are dropped.
    public static let maximumTagValues = 32
    /// Milliseconds in a kept position (`EntryProgress`): a year, past any real entry.
    public static let maximumPositionMilliseconds: Int64 = 365 * 86_400_000

    /// `text` as quoted in an error: `OutsideText.quoted(text)`, escaped and bounded in bytes.
    /// Kept for callers not yet switched to it.
    public static func excerpt(_ text: String) -> String {
        OutsideText.quoted(text)
    }
}
