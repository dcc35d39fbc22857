// SPDX-License-Identifier: Apache-2.0
/// The audio output stream's `media.name`: the track clients are shown, as MPRIS says it (its
/// title, or the file name without extension, then its artists), never mpv's "file - mpv".
///
/// mpv expands its `title` option (`${…}` properties, `$$`, `$}`) and hands the result to the
/// audio output as the stream's name (`AOCONTROL_UPDATE_STREAM_TITLE`: `pa_stream_set_name`,
/// or PipeWire's `media.name`), whenever it changes. The title set here starts with `$>`, which
/// ends expansion for the rest of the text: a tag holding `${path}` is named as it is written.
extension MPVPlayer {
    /// What joins the title and the artists.
    static let streamTitleSeparator = " — "

    /// The stream name for `entry`: "Title — Artist, Artist", or the title alone.
    static func streamTitle(of entry: QueueEntry) -> String {
        let artists = entry.tags.artists.joined(separator: ", ")
        return artists.isEmpty ? entry.displayTitle : entry.displayTitle + streamTitleSeparator + artists
    }

    /// Gives mpv the stream name for the shown entry (the application's name when there is none),
    /// if it changed: when another entry is shown, or the shown one's tags change.
    /// Asynchronously: while mpv plays out the end of the queue it answers nothing.
    func updateStreamTitle() {
        guard let title = shown.map(Self.streamTitle) ?? configuration.audioStream?.applicationName, title != streamTitle else { return }
        streamTitle = title
        mpv.setAsynchronously("title", Self.unexpanded(title))
    }

    /// `text` as mpv's `title` option, which mpv expands: after `$>` nothing is.
    nonisolated static func unexpanded(_ text: String) -> String { "$>" + text }
}
