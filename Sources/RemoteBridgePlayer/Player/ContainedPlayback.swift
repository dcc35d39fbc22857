// SPDX-License-Identifier: Apache-2.0
/// The mpv options that keep mpv to the one file the player hands it.
///
/// mpv and libavformat open further files by themselves: a playlist (M3U, PLS, CUE, EDL) is
/// expanded into new playlist entries, which may use any of mpv's protocols (`edl://`,
/// `memory://`, `lavfi://`, `fd://`, …); a file's content, not its name, decides which demuxer
/// reads it; libavformat's HLS, DASH, `concat`, `image2` and QuickTime-reference demuxers open the
/// URLs written inside a file. None of those would pass the player's scheme check, so each is
/// closed here, and the `on_load` hook (`loadHook`) is the last check before any file opens.
enum ContainedPlayback {
    /// The hook at which mpv waits, just before it opens each playlist entry, for the player to
    /// confirm that the entry is one it handed over.
    static let loadHook = "on_load"

    /// libavformat protocols that a nested open (an HLS segment or key) may use when http(s)
    /// streams are allowed: the transport under http and https, and HLS's decryption wrapper.
    static let streamingProtocols = ["http", "https", "tls", "tcp", "crypto", "httpproxy"]

    /// The options, in order, for a player whose queue accepts `allowedSchemes`.
    static func options(allowedSchemes: [String]) -> [(String, String)] {
        let streaming = allowedSchemes.contains("http") || allowedSchemes.contains("https")
        return [
            ("config", "no"), ("vo", "null"), ("video", "no"), ("idle", "yes"), ("terminal", "no"),
            ("input-default-bindings", "no"), ("input-terminal", "no"),
            ("audio-display", "no"), ("pause", "yes"),
            // No Lua: mpv's built-in stats, console and auto-profiles scripts each run a thread
            // and a Lua state (two threads and about 5 MiB in all), and nothing here uses them.
            ("load-scripts", "no"), ("load-stats-overlay", "no"), ("load-osd-console", "no"), ("load-auto-profiles", "no"),
            // Only libavformat reads files. Left to choose by content, mpv's own playlist, CUE,
            // EDL, libarchive and mkv-timeline demuxers turn one file into entries or opens of
            // other files, whatever the file is called (demux/demux.c tries them before lavf).
            // A forced demuxer is the only way mpv 0.35 offers to skip them; folders are the one
            // exception it keeps, and the player never hands mpv a folder.
            ("demuxer", "lavf"),
            // Nested opens by libavformat (HLS segments, `concat` and `image2` files, QuickTime
            // references) go through its protocols, limited here: none at all for local files
            // (the player hands libavformat the file it opened itself, so `file` is never needed
            // by name), and the streaming protocols when http(s) is allowed, for HLS radio.
            ("demuxer-lavf-o", "protocol_whitelist=[\(streaming ? streamingProtocols.joined(separator: ",") : "none")]"),
            // No side files: mpv otherwise opens subtitles, audio and cover images found beside
            // each file, and mkv's ordered chapters open other files of the folder.
            ("sub-auto", "no"), ("audio-file-auto", "no"), ("cover-art-auto", "no"), ("ordered-chapters", "no"),
            // At the end of the queue mpv keeps the last file open, and pauses only once its sound
            // has been heard (keep-open waits for the output to empty); the player then stops.
            // Closing the file at once instead makes mpv play out the output under its lock, so
            // that every call waits for it (0.6 s measured for one Position read).
            ("keep-open", "yes"),
            // Nothing read from mpv's own folders: no resume files, no youtube-dl.
            ("resume-playback", "no"), ("ytdl", "no"),
            // Playlists mpv might still meet keep its own origin rules (the default, stated).
            ("load-unsafe-playlists", "no"),
        ]
    }
}
