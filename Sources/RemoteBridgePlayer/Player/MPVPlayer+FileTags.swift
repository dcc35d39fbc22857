// SPDX-License-Identifier: Apache-2.0
import Dispatch
import RemoteBridgeTags

/// Tags read from the files themselves (`TagReader`), for entries mpv has not opened: the next
/// one, the current one while no engine runs, and those a client asks about. Never for the whole
/// queue at once.
extension MPVPlayer {
    /// The most entries one request reads the tags of; a client asking for more gets the first.
    nonisolated static let mostTagReadsAtOnce = 1000

    /// Reads the tags (and the length, from the file's headers) of the entries with `ids`,
    /// each once, in order, on a queue of its own; each entry found changes as its tags arrive
    /// (`Change.entryChanged`). Tags from the file replace given ones, as mpv's do.
    public func readTags(of ids: some Sequence<Int64>) {
        let asked = Array(ids.lazy.filter { !self.tagsLookedUp.contains($0) }.prefix(Self.mostTagReadsAtOnce))
        guard !asked.isEmpty else { return }
        // Each found by its id (the queue's id table), not by a pass over the queue.
        let found = entries.indices(of: asked)
        var wanted: [(id: Int64, url: String)] = []
        for id in asked {
            guard let index = found[id] else { continue }
            let url = entries.url(at: index)
            guard FolderArt.localPath(url) != nil else { continue }
            tagsLookedUp.insert(id)
            wanted.append((id, url))
        }
        guard !wanted.isEmpty else { return }
        tagReader.async { [weak self, wanted] in
            for (id, url) in wanted {
                guard let path = FolderArt.localPath(url), let found = TagReader.read(path: path) else { continue }
                let tags = QueueEntry.Tags(fields: found.fields.lazy.map { ($0.key.rawValue, $0.value) })
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { self?.tagsFound(tags, length: found.length, for: id, url: url) }
                }
            }
        }
    }

    /// Sets tags read from entry `id`'s file, if it is still the same file.
    private func tagsFound(_ tags: QueueEntry.Tags, length: Duration?, for id: Int64, url: String) {
        update(id) { entry in
            guard entry.url == url else { return }
            entry.tags = tags.filled(from: entry.tags)
            if !entry.hasGivenLength, entry.length == nil { entry.length = length }
        }
        // Read as mpv would have read them when it opened the file: the entry is complete.
        tagsRead(id)
    }

    /// Forgets what was looked up for entry `id` (removed from the queue), or for every entry
    /// (the queue replaced): a daemon that lives for weeks, loading queue after queue, keeps
    /// sets as large as its queue, not as every entry it ever showed.
    func forgetLookups(_ id: Int64?) {
        if let id { tagsLookedUp.remove(id) } else { tagsLookedUp = [] }
        announcement.forget(id)
    }
}
