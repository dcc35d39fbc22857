import Foundation
import RemoteBridgeTesting
import RemotePlayer
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
}

