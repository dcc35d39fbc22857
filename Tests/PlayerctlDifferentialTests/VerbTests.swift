// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeTesting
import Testing

/// Each verb, with and without a value, on one paused player at 12.345678 s and volume 0.5.
@Suite("playerctl differential: verbs", .serialized)
@MainActor
struct VerbTests {
    /// Adds the one player every test here uses.
    @discardableResult
    private func vlc(_ d: Differential, _ configure: (inout ScriptedPlayerProperties) -> Void = { _ in }) async throws -> TwinPlayer {
        try await d.add("vlc") {
            $0.player["Position"] = .int64(12_345_678)
            $0.player["Volume"] = .double(0.5)
            configure(&$0)
        }
    }

    @Test("transport verbs call their method", arguments: [
        ("play", "Play"), ("pause", "Pause"), ("play-pause", "PlayPause"), ("stop", "Stop"), ("next", "Next"), ("previous", "Previous"),
    ])
    func transport(verb: String, method: String) async throws {
        let d = try Differential()
        let vlc = try await vlc(d)
        try await d.expectSame([verb])
        #expect(vlc.calls.playerctl == [method])
    }

    @Test("each verb with one capability false: refused (`No player could handle this command`, exit 1) or done, as playerctl does", arguments: [
        (["play"], "CanPlay"), (["pause"], "CanPause"), (["play-pause"], "CanPlay"), (["stop"], "CanPlay"), (["next"], "CanGoNext"),
        (["previous"], "CanGoPrevious"), (["position", "10"], "CanSeek"), (["position", "5+"], "CanSeek"), (["volume", "0.3"], "CanControl"),
        (["loop", "track"], "CanControl"), (["shuffle", "on"], "CanControl"), (["open", "https://example.com/a.ogg"], "CanControl"),
        (["metadata"], "CanPlay"), (["metadata", "title"], "CanPlay"), (["status"], "CanPlay"), (["volume"], "CanControl"),
        (["position"], "CanSeek"), (["pause"], "CanPlay"), (["play"], "CanPause"),
    ])
    func capability(arguments: [String], capability: String) async throws {
        let d = try Differential()
        try await vlc(d) { $0.player[capability] = .bool(false) }
        try await d.expectSame(arguments)
    }

    @Test("a capability left out counts as false", arguments: [
        (["play"], "CanPlay"), (["next"], "CanGoNext"), (["volume", "0.3"], "CanControl"), (["position", "3"], "CanSeek"),
    ])
    func capabilityOmitted(arguments: [String], capability: String) async throws {
        let d = try Differential()
        try await vlc(d) { $0.omitted = [capability] }
        try await d.expectSame(arguments)
    }

    @Test("a query whose property is left out: no player can answer", arguments: [
        (["status"], "PlaybackStatus"), (["volume"], "Volume"), (["position"], "Position"), (["loop"], "LoopStatus"),
        (["shuffle"], "Shuffle"), (["metadata"], "Metadata"), (["metadata", "title"], "Metadata"),
    ])
    func queryOmitted(arguments: [String], property: String) async throws {
        let d = try Differential()
        try await vlc(d) { $0.omitted = [property] }
        try await d.expectSame(arguments)
    }

    @Test("queries print the value: position and volume with %f", arguments: [
        ["status"], ["position"], ["volume"], ["loop"], ["shuffle"],
    ])
    func queries(arguments: [String]) async throws {
        let d = try Differential()
        try await vlc(d)
        try await d.expectSame(arguments)
    }

    @Test("number formats of position and volume", arguments: [
        (0, 0.0), (1_000_000, 1.0), (90_500_000, 0.123456789), (3_600_000_001, 1.5), (7, 1e-7), (123_456_789_012, 100),
    ])
    func numberFormats(position: Int64, volume: Double) async throws {
        let d = try Differential()
        try await d.add("vlc") {
            $0.player["Position"] = .int64(position)
            $0.player["Volume"] = .double(volume)
        }
        try await d.expectSame(["position"])
        try await d.expectSame(["volume"])
    }

    @Test("status of each playback status, and of one MPRIS does not know", arguments: ["Playing", "Paused", "Stopped", "Buffering", "paused"])
    func statuses(status: String) async throws {
        let d = try Differential()
        // Not playing, so that the position does not move.
        try await vlc(d) { $0.player["PlaybackStatus"] = .string(status) }
        try await d.expectSame(["status"])
    }

    @Test("loop and shuffle of each value", arguments: [
        ("None", false), ("Track", true), ("Playlist", false), ("bogus", true),
    ])
    func loopAndShuffle(loop: String, shuffle: Bool) async throws {
        let d = try Differential()
        try await vlc(d) {
            $0.player["LoopStatus"] = .string(loop)
            $0.player["Shuffle"] = .bool(shuffle)
        }
        try await d.expectSame(["loop"])
        try await d.expectSame(["shuffle"])
    }

    @Test("setting verbs send the right Set or call", arguments: [
        ["position", "10"], ["position", "5+"], ["position", "5-"], ["position", "1.5"], ["position", "0"], ["position", " 7"],
        ["position", "abc"], ["position", "10x"], ["position", "+"],
        ["volume", "0.3"], ["volume", "0.5-"], ["volume", "0.1+"], ["volume", "2"], ["volume", "abc"], ["volume", "0.25 "],
        ["volume", "1e-1"],
        ["loop", "track"], ["loop", "Playlist"], ["loop", "NONE"], ["loop", "bogus"],
        ["shuffle", "toggle"], ["shuffle", "on"], ["shuffle", "Off"], ["shuffle", "TOGGLE"], ["shuffle", "bogus"],
    ])
    func settings(arguments: [String]) async throws {
        let d = try Differential()
        try await vlc(d)
        try await d.expectSame(arguments)
    }

    @Test("position N on a track without an id: SetPosition needs one")
    func positionWithoutTrackID() async throws {
        let d = try Differential()
        let vlc = try await vlc(d)
        vlc.setMetadata([("xesam:title", .string("No id"))])
        try await d.expectSame(["position", "10"])
    }

    @Test("open: what URI the player gets")
    func open() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("differential-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a song #1 ü.flac")
        try Data("x".utf8).write(to: file)
        for arguments in [
            ["open", file.path], ["open", "https://example.com/a%20b.mp3?x=1&y=2"], ["open", "/no/such/file.flac"],
            ["open", "file://" + file.path], ["open"], ["open", "relative/no/such.ogg"], ["open", folder.path],
        ] {
            let d = try Differential()
            let vlc = try await vlc(d)
            try await d.expectSame(arguments)
            if arguments.count > 1, arguments[1] == file.path {
                #expect(vlc.calls.playerctl == ["OpenUri \"\(file.absoluteString)\""])
            }
        }
    }

    @Test("metadata: the whole table, one key, several keys, a key nobody has")
    func metadata() async throws {
        for arguments in [
            ["metadata"], ["metadata", "title"], ["metadata", "artist"], ["metadata", "album"], ["metadata", "xesam:title"],
            ["metadata", "mpris:length"], ["metadata", "mpris:trackid"], ["metadata", "artist", "title"], ["metadata", "nokey"],
            ["metadata", "title", "nokey"],
        ] {
            let d = try Differential()
            try await vlc(d)
            try await d.expectSame(arguments)
        }
    }

    @Test("metadata values of every D-Bus type print as playerctl prints them")
    func metadataTypes() async throws {
        let d = try Differential()
        let vlc = try await vlc(d)
        vlc.setMetadata([
            ("mpris:trackid", .objectPath("/org/mpris/MediaPlayer2/Track/7")), ("mpris:length", .int64(215_000_000)),
            ("xesam:title", .string("Ünïcode — \"quoted\" 'single'\ttab")), ("xesam:artist", .strings(["One", "Two"])),
            ("xesam:albumArtist", .strings([])), ("xesam:trackNumber", .int32(3)), ("xesam:discNumber", .uint32(1)),
            ("xesam:useCount", .uint64(18_446_744_073_709_551_615)), ("xesam:autoRating", .double(0.75)), ("x:bool", .bool(true)),
            ("x:byte", .byte(7)), ("x:int16", .int16(-3)), ("x:uint16", .uint16(65535)), ("x:signature", .signature("a{sv}")),
            ("x:ints", .array(elementSignature: "i", [.int32(1), .int32(-2)])),
            ("x:dict", .stringVariantDictionary([("k", .string("v")), ("n", .int64(2))])),
            ("x:struct", .structure([.string("s"), .int32(1)])), ("x:variant", .variant(.string("inner"))),
            ("xesam:url", .string("file:///music/a%20b.flac")), ("x:empty", .string("")),
        ])
        try await d.expectSame(["metadata"])
        for key in ["xesam:artist", "xesam:albumArtist", "xesam:trackNumber", "xesam:useCount", "xesam:autoRating", "x:bool", "x:dict", "x:struct", "x:empty", "x:ints"] {
            try await d.expectSame(["metadata", key])
        }
        for template in ["{{xesam:trackNumber}}", "{{xesam:autoRating}}", "{{x:bool}}", "{{xesam:artist}}", "{{x:dict}}", "{{x:byte}}"] {
            try await d.expectSame(["metadata", "--format", template])
        }
    }

    @Test("no players at all: each verb says `No players found`, exit 1", arguments: [
        ["play"], ["pause"], ["status"], ["position"], ["position", "5"], ["volume"], ["volume", "0.5"], ["metadata"], ["loop"],
        ["shuffle", "toggle"], ["open", "https://example.com/a.ogg"], ["-s", "status"],
    ])
    func noPlayers(arguments: [String]) async throws {
        let d = try Differential()
        try await d.expectSame(arguments)
    }
}
