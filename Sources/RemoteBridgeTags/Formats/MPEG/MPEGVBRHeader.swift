// SPDX-License-Identifier: Apache-2.0

/// The header an encoder puts in a layer III stream's first frame to state the frame count: a
/// Xing or Info header (with LAME's tag after it), or Fraunhofer's VBRI header. Read as
/// Mutagen's `XingHeader`, `LAMEHeader` and `VBRIHeader` read them.
struct MPEGVBRHeader: Equatable {
    /// The frames after the header's own, if it states them.
    var frames: Int?
    /// Samples the encoder added at the start and the end, from LAME's tag.
    var encoderDelay = 0
    var encoderPadding = 0

    /// Where a VBRI header starts, from the frame's start.
    static let vbriOffset = 36

    init(frames: Int? = nil) { self.frames = frames }

    /// The header in the frame whose first bytes are `frame` (at least up to the end of any
    /// header in it), or nil. `remaining` is how many bytes the source holds from the frame's
    /// start, to check that a VBRI header's table is all there, as Mutagen does.
    init?(frame: ArraySlice<UInt8>, header: MPEGFrameHeader, remaining: Int) {
        guard header.layer == 3 else { return nil }
        if let xing = Self.xing(frame.dropFirst(header.xingOffset)) {
            self = xing
        } else if let frames = Self.vbriFrames(frame.dropFirst(Self.vbriOffset), remaining: remaining - Self.vbriOffset) {
            self.frames = frames
        } else {
            return nil
        }
    }

    /// A Xing or Info header: its flags say which of the frame count, byte count, table of
    /// contents and quality follow. LAME's tag may come after them.
    private static func xing(_ bytes: ArraySlice<UInt8>) -> MPEGVBRHeader? {
        var cursor = ByteCursor(bytes)
        guard let magic = cursor.bytes(4), magic.elementsEqual("Xing".utf8) || magic.elementsEqual("Info".utf8),
            let flags = cursor.u32BE()
        else { return nil }
        var found = MPEGVBRHeader()
        if flags & 1 != 0 {
            guard let frames = cursor.u32BE() else { return nil }
            found.frames = Int(frames)
        }
        for (flag, length) in [(UInt32(2), 4), (4, 100), (8, 4)] where flags & flag != 0 {
            guard cursor.skip(length) else { return nil }
        }
        if let (delay, padding) = lameDelayAndPadding(cursor.rest) {
            found.encoderDelay = delay
            found.encoderPadding = padding
        }
        return found
    }

    /// The encoder delay and padding in LAME's tag: 9 bytes of version ("LAME3.100"), then 27
    /// of settings (revision 0), where bytes 12 to 14 hold the two as 12-bit numbers. As
    /// Mutagen's `parse_version` reads it, only versions from 3.90 on have the tag; ffmpeg's
    /// own "Lavc" string has no delay Mutagen reads, so none is taken from it either.
    private static func lameDelayAndPadding(_ bytes: ArraySlice<UInt8>) -> (Int, Int)? {
        let version = bytes.prefix(20)
        guard version.count == 20, version.starts(with: "LAME".utf8) || version.starts(with: "L3.99".utf8) else { return nil }
        let letters: Set<UInt8> = Set("EMAL".utf8)
        var rest = version.drop { letters.contains($0) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        guard let majorDigit = rest.first, isDigit(majorDigit) else { return nil }
        rest = rest.dropFirst().drop { $0 == UInt8(ascii: ".") }
        let minorDigits = rest.prefix(while: isDigit)
        guard !minorDigits.isEmpty, let minor = Int(TagText.latin1(minorDigits)) else { return nil }
        rest = rest.dropFirst(minorDigits.count)
        let major = Int(majorDigit - 0x30)
        let openParenthesis = rest.count >= 11 && rest[rest.endIndex - 11] == UInt8(ascii: "(")
        guard (major, minor) >= (3, 90), !((major, minor) == (3, 90) && openParenthesis), rest.count >= 11 else { return nil }
        let settings = bytes.dropFirst(9).prefix(27)
        guard settings.count == 27, let revision = settings[relative: 0], revision >> 4 == 0,
            let high = settings[relative: 12], let middle = settings[relative: 13], let low = settings[relative: 14]
        else { return nil }
        return (Int(high) << 4 | Int(middle >> 4), Int(middle & 0x0F) << 8 | Int(low))
    }

    /// The frame count of a VBRI header (version 1): 26 bytes, then a table of contents whose
    /// entries are 2 or 4 bytes each.
    private static func vbriFrames(_ bytes: ArraySlice<UInt8>, remaining: Int) -> Int? {
        var cursor = ByteCursor(bytes)
        guard let magic = cursor.bytes(4), magic.elementsEqual("VBRI".utf8), cursor.u16BE() == 1, cursor.skip(8),
            let frames = cursor.u32BE(), let entries = cursor.u16BE(), cursor.skip(2), let entrySize = cursor.u16BE(),
            entrySize == 2 || entrySize == 4, 26 + Int(entries) * Int(entrySize) <= remaining
        else { return nil }
        return Int(frames)
    }
}
