// SPDX-License-Identifier: Apache-2.0
import RemoteBridgePlayer
import RemoteBridgePlayerDaemon

extension FuzzHarness {
    /// M3U and PLS playlists, as remote-playerd reads a file: bytes cut into lines as blocks
    /// arrive, then each format's entries. The lines do not depend on where the blocks split
    /// (here at a point the bytes choose), and every entry is one trimmed, non-empty line.
    static let playlist = FuzzHarness(
        name: "playlist", summary: "M3U and PLS: line splitting at any block boundary, entries"
    ) { bytes throws(PropertyViolation) in
        let whole = lines(of: [bytes])
        let split = bytes.reduce(0) { $0 &+ Int($1) } % (bytes.count + 1)
        let inTwo = lines(of: [UnsafeRawBufferPointer(rebasing: bytes[..<split]), UnsafeRawBufferPointer(rebasing: bytes[split...])])
        try require(whole == inTwo, "the lines differ when the bytes arrive in two blocks split at \(split): \(whole.count) lines, then \(inTwo.count)")
        for line in whole {
            // A line of byte-order marks alone is empty once they are taken out.
            try require(line.utf8.count <= PlaylistFile.maximumLineLength, "a line of \(line.utf8.count) bytes")
            try require(!line.contains("\n") && !line.contains("\r"), "a line holding a line break")
        }
        var reader = PlaylistFile.M3UReader()
        let m3u = whole.compactMap { reader.take($0) }
        try checkEntries(m3u, "M3U")
        let nonComments = whole.count { line in
            let text = line.trimmingWhitespace
            return !text.isEmpty && !text.hasPrefix("#")
        }
        try require(m3u.count == nonComments, "\(m3u.count) M3U entries from \(nonComments) lines that are not comments")
        try checkEntries(PlaylistFile.pls(lines: whole), "PLS")
    }

    private static func lines(of blocks: [UnsafeRawBufferPointer]) -> [String] {
        var splitter = LineSplitter()
        var lines: [String] = []
        for block in blocks { splitter.feed(block) { lines.append($0); return true } }
        splitter.finish { lines.append($0); return true }
        return lines
    }

    private static func checkEntries(_ entries: [PlaylistFile.Entry], _ format: String) throws(PropertyViolation) {
        for entry in entries {
            try require(!entry.location.isEmpty, "\(format): an entry with an empty location")
            try require(!entry.location.contains("\n") && !entry.location.contains("\r"), "\(format): a location holding a line break")
        }
    }
}
