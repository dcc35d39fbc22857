import FoundationEssentials
import Glibc

/// The queue: loading, adding, removing and checking what may be played.
extension MPVPlayer {
    /// Appends items to the queue. With `play`, the first of them starts playing. Items that
    /// fail `check(_:)` are left out and reported as load failures.
    public func append(_ items: [QueueItem], play: Bool = false) {
        let accepted = items.reduce(0) { count, item in queue(item) ? count + 1 : count }
        if play, accepted > 0 {
            refreshPlaylist()
            startAt(index: entries.count - accepted)
        }
    }

    /// Replaces the queue, making item `index` current at `position`, paused unless `play`.
    /// Items that fail `check(_:)` are left out (and reported); `index` still names the same item,
    /// or the next one kept if that item itself was left out.
    public func load(_ items: [QueueItem], currentIndex index: Int = 0, position: Duration = .zero, play: Bool = false) {
        try? mpv.command(["stop"])
        try? mpv.set("pause", !play)
        entries = []
        currentID = nil
        var startIndex = 0
        var startKept = false
        for (offset, item) in items.enumerated() {
            let kept = queue(item)
            if offset < index, kept { startIndex += 1 }
            if offset == index { startKept = kept }
        }
        refreshPlaylist()
        guard !entries.isEmpty else { return }
        startIndex = min(startIndex, entries.count - 1)
        if startKept, position > .zero {
            pendingStart = (entries[startIndex].id, position)
        }
        playIndex(startIndex)
    }

    /// Opens a URI: checks it, appends it, and plays it.
    public func open(uri: String) throws(MPVError) {
        try check(uri)
        guard queue(QueueItem(url: uri)) else { throw MPVError(operation: "open \(QueueLimits.excerpt(uri))", reason: "mpv refused it") }
        refreshPlaylist()
        startAt(index: entries.count - 1)
    }

    /// Inserts a URI after the entry `after` (nil: at the start), making it current if asked.
    public func insert(uri: String, after: Int64?, makeCurrent: Bool) throws(MPVError) {
        try check(uri)
        guard queue(QueueItem(url: uri)) else { throw MPVError(operation: "open \(QueueLimits.excerpt(uri))", reason: "mpv refused it") }
        refreshPlaylist()
        let from = entries.count - 1
        let to = after.flatMap { id in entries.firstIndex { $0.id == id } }.map { $0 + 1 } ?? 0
        if to != from { try mpv.command(["playlist-move", String(from), String(to)]) }
        refreshPlaylist()
        if makeCurrent { playIndex(to) }
    }

    /// Removes an entry.
    public func remove(id: Int64) throws(MPVError) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else {
            throw MPVError(operation: "remove", reason: "no entry \(id) in the queue")
        }
        try mpv.command(["playlist-remove", String(index)])
        refreshPlaylist()
    }

    /// Plays the entry with `id`.
    public func goTo(id: Int64) throws(MPVError) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else {
            throw MPVError(operation: "go to", reason: "no entry \(id) in the queue")
        }
        playIndex(index)
        try mpv.set("pause", false)
    }

    /// Hands one item to mpv, remembering it until its playlist entry appears. An item that
    /// fails `check(_:)` or that mpv refuses is reported as a load failure and left out.
    @discardableResult
    func queue(_ item: QueueItem) -> Bool {
        do throws(MPVError) {
            try check(item.url)
            var item = item
            item.tags = item.tags.limited()
            pendingItems.append(item)
            do throws(MPVError) {
                try mpv.command(["loadfile", item.url, "append"])
            } catch {
                pendingItems.removeLast()
                throw error
            }
            return true
        } catch {
            onChange?(.loadFailed(url: QueueLimits.excerpt(item.url), reason: error.reason))
            return false
        }
    }

    /// Checks a URI or path before it may enter the queue, whatever its source (a client, the
    /// command line, a playlist, a folder, saved state): its length, the queue's length, and its
    /// scheme against the configuration. A plain path counts as `file`.
    public func check(_ uri: String) throws(MPVError) {
        let operation = "open \(QueueLimits.excerpt(uri))"
        guard uri.utf8.count <= QueueLimits.maximumURILength else {
            throw MPVError(
                operation: operation, reason: "the URI is longer than \(QueueLimits.maximumURILength) bytes", kind: .limitExceeded)
        }
        guard entries.count + pendingItems.count < configuration.maximumEntries else {
            throw MPVError(
                operation: operation, reason: "the queue is full (\(configuration.maximumEntries) entries); remove some first",
                kind: .limitExceeded)
        }
        guard !uri.utf8.contains(0) else { throw MPVError(operation: operation, reason: "it contains a NUL character") }
        if uri.hasPrefix("/"), Self.scheme(of: uri) == nil {
            guard configuration.allowedSchemes.contains("file") else {
                throw MPVError(operation: operation, reason: "local files are not allowed (the file scheme is not in supported-uri-schemes)", kind: .schemeNotAllowed)
            }
            return
        }
        try checkScheme(uri)
    }

    /// Checks a URI's scheme against the configuration.
    func checkScheme(_ uri: String) throws(MPVError) {
        let operation = "open \(QueueLimits.excerpt(uri))"
        guard let scheme = Self.scheme(of: uri) else {
            throw MPVError(operation: operation, reason: "not a URI: it needs a scheme such as file:// or https://", kind: .schemeNotAllowed)
        }
        guard configuration.allowedSchemes.contains(scheme) else {
            throw MPVError(
                operation: operation,
                reason: "the \(scheme) scheme is not allowed (allowed: \(configuration.allowedSchemes.joined(separator: ", ")))",
                kind: .schemeNotAllowed)
        }
    }

    /// The lowercased scheme of a URI (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
    public nonisolated static func scheme(of uri: String) -> String? {
        guard let colon = uri.firstIndex(of: ":") else { return nil }
        let scheme = uri[..<colon]
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = scheme.unicodeScalars.first, isLetter(first),
            scheme.unicodeScalars.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return scheme.lowercased()
    }
}
