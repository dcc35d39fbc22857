// SPDX-License-Identifier: Apache-2.0
import Glibc

/// M3U and PLS playlists, read by the player's own parser, line by line as the bytes arrive.
package enum PlaylistFile {
    /// One entry: where it is, and the title the playlist gives it.
    package struct Entry: Equatable {
        package var location: String
        package var title: String?
    }

    /// The longest line read; a longer one is skipped whole. Far above any real location
    /// (`QueueLimits.maximumURILength`), so that such a line is still reported for what it is.
    package static let maximumLineLength = 4 << 20
    /// Bytes read at a time.
    static let blockSize = 64 << 10

    // MARK: M3U

    /// M3U and extended M3U: one location per line; `#EXTINF:<len>,<title>` names the next one.
    package struct M3UReader {
        private var title: String?

        /// A reader before the first line.
        package init() {}

        /// The entry a line makes, if any.
        package mutating func take(_ line: String) -> Entry? {
            let text = line.trimmingWhitespace
            if text.hasPrefix("#EXTINF:") {
                title = text.split(separator: ",", maxSplits: 1).dropFirst().first?.trimmingWhitespace
            } else if !text.isEmpty, !text.hasPrefix("#") {
                defer { title = nil }
                return Entry(location: text, title: title)
            }
            return nil
        }
    }

    /// Reads the M3U file at `path`, handing each entry to `body` as it is read (a playlist of
    /// 100 000 lines is never held whole); `body` returns false to stop. Returns why the file
    /// could not be read, or nil.
    static func readM3U(_ path: String, allowingPipes: Bool, _ body: (Entry) -> Bool) -> String? {
        var reader = M3UReader()
        return readLines(path, allowingPipes: allowingPipes) { line in reader.take(line).map(body) ?? true }
    }

    /// The entries of an M3U text.
    package static func m3u(_ text: String) -> [Entry] {
        var reader = M3UReader()
        var entries: [Entry] = []
        var splitter = LineSplitter()
        splitter.feed(Array(text.utf8)) { line in
            if let entry = reader.take(line) { entries.append(entry) }
            return true
        }
        splitter.finish { line in
            if let entry = reader.take(line) { entries.append(entry) }
            return true
        }
        return entries
    }

    // MARK: PLS

    /// PLS: `FileN=` and `TitleN=` keys, in N order.
    package static func pls(lines: [String]) -> [Entry] {
        var files: [Int: String] = [:]
        var titles: [Int: String] = [:]
        for line in lines {
            let parts = line.split(separator: "=", maxSplits: 1).map(\.trimmingWhitespace)
            // `File2=` with nothing after it (or only white space) names nothing, as an empty M3U line does.
            guard parts.count == 2, !parts[1].isEmpty else { continue }
            let key = parts[0].lowercased()
            if key.hasPrefix("file"), let number = Int(key.dropFirst(4)) { files[number] = parts[1] }
            if key.hasPrefix("title"), let number = Int(key.dropFirst(5)) { titles[number] = parts[1] }
        }
        return files.sorted { $0.key < $1.key }.map { Entry(location: $0.value, title: titles[$0.key]) }
    }

    /// Reads the PLS file at `path` (whole: its entries are numbered, in any order), and hands
    /// each entry to `body`; returns why the file could not be read, or nil.
    static func readPLS(_ path: String, allowingPipes: Bool, _ body: (Entry) -> Bool) -> String? {
        var lines: [String] = []
        if let failure = readLines(path, allowingPipes: allowingPipes, { lines.append($0); return true }) { return failure }
        for entry in pls(lines: lines) where !body(entry) { break }
        return nil
    }

    /// The entries of a PLS text.
    package static func pls(_ text: String) -> [Entry] {
        var lines: [String] = []
        var splitter = LineSplitter()
        splitter.feed(Array(text.utf8)) { lines.append($0); return true }
        splitter.finish { lines.append($0); return true }
        return pls(lines: lines)
    }

    // MARK: Reading

    /// Why a file could not be read, from `errno`.
    private static func unreadable() -> String { "cannot be read (\(String(cString: strerror(errno)))); skipped" }

    /// Reads the file at `path` block by block and hands each line to `body` (false stops).
    /// Only a regular file is read, or a FIFO where `allowingPipes`. Returns why it could not be
    /// read, or nil.
    static func readLines(_ path: String, allowingPipes: Bool, _ body: (String) -> Bool) -> String? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return Self.unreadable() }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return Self.unreadable() }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFIFO where allowingPipes:
            // Read as a stream: wait for the writer.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        default:
            return "not a regular file (a playlist is read only from a regular file); skipped"
        }
        var splitter = LineSplitter()
        var block = [UInt8](repeating: 0, count: blockSize)
        while true {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return Self.unreadable()
            }
            if count == 0 { break }
            guard splitter.feed(block[..<count], body) else { return nil }
        }
        splitter.finish(body)
        guard splitter.overlongLines == 0 else {
            return "\(splitter.overlongLines) lines longer than \(PlaylistFile.maximumLineLength) bytes were skipped"
        }
        return nil
    }
}

/// Cuts bytes into lines at LF or CR, decoding each (invalid UTF-8 repaired) without its
/// byte-order marks. Bytes, not text, are split, so that a line that is one huge grapheme cluster
/// costs no more than its bytes; a line past `PlaylistFile.maximumLineLength` is skipped whole.
package struct LineSplitter {
    private var line: [UInt8] = []
    private var isOverlong = false

    /// A splitter with no line begun.
    package init() {}

    /// Lines skipped for their length.
    package private(set) var overlongLines = 0

    /// Feeds bytes; `body` gets each line they complete and returns false to stop. Returns
    /// false when stopped.
    @discardableResult
    package mutating func feed(_ bytes: some Collection<UInt8>, _ body: (String) -> Bool) -> Bool {
        for byte in bytes {
            if byte == 0x0A || byte == 0x0D {
                guard endLine(body) else { return false }
            } else if line.count < PlaylistFile.maximumLineLength {
                line.append(byte)
            } else {
                isOverlong = true
            }
        }
        return true
    }

    /// Ends the last line, if the bytes did not.
    package mutating func finish(_ body: (String) -> Bool) {
        _ = endLine(body)
    }

    private mutating func endLine(_ body: (String) -> Bool) -> Bool {
        defer {
            line.removeAll(keepingCapacity: line.count < PlaylistFile.blockSize)
            isOverlong = false
        }
        if isOverlong { overlongLines += 1 }
        guard !line.isEmpty, !isOverlong else { return true }
        var text = String(decoding: line, as: UTF8.self)
        // A byte-order mark is EF BB BF; a line with no 0xEF byte has none.
        if line.contains(0xEF), text.unicodeScalars.contains("\u{FEFF}") {
            text = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FEFF}" }))
        }
        return body(text)
    }
}
