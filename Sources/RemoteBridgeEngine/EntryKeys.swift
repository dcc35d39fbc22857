// SPDX-License-Identifier: Apache-2.0
import Glibc
import RemoteBridgeEngineProtocol
import Synchronization

/// The daemon's keys for mpv's playlist entries (`EngineRequest.load`), so that nothing the
/// daemon sends waits for mpv's own id: the engine names every entry by its key in the events and
/// playlists it sends (0: an entry mpv added by itself, such as a playlist file's items).
///
/// The request thread records a key as `loadfile` returns; the event thread may see the file start
/// just before that, so while a load is under way it waits for it to be recorded before it names
/// an entry it does not know. The last `remembered` entries are kept: mpv holds two or three of
/// the daemon's at a time, and an old entry's last event comes soon after its removal.
final class EntryKeys: Sendable {
    static let remembered = 64

    private struct State {
        /// mpv's id and the key, oldest first.
        var pairs: [(mpv: Int64, key: Int64)] = []
        var loading = false
    }

    private let state = Mutex(State())

    /// Runs `load` (mpv's `loadfile`, returning its playlist entry id) and records its entry as `key`.
    func load<Failure: Error>(key: Int64, _ load: () throws(Failure) -> Int64?) throws(Failure) {
        state.withLock { $0.loading = true }
        defer { state.withLock { $0.loading = false } }
        guard let mpvID = try load() else { return }
        state.withLock { state in
            state.pairs.append((mpvID, key))
            if state.pairs.count > Self.remembered { state.pairs.removeFirst(state.pairs.count - Self.remembered) }
        }
    }

    /// The key of mpv's entry `mpvID`; 0 if the daemon did not hand it over.
    func key(of mpvID: Int64) -> Int64 {
        // A load under way may be this entry's: wait (at most 1 s) until it is recorded.
        for _ in 0..<10_000 {
            let (key, loading) = state.withLock { state in (state.pairs.last { $0.mpv == mpvID }?.key, state.loading) }
            if let key { return key }
            if !loading { return 0 }
            usleep(100)
        }
        return 0
    }

    /// mpv's id of the entry with `key`, if one was recorded.
    func mpvID(of key: Int64) -> Int64? {
        state.withLock { state in state.pairs.last { $0.key == key }?.mpv }
    }

    /// Whether mpv's entry `mpvID` is one the daemon handed over.
    func isKnown(_ mpvID: Int64) -> Bool {
        state.withLock { state in state.pairs.contains { $0.mpv == mpvID } }
    }

    /// `playlist` (mpv's node) with each entry's `id` replaced by its key.
    func translated(playlist: MPVNode) -> MPVNode {
        guard let items = playlist.array else { return playlist }
        return .array(items.map { item in
            guard let pairs = item.entries else { return item }
            return .map(pairs.map { name, value in
                guard name == "id", let mpvID = value.int64 else { return (name, value) }
                return (name, .int64(key(of: mpvID)))
            })
        })
    }

    /// `event` with mpv's entry ids replaced by keys.
    func translated(_ event: MPVEvent) -> MPVEvent {
        switch event {
        case .startFile(let mpvID): .startFile(entryID: key(of: mpvID))
        case .endFile(let mpvID, let reason): .endFile(entryID: key(of: mpvID), reason: reason)
        case .propertyChange("playlist", let value): .propertyChange("playlist", translated(playlist: value))
        default: event
        }
    }
}
