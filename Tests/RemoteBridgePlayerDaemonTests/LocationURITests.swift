// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// What remote-playerd shows as a track's location, seen from outside: playerctl, remotectl and
/// the TrackList all get percent-encoded file URIs, whatever form the location was given in.
@Suite("remote-playerd: locations are shown as file URIs", .serialized)
@MainActor
struct LocationURITests {
    /// A folder and file name with a space, `&`, `#`, `?`, `%` and non-ASCII letters.
    static let folderName = "Björk & Co"
    static let fileName = "#1 100% ?.flac"
    /// The two names as RFC 3986 percent-encoding writes them (UTF-8 bytes, upper-case hex).
    static let encodedFolderName = "Bj%C3%B6rk%20%26%20Co"
    static let encodedFileName = "%231%20100%25%20%3F.flac"

    @Test("a plain path reaches playerctl, remotectl and GetTracksMetadata as file:///…%20…; the art URL is a file URI too")
    func plainPath() async throws {
        let media = try await TestMedia.make(count: 1)
        let folder = media.directory.appendingPathComponent(Self.folderName)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(Self.fileName)
        try FileManager.default.copyItem(at: media.tones[0], to: file)
        let cover = folder.appendingPathComponent("cover.jpg")
        try FileManager.default.copyItem(at: media.cover, to: cover)
        // The media folder's own name is plain ASCII (remotebridge-media-<UUID>): nothing to encode.
        let expected = "file://\(media.directory.path)/\(Self.encodedFolderName)/\(Self.encodedFileName)"
        let f = try await PlayerFixture(items: [file.path], media: media)
        defer { f.stop() }
        await f.until("the tone is loaded with its art") { f.player.shown?.tags.title == "Tone 1" && f.player.shown?.artURL != nil }
        #expect(f.player.entries.map(\.url) == [file.path], "the queue keeps the path as given")

        #expect(try await f.playerctl("metadata", "xesam:url").output == expected)
        #expect(try await f.playerctl("metadata", "--format", "{{xesam:url}}").output == expected)
        let remotectl = BuiltProduct.debug("remotectl")
        #expect(try await ExternalProcess.run(remotectl, ["metadata", "xesam:url", "--bus", f.bus.address]).output == expected)
        #expect(try await ExternalProcess.run(remotectl, ["metadata", "--format", "{{xesam:url}}", "--bus", f.bus.address]).output == expected)
        #expect(try await Self.trackListURLs(f.client) == [expected])

        let art = try #require(try await f.client.metadata()["mpris:artUrl"]?.stringValue)
        #expect(art.hasPrefix("file:///") && !art.contains(" ") && !art.contains("#") && !art.contains("?"), "\(art)")
        #expect(URL(string: art)?.path(percentEncoded: false) == cover.path, "\(art)")
    }

    @Test("OpenUri and AddTrack take a plain path or a file URI, and both are shown as the same URI")
    func input() async throws {
        let media = try await TestMedia.make(count: 3)
        let f = try await PlayerFixture(items: [media.tones[0].path], media: media)
        defer { f.stop() }
        let uris = media.tones.map { "file://\(media.directory.path)/" + $0.lastPathComponent.replacingOccurrences(of: " ", with: "%20") }
        #expect(uris[1].hasSuffix("/02%20tone.flac"))
        try await f.client.openURI(media.tones[1].path)
        _ = try await f.client.call(TrackListInterface.addTrack, [.string(uris[2]), .objectPath(TrackListInterface.noTrack), .bool(false)])
        await f.until("three entries") { f.player.entries.count == 3 }
        #expect(f.player.entries.map(\.url) == [uris[2], media.tones[0].path, media.tones[1].path])
        #expect(try await Self.trackListURLs(f.client) == [uris[2], uris[0], uris[1]])
        await f.until("the opened path is loaded") { f.player.shown?.tags.title == "Tone 2" }
        #expect(try await f.playerctl("metadata", "xesam:url").output == uris[1])
    }

    /// Each queued track's `xesam:url`, through TrackList.GetTracksMetadata.
    static func trackListURLs(_ client: MPRISClient) async throws -> [String] {
        let paths = try await client.property(TrackListInterface.tracks).stringArrayValue ?? []
        let reply = try await client.call(TrackListInterface.getTracksMetadata, [.objectPaths(paths)])
        return (reply.first?.arrayValue ?? []).map { $0.stringDictionaryValue?["xesam:url"]?.stringValue ?? "" }
    }
}
