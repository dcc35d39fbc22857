// SPDX-License-Identifier: Apache-2.0

/// The cover among an APE tag's binary "Cover Art (…)" items: "Cover Art (Front)" first, else
/// the first other one. Each value is a file name, a NUL, then the image; its MIME type comes
/// from the image's signature.
struct APECoverChoice {
    private(set) var chosen: EmbeddedPicture?

    /// Whether `key` names a cover: true for the front one, false for another, nil for none.
    static func isCover(_ key: String) -> Bool? {
        let lowered = key.lowercased()
        guard lowered.hasPrefix("cover art (") else { return nil }
        return lowered == "cover art (front)"
    }

    /// Whether a cover (front or not) is still worth reading.
    func wants(front: Bool) -> Bool {
        front ? chosen?.isFrontCover != true : chosen == nil
    }

    /// Takes the image in `value` if it is one and is wanted.
    mutating func offer(_ value: ArraySlice<UInt8>, front: Bool) {
        guard wants(front: front) else { return }
        var image = value
        if APEImageSignature.mimeType(of: value) == nil, let nul = value.firstIndex(of: 0) {
            image = value[(nul + 1)...]
        }
        guard let mimeType = APEImageSignature.mimeType(of: image) else { return }
        var found = EmbeddedPicture(bytes: Array(image), mimeType: mimeType)
        found.isFrontCover = front
        chosen = found
    }
}

/// The MIME type of an image, from its first bytes.
enum APEImageSignature {
    static func mimeType(of bytes: some Collection<UInt8>) -> String? {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if head.starts(with: Array("RIFF".utf8)), head.dropFirst(8).starts(with: Array("WEBP".utf8)) { return "image/webp" }
        if head.starts(with: Array("BM".utf8)) { return "image/bmp" }
        return nil
    }
}
