// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus
import RemoteBridgeMPRIS
import RemoteBridgeTesting
import Testing

/// A user's library of every common format, described before anything plays: remote-playerd
/// started on a folder holding one tagged file of each (made by ffmpeg's own encoders), nothing
/// played, every entry read over TrackList.GetTracksMetadata and the current one over Metadata.
@Suite("remote-playerd: every format of a library described before it plays", .serialized)
@MainActor
struct LibraryFormatsTests {
    /// A file of each format: its name in the folder, ffmpeg's arguments, and whether it has a cover.
    static let files: [(name: String, codec: [String], cover: Bool)] = [
        ("01 flac.flac", ["-c:a", "flac"], true),
        ("02 vorbis.ogg", ["-c:a", "libvorbis"], false),
        ("03 opus.opus", ["-c:a", "libopus"], false),
        ("04 cbr.mp3", ["-c:a", "libmp3lame", "-b:a", "128k", "-id3v2_version", "4"], true),
        ("05 vbr.mp3", ["-c:a", "libmp3lame", "-q:a", "4", "-id3v2_version", "3"], false),
        ("06 v1.mp3", ["-c:a", "libmp3lame", "-b:a", "128k", "-id3v2_version", "0"], false),
        ("07 aac.m4a", ["-c:a", "aac"], true),
        ("08 alac.m4a", ["-c:a", "alac"], false),
        ("09 pcm.wav", ["-c:a", "pcm_s16le"], false),
        ("10 pcm.aiff", ["-c:a", "pcm_s16be", "-write_id3v2", "1"], false),
        ("11 wavpack.wv", ["-c:a", "wavpack"], false),
        ("12 wma.wma", ["-c:a", "wmav2"], false),
        ("13 vorbis.mka", ["-c:a", "libvorbis"], false),
    ]

    /// Makes the folder: each file 3 s long, tagged with its own title, and a macOS `._` file.
    static func makeLibrary(in folder: URL) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cover = folder.appendingPathComponent(".cover.png").path
        _ = try await ExternalProcess.run("ffmpeg", ["-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1", cover])
        for file in files {
            var arguments = ["-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=3"]
            if file.cover { arguments += ["-i", cover, "-map", "0:a", "-map", "1:v", "-c:v", "copy", "-disposition:v", "attached_pic"] }
            // ID3v1 holds title, artist, album, year and track (v1.1) only, in Latin-1.
            arguments += ["-ac", "2"] + file.codec + [
                "-metadata", "title=\(file.name)", "-metadata", "artist=Artist", "-metadata", "album=Album", "-metadata", "track=3",
                "-metadata", "date=2024",
            ]
            let result = try await ExternalProcess.run("ffmpeg", arguments + [folder.appendingPathComponent(file.name).path])
            try #require(result.status == 0, "ffmpeg for \(file.name): \(result.standardError)")
        }
        // An ID3v1.1 tag, as old rippers wrote it (ffmpeg 5.1's own writes only a comment).
        let v1 = folder.appendingPathComponent("06 v1.mp3")
        func field(_ text: String, _ width: Int) -> [UInt8] { Array(Array(text.utf8).prefix(width)) + Array(repeating: 0, count: max(0, width - text.utf8.count)) }
        let tag = Array("TAG".utf8) + field("06 v1.mp3", 30) + field("Artist", 30) + field("Album", 30) + field("2024", 4) + field("", 28) + [0, 3, 255]
        let handle = try FileHandle(forWritingTo: v1)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(tag))
        try handle.close()
        // Resource data macOS leaves beside a file on a shared drive: not audio, and hidden.
        try Data([0, 5, 22, 7, 0, 2, 0, 0]).write(to: folder.appendingPathComponent("._04 cbr.mp3"))
    }

    @Test("13 files of 12 formats, nothing played: each entry's title, artist, album, track number, date and length (within 1 %), the current one's too, and its art; the ._ file is not queued")
    func everyFormat() async throws {
        let bed = try await DaemonTestBed(tones: 1, seconds: 1)
        defer { bed.stop() }
        let folder = bed.media.directory.appendingPathComponent("library")
        try await Self.makeLibrary(in: folder)
        let daemon = try await bed.startPlayer(["--no-state", folder.path])
        defer { daemon.send(SIGKILL) }
        let client = MPRISClient(connection: bed.connection, busName: "org.mpris.MediaPlayer2.remotebridge")
        let paths = try await client.property(TrackListInterface.tracks).stringArrayValue ?? []
        #expect(paths.count == Self.files.count, "the ._ file is left out")
        let changed = try await SignalRecorder.start(
            on: bed.connection, MatchRule(signal: TrackListInterface.trackMetadataChanged, path: MPRISNames.objectPath))
        func metadata() async throws -> [[String: DBusValue]] {
            let reply = try await client.call(TrackListInterface.getTracksMetadata, [.objectPaths(paths)])
            return (reply.first?.arrayValue ?? []).map { $0.stringDictionaryValue ?? [:] }
        }
        // The first call asks for the reads; the tags arrive as TrackMetadataChanged, and the
        // entries are read again at each until every one has its tagged title.
        var entries = try await metadata()
        _ = try await changed.until(limit: .seconds(20), asking: {
            entries = try await metadata()
            return entries.allSatisfy { $0["xesam:title"]?.stringValue?.contains(".") == true }
        })
        for (file, fields) in zip(Self.files, entries) {
            #expect(fields["xesam:title"]?.stringValue == file.name, "\(file.name): \(fields)")
            #expect(fields["xesam:artist"]?.stringArrayValue == ["Artist"], "\(file.name)")
            #expect(fields["xesam:album"]?.stringValue == "Album", "\(file.name)")
            #expect(fields["xesam:trackNumber"]?.int64Value == 3, "\(file.name)")
            #expect(fields["xesam:contentCreated"]?.stringValue == "2024", "\(file.name)")
            let length = Double(fields["mpris:length"]?.int64Value ?? 0) / 1e6
            #expect(abs(length - 3) < 0.03 + (file.name.hasSuffix(".mp3") ? 0.03 : 0), "\(file.name): length \(length) s")
        }
        // The current entry (the first, with a cover) as a shell's media widget reads it.
        let current = try await client.metadata()
        #expect(current["xesam:title"]?.stringValue == Self.files[0].name)
        #expect(current["mpris:length"]?.int64Value == 3_000_000)
        #expect(current["mpris:artUrl"]?.stringValue?.hasPrefix("file://") == true, "the embedded cover, extracted: \(current)")
    }
}
