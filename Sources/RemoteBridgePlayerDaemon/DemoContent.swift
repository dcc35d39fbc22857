// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer

/// `--demo`'s queue: generated tones with titles and artists, so no files or sound card are needed.
public enum DemoContent {
    /// The scheme of the demo's tones, allowed in demo mode only: ordinary runs refuse it, as
    /// they refuse every scheme not in `supported-uri-schemes`.
    public static let scheme = "av"

    /// Five 45-second tones from mpv's lavfi sources.
    public static let queue: [QueueItem] = [
        ("Morning Tone", "A 440", 440), ("Evening Tone", "E 660", 660), ("Night Tone", "A 220", 220),
        ("Dawn Chorus", "C 523", 523), ("Afterglow", "G 392", 392),
    ].map { title, artist, frequency in
        var tags = QueueEntry.Tags(title: title, artists: ["RemoteBridge Demo · \(artist)"], album: "Generated Tones")
        tags.genres = ["Test Tone"]
        return QueueItem(url: "\(scheme)://lavfi:sine=frequency=\(frequency):duration=45", tags: tags, length: .seconds(45))
    }
}
