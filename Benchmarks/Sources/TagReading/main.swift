// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTags
import RemoteBridgeTesting

// The tag readers beside Mutagen (python3-mutagen, Debian's), in the same run, on the same files:
//
//   files     TAG_FILES (10 000) files of twelve kinds, each made once with ffmpeg (1 s of a tone,
//             tagged: title, artist, album, album artist, composer, genre, track, disc, date,
//             comment; a 16×16 cover in FLAC, MP3 and M4A) and copied under new names: FLAC,
//             MP3 CBR and VBR, Ogg Vorbis, Opus, M4A AAC and ALAC, WAV, AIFF, WavPack, WMA, MKA
//   warm      every file read once first, so both read from the page cache
//   ours      TagReader.read on each file, in this process, one thread, as the queue reads
//             entries (tags and length, no picture), TAG_ROUNDS (3) passes, the median one; the
//             bytes each file had read (TagFile)
//   Mutagen   mutagen.File on each file and its length and tags touched, timed inside Python
//             (the interpreter's start is not counted); one process, one thread
//
// The goal: at least 10× Mutagen's files a second, and at most 64 KiB read per file beyond its
// tag and picture blocks (those are under 1 KiB here, the covers being skipped).

let count = Int(ProcessInfo.processInfo.environment["TAG_FILES"] ?? "") ?? 10_000
let kinds: [(name: String, ext: String, codec: [String], cover: Bool, extra: [String])] = [
    ("FLAC", "flac", ["-c:a", "flac"], true, []),
    ("MP3 CBR", "mp3", ["-c:a", "libmp3lame", "-b:a", "128k"], true, []),
    ("MP3 VBR", "mp3", ["-c:a", "libmp3lame", "-q:a", "4"], false, []),
    ("Ogg Vorbis", "ogg", ["-c:a", "libvorbis"], false, []),
    ("Opus", "opus", ["-c:a", "libopus"], false, []),
    ("M4A AAC", "m4a", ["-c:a", "aac"], true, []),
    ("M4A ALAC", "m4a", ["-c:a", "alac"], false, []),
    ("WAV", "wav", ["-c:a", "pcm_s16le"], false, []),
    ("AIFF", "aiff", ["-c:a", "pcm_s16be"], false, ["-write_id3v2", "1"]),
    ("WavPack", "wv", ["-c:a", "wavpack"], false, []),
    ("WMA", "wma", ["-c:a", "wmav2"], false, []),
    ("MKA", "mka", ["-c:a", "libvorbis"], false, []),
]
let tags = [
    "title": "Tëst Títle", "artist": "Artist Øne", "album": "Thé Album", "album_artist": "Album Ärtist", "composer": "Cömposer",
    "genre": "Jazz", "track": "3/12", "disc": "1/2", "date": "2024", "comment": "A cömment",
]

func run(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : "/usr/bin/" + tool)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(tool) \(arguments) failed"]) }
    return String(decoding: data, as: UTF8.self)
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-tag-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let cover = folder.appendingPathComponent("cover.png").path
_ = try run("ffmpeg", ["-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1", cover])

// One file of each kind, then copies under new names, kinds interleaved.
var originals: [String] = []
for (index, kind) in kinds.enumerated() {
    let path = folder.appendingPathComponent("original-\(index).\(kind.ext)").path
    var arguments = ["-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=1"]
    if kind.cover { arguments += ["-i", cover, "-map", "0:a", "-map", "1:v", "-c:v", "copy", "-disposition:v", "attached_pic"] }
    arguments += ["-ac", "2"] + kind.codec
    for (name, value) in tags.sorted(by: { $0.key < $1.key }) { arguments += ["-metadata", "\(name)=\(value)"] }
    _ = try run("ffmpeg", arguments + kind.extra + [path])
    originals.append(path)
}
var files: [(kind: Int, path: String)] = []
for number in 0..<count {
    let kind = number % kinds.count
    let path = folder.appendingPathComponent(String(format: "%05d.%@", number, kinds[kind].ext)).path
    try FileManager.default.copyItem(atPath: originals[kind], toPath: path)
    files.append((kind, path))
}
let list = folder.appendingPathComponent("files.txt").path
try files.map(\.path).joined(separator: "\n").write(toFile: list, atomically: true, encoding: .utf8)
// Warm: every file read once.
for file in files { _ = FileManager.default.contents(atPath: file.path) }

// Ours.
var described = [Int](repeating: 0, count: kinds.count)
var withLength = [Int](repeating: 0, count: kinds.count)
var bytes = [[Int]](repeating: [], count: kinds.count)
var spent = [Duration](repeating: .zero, count: kinds.count)
// TAG_ROUNDS passes (3); the median pass is reported, and the last one's counts.
let rounds = max(1, Int(ProcessInfo.processInfo.environment["TAG_ROUNDS"] ?? "") ?? 3)
var passes: [Duration] = []
for round in 0..<rounds {
    let last = round == rounds - 1
    let start = ContinuousClock.now
    for file in files {
        let began = ContinuousClock.now
        guard let source = TagFile(regularFileAt: file.path) else { continue }
        let found = TagReader.read(source)
        guard last else { continue }
        if let found {
            if !found.values(.title).isEmpty { described[file.kind] += 1 }
            if found.length != nil { withLength[file.kind] += 1 }
        }
        spent[file.kind] += ContinuousClock.now - began
        bytes[file.kind].append(source.bytesRead)
    }
    passes.append(ContinuousClock.now - start)
}
let ours = passes.sorted()[passes.count / 2]
let oursSeconds = Double(ours.components.seconds) + Double(ours.components.attoseconds) / 1e18

// Mutagen, timed inside Python.
let script = """
import sys, time, mutagen
paths = open(sys.argv[1]).read().split("\\n")
start = time.perf_counter()
for path in paths:
    f = mutagen.File(path)
    if f is not None:
        f.info.length
        dict(f.tags or {})
print(time.perf_counter() - start)
"""
let mutagenSeconds = Double(try run("/usr/bin/python3", ["-c", script, list]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan

print("Tag reading, \(count) files, warm cache, one thread each:")
print("")
print("| reader | files/s | time |")
print("|---|---:|---:|")
print(String(format: "| TagReader | %.0f | %.3f s |", Double(count) / oursSeconds, oursSeconds))
print(String(format: "| Mutagen 1.46 | %.0f | %.3f s |", Double(count) / mutagenSeconds, mutagenSeconds))
print(String(format: "| ratio | %.1f× (goal ≥ 10×) | |", mutagenSeconds / oursSeconds))
print("")
print("| kind | files | title read | length read | µs a file | bytes read per file: mean | max | file size |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
var over = 0
for (index, kind) in kinds.enumerated() {
    let read = bytes[index]
    let size = (try? FileManager.default.attributesOfItem(atPath: originals[index])[.size] as? Int) ?? 0
    over += read.filter { $0 > 64 * 1024 + 1024 }.count
    let micros = read.isEmpty ? 0 : Double(spent[index].components.attoseconds / 1_000_000_000_000 + spent[index].components.seconds * 1_000_000) / Double(read.count)
    print("| \(kind.name) | \(read.count) | \(described[index]) | \(withLength[index]) | \(String(format: "%.1f", micros)) | \(read.isEmpty ? 0 : read.reduce(0, +) / read.count) | \(read.max() ?? 0) | \(size) |")
}
print("")
print("Files that had more than 64 KiB read beyond their tag blocks (under 1 KiB here): \(over) (goal 0)")
