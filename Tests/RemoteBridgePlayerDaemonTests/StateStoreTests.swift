// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import RemoteBridgePlayer
import RemoteBridgePlayerDaemon
import Testing

@Suite("State store: atomic, never through a symlink, broken files moved aside")
struct StateStoreTests {
    static func temporaryFolder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static let state = PlayerState(
        queue: [QueueItem(url: "/a.flac", tags: .init(title: "A")), QueueItem(url: "https://b")], currentIndex: 1,
        position: 12.5, volume: 0.8, loop: .playlist, shuffle: true)

    @Test("missing folders are made private to the user; a file in the way is named in the error")
    func stateFolders() throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try StateStore(path: directory.appendingPathComponent("a/b/state.json").path).save(Self.state)
        var info = stat()
        #expect(stat(directory.appendingPathComponent("a/b").path, &info) == 0 && info.st_mode & 0o777 == 0o700)
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("file").path, contents: Data())
        let blocked = StateStore(path: directory.appendingPathComponent("file/sub/state.json").path)
        #expect { try blocked.save(Self.state) } throws: { error in
            "\(error)".contains("cannot create the state folder") && "\(error)".contains(directory.appendingPathComponent("file").path + " is not a folder")
        }
    }

    @Test("saves and loads, leaving no temporary file; a damaged file gives an error naming it")
    func roundTrip() throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = StateStore(path: directory.appendingPathComponent("nested/state.json").path)
        #expect(try store.load() == nil)
        try store.save(Self.state)
        #expect(try store.load() == Self.state)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("nested").path)
        #expect(leftovers == ["state.json"])
        try "{not json".write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect { try store.load() } throws: { error in
            "\(error)".contains(store.path) && "\(error)".contains("not a state file")
        }
    }

    @Test("a symlink planted where the old code put its temporary file is never written through")
    func plantedSymlink() throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let victim = directory.appendingPathComponent("victim")
        try "precious".write(to: victim, atomically: true, encoding: .utf8)
        let store = StateStore(path: directory.appendingPathComponent("state.json").path)
        // The old code wrote through `state.json.tmp-<pid>`, whatever it was.
        try FileManager.default.createSymbolicLink(atPath: "\(store.path).tmp-\(getpid())", withDestinationPath: victim.path)
        try store.save(Self.state)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        #expect(try store.load() == Self.state)
    }

    @Test(
        "files that are not state are refused with a reason, and moved aside intact",
        arguments: [
            ("garbage", "not a state file"), ("truncated", "not a state file"), ("version 99", "version 99"),
            ("folder", "not a regular file"), ("too large", "more than any state file"),
        ])
    func brokenFiles(kind: String, reason: String) throws {
        let directory = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = StateStore(path: directory.appendingPathComponent("state.json").path)
        try Self.makeBroken(kind, at: store.path)
        #expect { try store.load() } throws: { "\($0)".contains(reason) && "\($0)".contains(store.path) }
        let before = try? Data(contentsOf: URL(fileURLWithPath: store.path))
        let aside = try store.moveAside()
        #expect(aside.hasPrefix(store.path + ".broken-"))
        #expect(!FileManager.default.fileExists(atPath: store.path))
        if kind != "folder", kind != "too large" { #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == before) }
        // A second broken file in the same second gets a name of its own.
        try Self.makeBroken(kind, at: store.path)
        let second = try store.moveAside()
        #expect(second != aside)
    }

    /// Puts a broken state file of `kind` at `path`.
    static func makeBroken(_ kind: String, at path: String) throws {
        let valid = "{\"loop\":\"none\",\"position\":0,\"queue\":[{\"url\":\"/a.flac\",\"tags\":{\"artists\":[],\"albumArtists\":[],\"genres\":[]}}],\"shuffle\":false,\"version\":1,\"volume\":1}"
        switch kind {
        case "garbage": try Data([0x00, 0xFF, 0x13, 0x37]).write(to: URL(fileURLWithPath: path))
        case "truncated": try String(valid.prefix(40)).write(toFile: path, atomically: false, encoding: .utf8)
        case "version 99": try valid.replacingOccurrences(of: "\"version\":1", with: "\"version\":99").write(toFile: path, atomically: false, encoding: .utf8)
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case "too large":
            // A sparse file: large by its size, cheap on disk.
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            ftruncate(fd, off_t(StateStore.maximumSize + 1))
            close(fd)
        default: Issue.record("unknown kind \(kind)")
        }
    }
}
