// SPDX-License-Identifier: Apache-2.0
/// mpv's playlist as the client knows it without asking: the keys of the entries it handed over
/// (`EngineRequest.load`), in mpv's order, changed as each request goes, and the one mpv plays,
/// as its events said. mpv adds entries by itself only from a playlist file, and those the player
/// removes (`EngineClient.removeForeign`).
struct EnginePlaylist: Equatable, Sendable {
    /// The keys, in mpv's order.
    private(set) var keys: [Int64] = []
    /// The key of the entry mpv plays (from its start until its end), if any.
    private(set) var playing: Int64?
    /// Counts the changes asked, so that a read of mpv's own playlist is taken only if none was
    /// asked after it went (`resynchronized`).
    private(set) var changes = 0

    /// `loadfile … replace`: the entry alone.
    mutating func replaced(with key: Int64) {
        keys = [key]
        changes += 1
    }

    /// `loadfile … append`.
    mutating func appended(_ key: Int64) {
        keys.append(key)
        changes += 1
    }

    /// Removes `key`; whether it was there.
    mutating func removed(_ key: Int64) -> Bool {
        guard let index = keys.firstIndex(of: key) else { return false }
        keys.remove(at: index)
        changes += 1
        return true
    }

    /// `stop`: mpv empties its playlist.
    mutating func cleared() {
        keys = []
        playing = nil
        changes += 1
    }

    /// mpv started the entry `key`.
    mutating func started(_ key: Int64) { playing = key == 0 ? nil : key }

    /// mpv ended the entry `key`.
    mutating func ended(_ key: Int64) { if playing == key { playing = nil } }

    /// Takes mpv's own list of keys (a read answered after every change asked until `asOf`), if
    /// no change was asked since.
    mutating func resynchronized(_ mpvKeys: [Int64], asOf: Int) {
        guard asOf == changes else { return }
        keys = mpvKeys.filter { $0 != 0 }
    }
}
