// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeTags

/// A local file's own chapters, read without an engine (`RemoteBridgeTags`).
enum FileChapters {
    /// The chapters of the file at `path`, ordered by start; empty when it has none or is not a
    /// format read here.
    static func read(path: String) -> [Chapter] {
        []
    }
}
