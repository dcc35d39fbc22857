// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeTags
import RemoteBridgeTesting

/// What a well-kept library says a file holds, in `TagKey` names: the oracle the readers are
/// compared with (Mutagen, and ffprobe where Mutagen reads nothing: RIFF INFO, Matroska).
struct OracleReading: Sendable {
    var fields: [TagKey: [String]] = [:]
    /// Seconds.
    var length: Double?
    var pictureType: String?
    var pictureSize: Int?
}

/// Files made with ffmpeg, and the oracle's reading of them.
enum TagOracle {
    /// The oracle's programs running at once, at most: the readers' tests start a hundred files
    /// at a time, and every other suite runs beside them (timing tests of the daemons among them).
    static let gate = ProcessGate(limit: 2)

    /// Runs `body` (an outside program) once the gate lets it.
    static func limited<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        await gate.enter()
        do {
            let result = try await body()
            await gate.leave()
            return result
        } catch {
            await gate.leave()
            throw error
        }
    }

    /// The tags every made file gets, by ffmpeg's names. Not ASCII only: Latin-1 and beyond.
    static let standardTags: [String: String] = [
        "title": "Tëst Títle ♫", "artist": "Artist Øne", "album": "Thé Album", "album_artist": "Album Ärtist",
        "composer": "Cömposer", "genre": "Jazz", "track": "3/12", "disc": "1/2", "date": "2024", "comment": "A cömment",
    ]

    /// A folder for this run's files, removed at exit.
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("remotebridge-tags-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TagOracle.folder) }
        return url
    }()

    /// A 16×16 PNG, made once.
    static func coverPNG() async throws -> String {
        let path = folder.appendingPathComponent("cover.png").path
        if FileManager.default.fileExists(atPath: path) { return path }
        // Tests run at once: each renders its own, and the first to move it into place wins.
        let own = path + ".\(UUID().uuidString).png"
        try await ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1", own])
        if (try? FileManager.default.moveItem(atPath: own, toPath: path)) == nil { try? FileManager.default.removeItem(atPath: own) }
        return path
    }

    /// Makes a tone of `seconds` at a new path ending in `.ext`, encoded with `codec` (ffmpeg's
    /// arguments, such as `["-c:a", "libmp3lame"]`), tagged with `tags` (ffmpeg's `-metadata`
    /// names), and with a cover attached if `cover` (formats whose muxer takes one: MP3, M4A,
    /// FLAC, Matroska). `extra` goes before the output path (`-id3v2_version 3`, `-f ipod`).
    static func make(
        _ ext: String, _ codec: [String], tags: [String: String] = standardTags, cover: Bool = false, seconds: Double = 3,
        sampleRate: Int = 44100, channels: Int = 2, extra: [String] = []
    ) async throws -> String {
        let path = folder.appendingPathComponent("\(UUID().uuidString).\(ext)").path
        var arguments = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=\(sampleRate):duration=\(seconds)"]
        if cover { arguments += ["-i", try await coverPNG()] }
        arguments += ["-map", "0:a"]
        if cover { arguments += ["-map", "1:v", "-c:v", "copy", "-disposition:v", "attached_pic"] }
        arguments += ["-ac", String(channels)] + codec
        for (name, value) in tags.sorted(by: { $0.key < $1.key }) { arguments += ["-metadata", "\(name)=\(value)"] }
        try await ffmpeg(arguments + extra + [path])
        return path
    }

    /// Runs ffmpeg quietly; throws with its error output if it fails.
    static func ffmpeg(_ arguments: [String]) async throws {
        let result = try await limited { try await ExternalProcess.run("ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + arguments) }
        guard result.status == 0 else { throw OracleError(description: "ffmpeg \(arguments.joined(separator: " ")): \(result.standardError)") }
    }

    /// Runs Debian's python3 (the one python3-mutagen is installed for; a pyenv on PATH has none) with `script` (which may `import mutagen`) and `arguments`; its output.
    static func python(_ script: String, _ arguments: [String] = []) async throws -> String {
        let result = try await limited { try await ExternalProcess.run("/usr/bin/python3", ["-c", script] + arguments) }
        guard result.status == 0 else { throw OracleError(description: "python3: \(result.standardError)") }
        return result.standardOutput
    }

    /// Mutagen's reading of `path`.
    static func mutagen(_ path: String) async throws -> OracleReading {
        try decode(try await python(mutagenScript, [path]))
    }

    /// ffprobe's reading of `path`: the container's tags, and its duration.
    static func ffprobe(_ path: String) async throws -> OracleReading {
        let result = try await limited {
            try await ExternalProcess.run("ffprobe", ["-v", "error", "-show_entries", "format=duration:format_tags:stream_tags", "-of", "json", path])
        }
        guard result.status == 0 else { throw OracleError(description: "ffprobe \(path): \(result.standardError)") }
        return try decode(try await python(ffprobeScript, [result.standardOutput]))
    }

    /// The differences between `ours` and the oracle's reading: each field of `keys` (values
    /// compared as lists, in order), and the length within `lengthTolerance` (a fraction). Empty
    /// when they agree.
    static func differences(
        _ ours: AudioTags, _ oracle: OracleReading, keys: [TagKey] = TagKey.allCases, lengthTolerance: Double = 0.01, picture: Bool = false
    ) -> [String] {
        var found: [String] = []
        for key in keys where ours.values(key) != (oracle.fields[key] ?? []) {
            found.append("\(key.rawValue): ours \(ours.values(key)), the oracle's \(oracle.fields[key] ?? [])")
        }
        let length = ours.length.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }
        switch (length, oracle.length) {
        case (nil, nil): break
        case (let ours?, let theirs?) where abs(ours - theirs) <= theirs * lengthTolerance: break
        default: found.append("length: ours \(length.map { "\($0)" } ?? "none"), the oracle's \(oracle.length.map { "\($0)" } ?? "none")")
        }
        if picture, ours.picture?.bytes.count != oracle.pictureSize || ours.picture?.mimeType != oracle.pictureType {
            found.append("picture: ours \(ours.picture.map { "\($0.mimeType), \($0.bytes.count) bytes" } ?? "none"), the oracle's \(oracle.pictureType ?? "none"), \(oracle.pictureSize ?? 0) bytes")
        }
        return found
    }

    private static func decode(_ json: String) throws -> OracleReading {
        guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw OracleError(description: "not a JSON object: \(json)")
        }
        var reading = OracleReading()
        for (name, values) in object["fields"] as? [String: [String]] ?? [:] {
            guard let key = TagKey(rawValue: name) else { continue }
            reading.fields[key] = values
        }
        reading.length = object["length"] as? Double
        reading.pictureType = object["picture_type"] as? String
        reading.pictureSize = object["picture_size"] as? Int
        return reading
    }

    /// Maps each format's own names to TagKey names, as the readers are meant to.
    private static let mutagenScript = #"""
import json, sys, mutagen
from mutagen.id3 import ID3, ID3FileType
from mutagen.mp4 import MP4
from mutagen.asf import ASF
from mutagen.apev2 import APEv2File
COMMON = {"title": "title", "artist": "artist", "album": "album", "albumartist": "album_artist", "album artist": "album_artist",
          "album_artist": "album_artist", "composer": "composer", "genre": "genre", "tracknumber": "track", "track": "track",
          "discnumber": "disc", "disc": "disc", "date": "date", "year": "date", "comment": "comment", "description": "comment",
          "replaygain_track_gain": "replaygain_track_gain", "replaygain_track_peak": "replaygain_track_peak",
          "replaygain_album_gain": "replaygain_album_gain", "replaygain_album_peak": "replaygain_album_peak",
          "r128_track_gain": "r128_track_gain", "r128_album_gain": "r128_album_gain"}
ID3_FRAMES = {"TIT2": "title", "TPE1": "artist", "TALB": "album", "TPE2": "album_artist", "TCOM": "composer", "TCON": "genre",
              "TRCK": "track", "TPOS": "disc", "TDRC": "date"}
MP4_ATOMS = {"\xa9nam": "title", "\xa9ART": "artist", "\xa9alb": "album", "aART": "album_artist", "\xa9wrt": "composer",
             "\xa9gen": "genre", "\xa9day": "date", "\xa9cmt": "comment"}
ASF_NAMES = {"title": "title", "author": "artist", "wm/albumtitle": "album", "wm/albumartist": "album_artist",
             "wm/composer": "composer", "wm/genre": "genre", "wm/tracknumber": "track", "wm/partofset": "disc",
             "wm/year": "date", "description": "comment"}
out = {"fields": {}}
def add(key, value):
    # Empty values are left out, and a value given twice for one key counts once.
    value = str(value).strip("\x00 ")
    if key and value and value not in out["fields"].get(key, []):
        out["fields"].setdefault(key, []).append(value)
f = mutagen.File(sys.argv[1])
if f is None:
    print(json.dumps(out)); sys.exit(0)
out["length"] = getattr(f.info, "length", None) or None
tags = f.tags
pictures = []
if isinstance(tags, ID3):
    for frame_id, key in ID3_FRAMES.items():
        for frame in tags.getall(frame_id):
            if frame_id == "TCON":
                for genre in frame.genres: add(key, genre)
            else:
                for text in frame.text: add(key, text)
    for frame in tags.getall("COMM"):
        if frame.desc == "":
            for text in frame.text: add("comment", text)
            break
    # A user-defined text frame named as a common tag (ffmpeg writes the comment so) gives that
    # tag, unless a standard frame gave it.
    given = set(out["fields"])
    for frame in tags.getall("TXXX"):
        key = COMMON.get(frame.desc.lower())
        if key and key not in given:
            for text in frame.text: add(key, text)
    pictures = [(p.mime, len(p.data), p.type) for p in tags.getall("APIC")]
elif isinstance(f, MP4):
    for atom, key in MP4_ATOMS.items():
        for value in (tags or {}).get(atom, []): add(key, value)
    for atom, key in (("trkn", "track"), ("disk", "disc")):
        for number, total in (tags or {}).get(atom, []):
            if number: add(key, f"{number}/{total}" if total else f"{number}")
    for name, values in (tags or {}).items():
        if name.startswith("----:"):
            key = COMMON.get(name.split(":")[-1].lower())
            if key and key.startswith(("replaygain", "r128")):
                for value in values: add(key, bytes(value).decode("utf-8", "replace"))
    pictures = [("image/png" if c.imageformat == 14 else "image/jpeg", len(c), 3) for c in (tags or {}).get("covr", [])]
elif isinstance(f, ASF):
    for name, values in (tags or {}).items():
        key = ASF_NAMES.get(name.lower()) or COMMON.get(name.lower())
        for value in values:
            if name == "WM/Picture": continue
            add(key, value.value if hasattr(value, "value") else value)
    for value in (tags or {}).get("WM/Picture", []):
        data = value.value
        # WM/Picture: type (1), size (4), MIME (UTF-16 NUL-ended), description (same), data
        import struct
        size = struct.unpack_from("<I", data, 1)[0]
        i = 5; j = data.index(b"\x00\x00", i)
        while (j - i) % 2: j = data.index(b"\x00\x00", j + 1)
        mime = data[i:j].decode("utf-16-le"); k = j + 2
        l = data.index(b"\x00\x00", k)
        while (l - k) % 2: l = data.index(b"\x00\x00", l + 1)
        pictures.append((mime, size, data[0]))
elif tags is not None:
    for name, values in tags.items() if hasattr(tags, "items") else []:
        key = COMMON.get(name.lower())
        if not isinstance(values, list): values = [values]
        for value in values:
            text = str(value)
            add(key, text)
    if hasattr(f, "pictures") and f.pictures:
        pictures = [(p.mime, len(p.data), p.type) for p in f.pictures]
    elif tags is not None and "metadata_block_picture" in {k.lower() for k in tags.keys()}:
        import base64
        from mutagen.flac import Picture
        for value in tags.get("METADATA_BLOCK_PICTURE", []) or tags.get("metadata_block_picture", []):
            p = Picture(base64.b64decode(value)); pictures.append((p.mime, len(p.data), p.type))
if pictures:
    front = [p for p in pictures if p[2] == 3] or pictures
    out["picture_type"] = front[0][0] if front[0][0] != "image/jpg" else "image/jpeg"
    out["picture_size"] = front[0][1]
print(json.dumps(out))
"""#

    private static let ffprobeScript = #"""
import json, sys
COMMON = {"title": "title", "artist": "artist", "album": "album", "album_artist": "album_artist", "albumartist": "album_artist",
          "composer": "composer", "genre": "genre", "track": "track", "tracknumber": "track", "disc": "disc", "discnumber": "disc",
          "date": "date", "year": "date", "comment": "comment", "description": "comment", "icmt": "comment",
          "inam": "title", "iart": "artist", "iprd": "album", "ignr": "genre", "icrd": "date", "iprt": "track", "itrk": "track",
          "replaygain_track_gain": "replaygain_track_gain", "replaygain_track_peak": "replaygain_track_peak",
          "replaygain_album_gain": "replaygain_album_gain", "replaygain_album_peak": "replaygain_album_peak"}
probe = json.loads(sys.argv[1])
out = {"fields": {}}
fmt = probe.get("format", {})
tags = dict(fmt.get("tags", {}))
for stream in probe.get("streams", []):
    for name, value in stream.get("tags", {}).items():
        tags.setdefault(name, value)
for name, value in tags.items():
    key = COMMON.get(name.lower())
    value = str(value).strip("\x00 ")
    if key and value and value not in out["fields"].get(key, []):
        out["fields"].setdefault(key, []).append(value)
if "duration" in fmt:
    out["length"] = float(fmt["duration"])
print(json.dumps(out))
"""#
}

/// Lets `limit` callers through at once; the others wait in order.
actor ProcessGate {
    let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = limit }

    func enter() async {
        guard running >= limit else {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

struct OracleError: Error, CustomStringConvertible {
    let description: String
}
