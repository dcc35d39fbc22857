// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc

/// The queue: loading, adding, removing and checking what may be played.
extension MPVPlayer {
    /// Appends items to the queue. With `play`, the first of them starts playing. Items that
    /// fail `check(_:)` are left out and reported as load failures.
    public func append(_ items: [QueueItem], play: Bool = false) {
        let index = entries.count
        let accepted = accept(items, at: index)
        guard accepted > 0 else { return }
        changed(.entriesInserted(at: index, count: accepted))
        if play {
            startAt(index: entries.count - accepted)
        } else {
            handNextToMPV()
        }
    }

    /// Replaces the queue, making item `index` current at `position`, paused unless `play`.
    /// Items that fail `check(_:)` are left out (and reported); `index` still names the same item,
    /// or the next one kept if that item itself was left out.
    ///
    /// With `unshuffledOrder`, the items are a shuffled queue, as `unshuffledIndices` gave it:
    /// shuffle is on, in the items' order, and turning it off puts them in that order (`items`'
    /// indices, each once; an index outside them or named again is passed over, and an item the
    /// order leaves out follows the others). Without it, a queue loaded while shuffled stays in
    /// the order given when shuffle goes off.
    public func load(
        _ items: [QueueItem], currentIndex index: Int = 0, position: Duration = .zero, play: Bool = false, unshuffledOrder order: [Int]? = nil
    ) {
        stopMPV()
        if play { try? unpause(reloading: false) }
        entries.removeAll()
        forgetLookups(nil)
        entries.reserveCapacity(items.count)
        unshuffledOrder = nil
        currentID = nil
        // Accepted one by one, so that `index` is followed to the same item, or the next kept.
        var startIndex = 0
        var startKept = false
        // With an order before shuffling: each item's id, 0 for one left out (ids start at 1).
        var ids = order == nil ? [] : [Int64](repeating: 0, count: items.count)
        for (offset, item) in items.enumerated() {
            let entry = admit(item, queued: 0)
            if let entry { entries.insert(entry, at: entries.endIndex) }
            if offset < index, entry != nil { startIndex += 1 }
            if offset == index { startKept = entry != nil }
            if let entry, order != nil { ids[offset] = entry.id }
        }
        if let order {
            unshuffledOrder = order.compactMap { offset in
                guard ids.indices.contains(offset), ids[offset] != 0 else { return nil }
                defer { ids[offset] = 0 }
                return ids[offset]
            }
        }
        let shuffleTurnedOn = order != nil && !shuffle
        if shuffleTurnedOn { shuffle = true }
        changed(.queueChanged)
        if shuffleTurnedOn { changed(.state) }
        guard !entries.isEmpty else { return }
        startIndex = min(startIndex, entries.count - 1)
        if startKept, position > .zero {
            pendingStart = (entries.id(at: startIndex), position)
        }
        playIndex(startIndex)
    }

    /// Opens a URI: checks it, appends it, and plays it.
    public func open(uri: String) throws(PlayerError) {
        try insert([QueueItem(url: uri, progress: progressOfSameURL(uri))], at: entries.count, makeCurrent: true, play: true)
    }

    /// Inserts a URI after the entry `after` (nil: at the start), making it current if asked.
    public func insert(uri: String, after: Int64?, makeCurrent: Bool) throws(PlayerError) {
        try insert([QueueItem(url: uri, progress: progressOfSameURL(uri))], after: after, makeCurrent: makeCurrent)
    }

    /// Inserts items after the entry `after` (nil: at the start), making the first current if
    /// asked. Items that fail `check(_:)` are left out and reported; when none is left, it throws
    /// (with the check's own error for a single item).
    public func insert(_ items: [QueueItem], after: Int64?, makeCurrent: Bool) throws(PlayerError) {
        let index = after.flatMap { entries.index(of: $0) }.map { $0 + 1 } ?? 0
        try insert(items, at: index, makeCurrent: makeCurrent, play: false)
    }

    /// Opens items: appends them and plays the first. Items that fail `check(_:)` are left out
    /// and reported; when none is left, it throws (with the check's own error for a single item).
    public func open(_ items: [QueueItem]) throws(PlayerError) {
        try insert(items, at: entries.count, makeCurrent: true, play: true)
    }

    private func insert(_ items: [QueueItem], at index: Int, makeCurrent: Bool, play: Bool) throws(PlayerError) {
        guard let first = items.first else { return }
        if items.count == 1 { try check(first.url) }
        let accepted = accept(items, at: index)
        guard accepted > 0 else {
            throw PlayerError(operation: "open \(QueueLimits.excerpt(first.url))", reason: "none of its \(items.count) entries may be played")
        }
        changed(.entriesInserted(at: index, count: accepted))
        if makeCurrent {
            if play { try? unpause(reloading: false) }
            playIndex(index)
        } else {
            handNextToMPV()
        }
    }

    /// Removes an entry. The current entry's place goes to the one after it, as if it had ended.
    public func remove(id: Int64) throws(PlayerError) {
        guard let index = entries.index(of: id) else {
            throw PlayerError(operation: "remove", reason: "no entry \(id) in the queue")
        }
        entries.remove(at: index)
        forgetLookups(id)
        if index < currentIndexHint { currentIndexHint -= 1 }
        sweepUnshuffledOrderIfStale()
        changed(.entryRemoved(at: index, id: id))
        // mpv already plays the removed entry when it is the one a gapless change is going to:
        // then the entry that takes its place plays instead, as for the current one.
        let playsInMPV = id == transition?.id
        if playsInMPV { endHeardTransition() }
        if id == currentID || playsInMPV {
            if index < entries.count {
                playIndex(index)
            } else {
                stopMPV()
                isIdle = true
                if id == currentID { currentID = nil }
                changed(.state)
            }
        } else {
            handNextToMPV()
        }
    }

    /// Plays the entry with `id`.
    public func goTo(id: Int64) throws(PlayerError) {
        guard let index = entries.index(of: id) else {
            throw PlayerError(operation: "go to", reason: "no entry \(id) in the queue")
        }
        try unpause(reloading: false)
        playIndex(index)
    }

    /// Accepts items into the queue at `index`, in order, in one insertion; returns how many
    /// passed `check(_:)`.
    private func accept(_ items: [QueueItem], at index: Int) -> Int {
        var accepted: [QueueEntry] = []
        for item in items {
            if let entry = admit(item, queued: accepted.count) { accepted.append(entry) }
        }
        entries.insert(contentsOf: accepted, at: index)
        // The current entry moved with them: its index is kept in step, not searched for again.
        if index <= currentIndexHint { currentIndexHint += accepted.count }
        unshuffledOrder?.append(contentsOf: accepted.lazy.map(\.id))
        return accepted.count
    }

    /// Makes an entry of an item, giving it an id, when it passes `check(_:)` with `queued` more
    /// entries about to join the queue; an item that fails is reported as a load failure.
    private func admit(_ item: QueueItem, queued: Int) -> QueueEntry? {
        do throws(PlayerError) {
            try check(item.url, queued: queued)
        } catch {
            changed(.loadFailed(url: QueueLimits.excerpt(item.url), reason: error.reason))
            return nil
        }
        defer { nextEntryID += 1 }
        return QueueEntry(id: nextEntryID, url: item.url, tags: item.tags.limited(), length: item.length, progress: item.progress)
    }

    /// Checks a URI or path before it may enter the queue, whatever its source (a client, the
    /// command line, a playlist, a folder, saved state): its length, the queue's length, and its
    /// scheme against the configuration. A plain path counts as `file`.
    public func check(_ uri: String) throws(PlayerError) {
        try check(uri, queued: 0)
    }

    /// `check(_:)`, with `queued` entries about to join the queue ahead of this one.
    private func check(_ uri: String, queued: Int) throws(PlayerError) {
        // Quoted only for an error: a queue of 100 000 entries passes here 100 000 times.
        var operation: String { "open \(QueueLimits.excerpt(uri))" }
        guard uri.utf8.count <= QueueLimits.maximumURILength else {
            throw PlayerError(
                operation: operation, reason: "the URI is longer than \(QueueLimits.maximumURILength) bytes", kind: .limitExceeded)
        }
        guard entries.count + queued < configuration.maximumEntries else {
            throw PlayerError(
                operation: operation, reason: "the queue is full (\(configuration.maximumEntries) entries); remove some first",
                kind: .limitExceeded)
        }
        try checkLocation(uri)
    }

    /// Checks where a URI or path points: no NUL, and a scheme the configuration allows (a plain
    /// absolute path counts as `file`). The queue's checks, and the last one before mpv opens.
    func checkLocation(_ uri: String) throws(PlayerError) {
        // Quoted only for an error: a queue of 100 000 entries passes here 100 000 times.
        var operation: String { "open \(QueueLimits.excerpt(uri))" }
        guard !uri.utf8.contains(0) else { throw PlayerError(operation: operation, reason: "it contains a NUL character") }
        if uri.hasPrefix("/"), Self.scheme(of: uri) == nil {
            guard configuration.allowedSchemes.contains("file") else {
                throw PlayerError(operation: operation, reason: "local files are not allowed (the file scheme is not in supported-uri-schemes)", kind: .schemeNotAllowed)
            }
            return
        }
        try checkScheme(uri)
    }

    /// Checks a URI's scheme against the configuration.
    func checkScheme(_ uri: String) throws(PlayerError) {
        // Quoted only for an error: a queue of 100 000 entries passes here 100 000 times.
        var operation: String { "open \(QueueLimits.excerpt(uri))" }
        guard let scheme = Self.scheme(of: uri) else {
            throw PlayerError(operation: operation, reason: "not a URI: it needs a scheme such as file:// or https://", kind: .schemeNotAllowed)
        }
        guard configuration.allowedSchemes.contains(scheme) else {
            throw PlayerError(
                operation: operation,
                reason: "the \(scheme) scheme is not allowed (allowed: \(configuration.allowedSchemes.joined(separator: ", ")))",
                kind: .schemeNotAllowed)
        }
    }

    /// The lowercased scheme of a URI (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
    /// Read byte by byte up to the colon, so that a plain path (100 000 of them in a playlist)
    /// is told apart at its first `/`.
    public nonisolated static func scheme(of uri: String) -> String? {
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        var length = 0
        for byte in uri.utf8 {
            if byte == UInt8(ascii: ":") {
                guard length > 0 else { return nil }
                return String(decoding: uri.utf8.prefix(length), as: UTF8.self).lowercased()
            }
            let allowed = length == 0
                ? isLetter(byte) : isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard allowed else { return nil }
            length += 1
        }
        return nil
    }
}
