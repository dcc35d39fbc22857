// SPDX-License-Identifier: Apache-2.0
/// Which queue entry mpv's per-file properties (`metadata`, `duration`) belong to right now.
///
/// The player makes an entry current the moment it asks mpv to play it, but mpv still has the
/// previous file loaded until its `start-file` event for the new one. Property changes that
/// arrive in between describe the previous file. This follows mpv's own event order instead:
/// a file is loaded from its `file-loaded` event (for the entry its `start-file` named) until the
/// next `start-file` or `end-file`, and per-file values go to that entry or nowhere.
struct LoadedFile: Equatable, Sendable {
    /// The entry whose `start-file` came last and whose `file-loaded` has not yet: loading.
    private(set) var starting: Int64?
    /// The entry whose file mpv has loaded; nil between files.
    private(set) var loaded: Int64?

    /// mpv began opening the file of entry `id`.
    mutating func startFile(_ id: Int64) {
        starting = id
        loaded = nil
    }

    /// mpv finished opening the file whose `start-file` came last; returns its entry.
    @discardableResult
    mutating func fileLoaded() -> Int64? {
        loaded = starting
        starting = nil
        return loaded
    }

    /// mpv closed the file of entry `id` (or the whole player went idle).
    mutating func endFile(_ id: Int64) {
        if loaded == id { loaded = nil }
        if starting == id { starting = nil }
    }

    /// The entry that a `metadata` or `duration` change arriving now describes, if any.
    var owner: Int64? { loaded }
}
