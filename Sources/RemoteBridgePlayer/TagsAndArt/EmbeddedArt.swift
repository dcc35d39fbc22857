// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import RemoteBridgeTags

/// Extracts cover art embedded in a local file (`TagReader`: a FLAC PICTURE block, an ID3v2
/// APIC frame, an MP4 `covr` atom, an Ogg `METADATA_BLOCK_PICTURE`, an APEv2 cover, ASF's
/// WM/Picture, a Matroska attachment) to a cache file, named by a hash of the file's path, size
/// and modification time.
///
/// Only regular files are opened (a FIFO or a device would block, or never end), and only the
/// tag blocks are read (`ByteSourceLimits.largestRead` each at most): never the audio, and never
/// the whole file. It blocks on disk I/O, so callers run it off the main actor.
package enum EmbeddedArt {
    /// The file:// URI of the extracted art, or nil if there is none (or no cache directory).
    /// The cache is then trimmed to `limit` bytes, least recently used first.
    static func extract(from url: String, into cache: URL?, limit: Int) -> String? {
        guard let cache, let path = FolderArt.localPath(url), let file = TagFile(regularFileAt: path) else { return nil }
        // The name does not depend on the picture: one extracted before is used without reading it again.
        let key = String("\(path)|\(file.size)|\(file.modified)".stableHash, radix: 16)
        for ext in ["png", "jpg"] {
            let cached = cache.appendingPathComponent("\(key).\(ext)")
            if FileManager.default.fileExists(atPath: cached.path) {
                ArtCache.markUsed(cached.path)
                return cached.absoluteString
            }
        }
        guard let picture = TagReader.read(file, picture: true)?.picture else { return nil }
        let destination = cache.appendingPathComponent("\(key).\(picture.mimeType == "image/png" ? "png" : "jpg")")
        try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        guard (try? Data(picture.bytes).write(to: destination, options: .atomic)) != nil else { return nil }
        ArtCache.trim(cache.path, to: limit)
        return destination.absoluteString
    }
}

extension String {
    /// FNV-1a, stable across runs (Swift's `hashValue` is seeded per process).
    var stableHash: UInt64 {
        utf8.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }
}
