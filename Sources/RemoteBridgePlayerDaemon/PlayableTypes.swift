// SPDX-License-Identifier: Apache-2.0
/// What remote-playerd plays, by file name extension and by MIME type: one list each, for the
/// folder walk, MPRIS `SupportedMimeTypes` and the desktop entry's `MimeType` (a test holds
/// dist/desktop/remotebridge.desktop to `mimeTypes`, and both to shared-mime-info's globs).
public enum PlayableTypes {
    /// The audio file extensions taken from folders (lower case).
    public static let audioExtensions: Set<String> = [
        "mp3", "flac", "ogg", "oga", "opus", "m4a", "aac", "wav", "wma", "mka", "webm", "aiff", "aif", "ape", "wv", "mpc", "alac",
    ]

    /// The MIME types of those files and of the playlists the player reads (M3U, PLS), with the
    /// aliases file managers still give: shared-mime-info's names, and IANA's `audio/opus`.
    public static let mimeTypes = [
        "audio/mpeg", "audio/flac", "audio/x-flac", "audio/ogg", "audio/opus", "audio/x-vorbis+ogg", "audio/x-flac+ogg", "audio/x-opus+ogg",
        "audio/x-speex+ogg", "audio/mp4", "audio/x-m4a", "audio/aac", "audio/x-wav", "audio/wav", "audio/x-ms-wma", "audio/webm",
        "audio/x-matroska", "audio/x-aiff", "audio/x-ape", "audio/x-wavpack", "audio/x-musepack", "audio/x-mpegurl", "audio/mpegurl",
        "application/vnd.apple.mpegurl", "audio/x-scpls",
    ]
}
