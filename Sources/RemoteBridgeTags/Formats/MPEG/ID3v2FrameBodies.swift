// SPDX-License-Identifier: Apache-2.0

/// The bodies of the ID3v2 frames read: text frames, comments, user text frames and pictures
/// (ID3v2.4 frames sections 4.2, 4.10, 4.14; ID3v2.3 and ID3v2.2 section 4 alike).
enum ID3v2FrameBodies {
    /// The most values taken from one frame; a hostile list of thousands of NULs stops here.
    static let mostValues = 256

    /// The values of a text frame: an encoding byte, then values separated by NULs. Nil for an
    /// encoding past 3, a frame Mutagen drops too.
    static func text(_ body: ArraySlice<UInt8>, major: UInt8) -> [String]? {
        var cursor = ByteCursor(body)
        guard let encoding = cursor.u8(), encoding <= 3 else { return nil }
        return values(cursor.rest, encoding: encoding, major: major)
    }

    /// A comment (COMM, or COM in ID3v2.2): its language, description and text values.
    static func comment(_ body: ArraySlice<UInt8>, major: UInt8) -> (language: ArraySlice<UInt8>, description: String, values: [String])? {
        var cursor = ByteCursor(body)
        guard let encoding = cursor.u8(), encoding <= 3, let language = cursor.bytes(3) else { return nil }
        let (description, rest) = terminated(cursor.rest, encoding: encoding, major: major)
        return (language, description, values(rest, encoding: encoding, major: major))
    }

    /// A user-defined text frame (TXXX, or TXX in ID3v2.2): its description and values.
    static func userText(_ body: ArraySlice<UInt8>, major: UInt8) -> (description: String, values: [String])? {
        var cursor = ByteCursor(body)
        guard let encoding = cursor.u8(), encoding <= 3 else { return nil }
        let (description, rest) = terminated(cursor.rest, encoding: encoding, major: major)
        return (description, values(rest, encoding: encoding, major: major))
    }

    /// An attached picture: APIC names its MIME type in Latin-1 up to a NUL; ID3v2.2's PIC has
    /// three letters ("PNG", "JPG") instead. Then the picture type (3 is the front cover), a
    /// description, and the image to the end of the frame.
    static func picture(_ body: ArraySlice<UInt8>, major: UInt8) -> EmbeddedPicture? {
        var cursor = ByteCursor(body)
        guard let encoding = cursor.u8(), encoding <= 3 else { return nil }
        let mimeType: String
        if major == 2 {
            guard let format = cursor.bytes(3) else { return nil }
            switch TagText.latin1(format).uppercased() {
            case "PNG": mimeType = "image/png"
            case "JPG": mimeType = "image/jpeg"
            default: mimeType = TagText.latin1(format)
            }
        } else {
            let mime = cursor.rest.prefix { $0 != 0 }
            _ = cursor.skip(min(mime.count + 1, cursor.remaining))
            mimeType = TagText.latin1(mime)
        }
        guard let type = cursor.u8() else { return nil }
        let image = terminated(cursor.rest, encoding: encoding, major: 4).rest
        guard !image.isEmpty else { return nil }
        var picture = EmbeddedPicture(bytes: Array(image), mimeType: mimeType)
        picture.isFrontCover = type == 3
        return picture
    }

    /// The NUL-separated values in `bytes`. Every version is read as a list, as Mutagen reads
    /// it, but before ID3v2.4 (which brought lists) a rest of only NULs is padding, not more
    /// values (mutagen issue 276).
    static func values(_ bytes: ArraySlice<UInt8>, encoding: UInt8, major: UInt8) -> [String] {
        var found: [String] = []
        var rest = bytes
        // Where the NULs that end the bytes begin, found once: `terminated` would look at the
        // whole rest again after each value (a frame of NULs ending in a letter, quadratic).
        let padding = major < 4 ? (bytes.lastIndex(where: { $0 != 0 }).map { $0 + 1 } ?? bytes.startIndex) : bytes.endIndex
        while !rest.isEmpty, found.count < mostValues {
            let (value, after) = terminated(rest, encoding: encoding, major: 4)
            found.append(value)
            rest = after.startIndex >= padding ? after.suffix(0) : after
        }
        return found
    }

    /// The text up to the first NUL of `encoding` (one byte, or two at an even offset in
    /// UTF-16), and what follows it (nothing if no NUL ends it, or if before ID3v2.4 only NULs
    /// do).
    static func terminated(_ bytes: ArraySlice<UInt8>, encoding: UInt8, major: UInt8) -> (text: String, rest: ArraySlice<UInt8>) {
        let wide = encoding == 1 || encoding == 2
        var end = bytes.endIndex
        var after = bytes.endIndex
        if wide {
            var index = bytes.startIndex
            while index + 1 < bytes.endIndex {
                if bytes[index] == 0, bytes[index + 1] == 0 {
                    (end, after) = (index, index + 2)
                    break
                }
                index += 2
            }
        } else if let nul = bytes.firstIndex(of: 0) {
            (end, after) = (nul, nul + 1)
        }
        var rest = bytes[after...]
        if major < 4, rest.allSatisfy({ $0 == 0 }) { rest = rest.suffix(0) }
        return (decode(bytes[..<end], encoding: encoding), rest)
    }

    /// Text in one of ID3v2's encodings: 0 Latin-1, 1 UTF-16 with a byte-order mark (little
    /// endian without one, as Mutagen falls back to), 2 UTF-16 big endian, 3 UTF-8.
    static func decode(_ bytes: ArraySlice<UInt8>, encoding: UInt8) -> String {
        switch encoding {
        case 0: TagText.latin1(bytes)
        case 1: TagText.utf16(bytes, bigEndian: false)
        case 2: TagText.utf16(bytes, bigEndian: true)
        default: TagText.utf8(bytes)
        }
    }
}
