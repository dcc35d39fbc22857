// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import RemoteBridgeTesting
import RemoteBridgePlayerDaemon
import Testing

@Suite("Queue sources")
struct QueueSourceTests {
    @Test("folders expand recursively and sorted; playlists and URLs are read; problems are reported")
    func expand() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-queue-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let album = root.appendingPathComponent("Album")
        try FileManager.default.createDirectory(at: album.appendingPathComponent("CD2"), withIntermediateDirectories: true)
        for name in ["10 ten.flac", "2 two.mp3", "notes.txt", "CD2/1 one.ogg"] {
            _ = FileManager.default.createFile(atPath: album.appendingPathComponent(name).path, contents: Data())
        }
        try "#EXTM3U\n#EXTINF:123,Named Entry\nAlbum/2 two.mp3\n\nhttps://radio.example/stream\n# comment\n"
            .write(to: root.appendingPathComponent("list.m3u"), atomically: true, encoding: .utf8)
        try "[playlist]\nFile2=Album/10 ten.flac\nTitle1=First\nFile1=https://a.example/x.mp3\nNumberOfEntries=2\n"
            .write(to: root.appendingPathComponent("list.pls"), atomically: true, encoding: .utf8)
        let (items, problems) = QueueSource.expand([
            album.path, root.appendingPathComponent("list.m3u").path, root.appendingPathComponent("list.pls").path, "/no/such",
            "http://example.com/a.mp3",
        ])
        #expect(items.map(\.url) == [
            album.path + "/2 two.mp3", album.path + "/10 ten.flac", album.path + "/CD2/1 one.ogg",
            album.path + "/2 two.mp3", "https://radio.example/stream",
            "https://a.example/x.mp3", album.path + "/10 ten.flac",
            "http://example.com/a.mp3",
        ])
        #expect(items[3].tags.title == "Named Entry")
        #expect(items[5].tags.title == "First")
        #expect(problems == ["/no/such: no such file or folder; skipped"])
    }

    @Test("a PLS entry with nothing after its = names nothing: not the playlist's folder (found by the playlist fuzzer)")
    func emptyPLSEntry() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-pls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root.appendingPathComponent("beside.flac").path, contents: Data())
        try "[playlist]\nFile1=\nFile2= \u{0B} \nFile3=https://a.example/x.mp3\n".write(to: root.appendingPathComponent("list.pls"), atomically: true, encoding: .utf8)
        let (items, problems) = QueueSource.expand([root.appendingPathComponent("list.pls").path])
        #expect(items.map(\.url) == ["https://a.example/x.mp3"])
        #expect(problems.isEmpty)
    }

    @Test("folder order is natural and ignores case, with no locale: 2 before 10, a before B")
    func naturalOrder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-order-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let names = ["Track 10.flac", "track 2.flac", "Track 02b.flac", "B side.mp3", "a side.mp3", "Track 1.flac", "x9.ogg", "x10.ogg"]
        for name in names { _ = FileManager.default.createFile(atPath: root.appendingPathComponent(name).path, contents: Data()) }
        let (items, _) = QueueSource.expand([root.path])
        #expect(items.map { $0.url.split(separator: "/").last.map(String.init) ?? "" } == [
            "a side.mp3", "B side.mp3", "Track 1.flac", "track 2.flac", "Track 02b.flac", "Track 10.flac", "x9.ogg", "x10.ogg",
        ])
    }

    @Test("relative paths, .. and file: URLs resolve; a byte-order mark and CRLF line ends in a playlist are ignored")
    func pathsAndPlaylistText() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let album = root.appendingPathComponent("Album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: album.appendingPathComponent("one.flac").path, contents: Data())
        try "\u{FEFF}#EXTM3U\r\n#EXTINF:1, Spaced Title \r\n../Album/./one.flac\r\n"
            .write(to: album.appendingPathComponent("list.m3u"), atomically: true, encoding: .utf8)
        let (items, problems) = QueueSource.expand([
            album.appendingPathComponent("list.m3u").path, "file://" + album.appendingPathComponent("one.flac").path,
            root.path + "/Album/../Album/one.flac",
        ])
        #expect(problems.isEmpty)
        #expect(items.map(\.url) == Array(repeating: album.path + "/one.flac", count: 3))
        #expect(items.first?.tags.title == "Spaced Title")
    }

    @Test("a playlist with 1 MiB single-grapheme lines and invalid UTF-8: each problem quotes at most a few hundred bytes")
    func boundedProblems() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-queue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let grapheme = "/a" + String(repeating: "\u{301}", count: 1 << 19)
        var bytes = Data("#EXTM3U\n\(grapheme)\n\(grapheme)\n".utf8)
        bytes.append(contentsOf: [0x2F, 0x62, 0xFF, 0xFE, 0x80, 0x0A])  // "/b" and three bytes that are not UTF-8
        let playlist = root.appendingPathComponent("list.m3u")
        try bytes.write(to: playlist)
        let (items, problems) = QueueSource.expand([playlist.path, grapheme])
        #expect(items.isEmpty)
        #expect(problems.count == 4)
        for problem in problems {
            #expect(problem.utf8.count < 400, "\(problem.utf8.count) bytes")
        }
        #expect(problems.filter { $0.contains("(1048578 bytes)") }.count == 3)
    }

    @Test("a client's playlist that is a FIFO is refused at once as not a regular file (it would hold the player until written)")
    func fifoPlaylistRefused() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("evil.m3u").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = QueueSource.playlistItems(fifo)
        #expect(result?.items.isEmpty == true)
        #expect(result?.problems.first?.contains("not a regular file") == true, "\(String(describing: result?.problems))")
    }

    @Test("a folder tree is walked in natural order, sub-folders where their names fall; links to files are followed, links to folders are not")
    func folderTree() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-tree-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["Disc 10", "Disc 2", "Disc 2/Bonus", "a"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for name in ["Disc 10/1.flac", "Disc 2/2.flac", "Disc 2/10.flac", "Disc 2/Bonus/1.mp3", "a/x.FLAC", "b.ogg", "cover.jpg"] {
            _ = FileManager.default.createFile(atPath: root.appendingPathComponent(name).path, contents: Data())
        }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.flac").path, withDestinationPath: root.appendingPathComponent("b.ogg").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("loop").path, withDestinationPath: root.path)
        let (items, problems) = QueueSource.expand([root.path])
        #expect(problems.isEmpty)
        #expect(items.map { String($0.url.dropFirst(root.path.count + 1)) } == [
            "a/x.FLAC", "b.ogg", "Disc 2/2.flac", "Disc 2/10.flac", "Disc 2/Bonus/1.mp3", "Disc 10/1.flac", "link.flac",
        ])
    }

    @Test("hidden files and folders are left out of a walk, as MPD leaves them: macOS's ._name.mp3 beside each file, .src.wav, a .hidden folder; a file given by name is queued even if hidden")
    func hiddenFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-hidden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
        for name in ["song.mp3", "._song.mp3", ".src.wav", ".hidden/inside.flac"] {
            _ = FileManager.default.createFile(atPath: root.appendingPathComponent(name).path, contents: Data())
        }
        let (items, problems) = QueueSource.expand([root.path])
        #expect(problems.isEmpty)
        #expect(items.map { String($0.url.dropFirst(root.path.count + 1)) } == ["song.mp3"])
        let given = root.appendingPathComponent(".src.wav").path
        #expect(QueueSource.expand([given]).items.map(\.url) == [given], "asked for by name, it is what the user wants")
    }
}
