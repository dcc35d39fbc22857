// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTags
import RemoteBridgeTesting
import Testing

/// Chapters, compared with ffprobe's `-show_chapters` on files ffmpeg makes from an FFMETADATA
/// file's `[CHAPTER]` sections: MP4 (its QuickTime chapter track and Nero `chpl`), Matroska and
/// WebM, ID3v2.4 and 2.3 `CHAP` frames (in MP3 and in AIFF's ID3 chunk), and Opus's Vorbis
/// comments. ffmpeg 5.1 writes no chapters for Ogg Vorbis or FLAC: there the `CHAPTERxxx`
/// comments are given to it as tags, which it writes as they are and ffprobe reads as chapters.
@Suite("Chapters")
struct ChaptersTests: FormatTestSupport {
    /// The chapters every made file gets: starts in milliseconds, and titles not ASCII only.
    static let chapters: [(start: Int, title: String)] = [
        (0, "Intro ♫"), (250, "Zwëite Kapitel"), (1100, "第三章 — Mitte"), (2300, "Ünïcode Ende"),
    ]

    /// A container and codec ffmpeg writes chapters with.
    struct Maker: Sendable, CustomTestStringConvertible {
        var ext: String
        var codec: [String]
        var extra: [String] = []
        var sampleRate = 48000
        /// Whether the chapters go in as `CHAPTERxxx` tags (the muxer writes no chapters).
        var asComments = false
        var testDescription: String { "\(codec.last ?? "") in .\(ext) \(extra.joined(separator: " "))" }
    }

    static let makers = [
        Maker(ext: "m4b", codec: ["-c:a", "aac"]), Maker(ext: "m4a", codec: ["-c:a", "aac"]),
        Maker(ext: "mka", codec: ["-c:a", "libopus"]), Maker(ext: "webm", codec: ["-c:a", "libopus"]),
        Maker(ext: "mp3", codec: ["-c:a", "libmp3lame"], sampleRate: 44100),
        Maker(ext: "mp3", codec: ["-c:a", "libmp3lame"], extra: ["-id3v2_version", "3"], sampleRate: 44100),
        Maker(ext: "aiff", codec: ["-c:a", "pcm_s16be"], extra: ["-write_id3v2", "1"], sampleRate: 44100),
        Maker(ext: "opus", codec: ["-c:a", "libopus"]),
        Maker(ext: "ogg", codec: ["-c:a", "libvorbis"], sampleRate: 44100, asComments: true),
        Maker(ext: "flac", codec: ["-c:a", "flac"], sampleRate: 44100, asComments: true),
    ]

    @Test("each format's chapters agree with ffprobe's, start within 1 ms and title", arguments: makers)
    func format(_ maker: Maker) async throws {
        let path = try await Self.make(maker, Self.chapters)
        let ours = try #require(TagReader.read(path: path, chapters: true))
        let oracle = try await Self.ffprobeChapters(path)
        #expect(oracle.count == Self.chapters.count)
        #expect(Self.differences(ours.chapters, oracle) == [])
        #expect(ours.chapters.map(\.title) == Self.chapters.map(\.title))
        // The tags are those read without chapters; so is everything but the chapters.
        let without = try #require(TagReader.read(path: path))
        #expect(without.chapters == [])
        var same = ours
        same.chapters = []
        #expect(same == without)
    }

    @Test("MP4's chapter track is preferred to chpl, whose titles ffmpeg cuts at 255 bytes, as ffprobe prefers it")
    func chapterTrackFirst() async throws {
        let long = String(repeating: "Ä", count: 150)
        let path = try await Self.make(Maker(ext: "m4b", codec: ["-c:a", "aac"]), [(0, "Short"), (1000, long)])
        let ours = try #require(TagReader.read(path: path, chapters: true)).chapters
        #expect(ours.map(\.title) == ["Short", long])
        #expect(Self.differences(ours, try await Self.ffprobeChapters(path)) == [])
        // With the `chap` reference renamed, no chapter track is found: chpl is read, its second
        // title cut at 255 bytes, in the middle of an "Ä" that is left out, not half read.
        var bytes = try Self.bytes(path)
        let reference = try #require(Self.index(of: Array("chap".utf8), in: bytes))
        bytes.replaceSubrange(reference..<(reference + 4), with: Array("xxxx".utf8))
        let nero = try Self.write(bytes, ext: "m4b")
        let fromNero = try #require(TagReader.read(path: nero, chapters: true)).chapters
        #expect(fromNero.map(\.start) == [.zero, .seconds(1)])
        #expect(fromNero.last?.title == String(repeating: "Ä", count: 127))
        // ffprobe reads chpl then, and agrees on the starts.
        let oracle = try await Self.ffprobeChapters(nero)
        #expect(oracle.map(\.start) == [0, 1])
    }

    @Test("Opus: ffmpeg 5.1 writes a start of n.5 s or more a second late; ffprobe and we read what it wrote, in order")
    func opusRounding() async throws {
        let path = try await Self.make(Maker(ext: "opus", codec: ["-c:a", "libopus"]), [(0, "A"), (500, "B"), (1200, "C")])
        let ours = try #require(TagReader.read(path: path, chapters: true)).chapters
        // "CHAPTER001=00:00:01.500": ffmpeg rounds the seconds to the nearest before adding the
        // milliseconds. Its list is in the file's order; ours is sorted by start.
        #expect(ours.map(\.start) == [.zero, .milliseconds(1200), .milliseconds(1500)])
        #expect(ours.map(\.title) == ["A", "C", "B"])
        #expect(Self.differences(ours, try await Self.ffprobeChapters(path)) == [])
    }

    // MARK: Helpers

    /// Makes a 3-second tone with `chapters` in a new file of `maker`'s kind.
    static func make(_ maker: Maker, _ chapters: [(start: Int, title: String)]) async throws -> String {
        let path = TagOracle.folder.appendingPathComponent("\(UUID().uuidString).\(maker.ext)").path
        var arguments = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=\(maker.sampleRate):duration=3"]
        if maker.asComments {
            arguments += ["-map", "0:a"] + maker.codec
            for (index, chapter) in chapters.enumerated() {
                let name = String(format: "CHAPTER%03d", index)
                let time = String(format: "00:00:%02d.%03d", chapter.start / 1000, chapter.start % 1000)
                arguments += ["-metadata", "\(name)=\(time)", "-metadata", "\(name)NAME=\(chapter.title)"]
            }
        } else {
            var metadata = ";FFMETADATA1\ntitle=Chaptered\n"
            for (index, chapter) in chapters.enumerated() {
                let end = index + 1 < chapters.count ? chapters[index + 1].start : 3000
                metadata += "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=\(chapter.start)\nEND=\(end)\ntitle=\(chapter.title)\n"
            }
            let metadataPath = path + ".txt"
            try Data(metadata.utf8).write(to: URL(fileURLWithPath: metadataPath))
            arguments += ["-i", metadataPath, "-map", "0:a", "-map_metadata", "1", "-map_chapters", "1"] + maker.codec
        }
        try await TagOracle.ffmpeg(arguments + maker.extra + [path])
        return path
    }

    /// ffprobe's chapters of `path`, in its order: start in seconds, and title.
    static func ffprobeChapters(_ path: String) async throws -> [(start: Double, title: String?)] {
        let result = try await TagOracle.limited {
            try await ExternalProcess.run("ffprobe", ["-v", "error", "-show_chapters", "-of", "json", path])
        }
        guard result.status == 0 else { throw OracleError(description: "ffprobe \(path): \(result.standardError)") }
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return (object?["chapters"] as? [[String: Any]] ?? []).map { chapter in
            let start = (chapter["start_time"] as? String).flatMap(Double.init) ?? -1
            return (start, (chapter["tags"] as? [String: Any])?["title"] as? String)
        }
    }

    /// The differences between our chapters and ffprobe's, sorted by start as ours are: each
    /// start within 1 ms, each title equal. Empty when they agree.
    static func differences(_ ours: [AudioChapter], _ oracle: [(start: Double, title: String?)]) -> [String] {
        let theirs = oracle.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        guard ours.count == theirs.count else { return ["ours \(ours.count) chapters, the oracle's \(theirs.count)"] }
        var found: [String] = []
        for (mine, other) in zip(ours, theirs) where abs(seconds(mine.start) - other.start) > 0.001 || mine.title != other.title {
            found.append("ours \(seconds(mine.start)) \(mine.title ?? "none"), the oracle's \(other.start) \(other.title ?? "none")")
        }
        return found
    }
}
