// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A folder of short, tagged FLAC tones made with sox, plus cover art and a broken file.
public struct TestMedia: Sendable {
    /// The folder.
    public let directory: URL
    /// The tones, in order: "Tone 1" … "Tone N", artist "Test Artist", album "Test Album".
    public let tones: [URL]
    /// A file named .flac that is not audio.
    public let broken: URL
    /// cover.jpg next to the tones (its bytes are not a real picture; only its path matters).
    public let cover: URL

    /// The sample rate of the tones unless a test asks for another: small files, quick to make.
    public static let defaultSampleRate = 8000

    /// Makes `count` tones of `seconds` each (the last `lastSeconds`, if given), at `sampleRate` Hz.
    /// mpv's position moves in steps of FLAC blocks of decoded samples, which at 8 kHz last 0.512 s
    /// or more; a test that compares positions finely asks for 48 kHz.
    public static func make(count: Int = 3, seconds: Int = 30, lastSeconds: Int? = nil, sampleRate: Int = defaultSampleRate) async throws -> TestMedia {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var tones: [URL] = []
        for index in 1...count {
            let file = directory.appendingPathComponent(String(format: "%02d tone.flac", index))
            try await tone(
                at: file, seconds: index == count ? lastSeconds ?? seconds : seconds, sampleRate: sampleRate, frequency: 220 * index,
                tags: ["TITLE=Tone \(index)", "ARTIST=Test Artist", "ALBUM=Test Album", "TRACKNUMBER=\(index)", "GENRE=Test"])
            tones.append(file)
        }
        let broken = directory.appendingPathComponent("99 broken.flac")
        try Data("this is not a FLAC file".utf8).write(to: broken)
        let cover = directory.appendingPathComponent("cover.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: cover)
        return TestMedia(directory: directory, tones: tones, broken: broken, cover: cover)
    }

    /// Makes one FLAC tone at `file`, with `tags` as its Vorbis comments ("TITLE=…"), none if empty.
    public static func tone(
        at file: URL, seconds: Int = 30, sampleRate: Int = defaultSampleRate, frequency: Int = 440, tags: [String]
    ) async throws {
        let comments = tags.isEmpty ? ["--comment", ""] : tags.enumerated().flatMap { [$0.offset == 0 ? "--comment" : "--add-comment", $0.element] }
        let result = try await ExternalProcess.run(
            "sox", ["-n", "-r", String(sampleRate), "-c", "1"] + comments + [file.path, "synth", String(seconds), "sine", String(frequency)])
        guard result.status == 0 else { throw TestSupportError(description: "sox failed: \(result.standardError)") }
    }

    /// Removes the folder.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// An error with a description, for test support failures.
struct TestSupportError: Error, CustomStringConvertible {
    let description: String
}
