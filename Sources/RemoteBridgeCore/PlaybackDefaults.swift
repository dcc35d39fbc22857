// SPDX-License-Identifier: Apache-2.0
/// The defaults of the player's spoken-word settings, which `config.toml`'s schema, the player's
/// own configuration and the docs read: written once here.
public enum PlaybackDefaults {
    /// Leaving an entry after more than this has played keeps its place (`remember-position`).
    /// A minute: a music track skipped after its intro starts again from 0 next time.
    public static let rememberPositionAfter: Duration = .seconds(60)
    /// Only entries at least this long keep their place, besides spoken word of any length: a
    /// song, a movement or a mix of a few minutes starts from 0 as it always did.
    public static let rememberPositionOfEntriesFrom: Duration = .seconds(10 * 60)
    /// Left within this of its end, an entry counts as played to its end (finished): its
    /// credits or outro need not be heard.
    public static let finishedWithin: Duration = .seconds(10)
    /// Next and Previous step through the chapters of a file at least this long (`chapter-steps`):
    /// an audiobook's or a long podcast's, not an album's track with a chapter or two.
    public static let chapterStepsFrom: Duration = .seconds(20 * 60)
    /// How long the sleep timer fades the volume out before it pauses (`sleep-fade`).
    public static let sleepFade: Duration = .seconds(5)
    /// The genres that make an entry spoken word (compared without case), besides an `.m4b` file.
    public static let spokenWordGenres: Set<String> = [
        "podcast", "podcasts", "audiobook", "audiobooks", "audio book", "speech", "spoken", "spoken word", "spoken & audio",
        "books & spoken", "audio drama", "radio play", "hörbuch", "hörspiel", "livre audio",
    ]
}

/// Whether the playback rate is one for the player or kept with each entry (`remember-rate`).
public enum RateMemory: String, Sendable, CaseIterable {
    /// One rate, kept across entries and restarts.
    case global
    /// Each entry keeps the rate it was last played at; one never changed plays at 1.
    case perEntry = "per-entry"
}
