// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeTags

/// A local file's own chapters, read without an engine (`RemoteBridgeTags`: MP4 chapter tracks
/// and `chpl`, Matroska `Chapters`, ID3v2 `CHAP`/`CTOC`, Vorbis `CHAPTERnnn` comments).
enum FileChapters {
    /// The chapters of the file at `path`, ordered by start; empty when it has none or is not a
    /// format read here.
    static func read(path: String) -> [Chapter] {
        TagReader.read(path: path, chapters: true)?.chapters ?? []
    }
}
