// SPDX-License-Identifier: Apache-2.0
/// Outside text (a URI, a key, a device name, a peer's error message) as it may appear in an
/// error message, a log line or on a terminal: escaped so that it cannot forge a line or send a
/// terminal escape, and bounded in bytes, so that a megabyte of input is not echoed back.
///
/// The bound counts UTF-8 bytes of what is written, not `Character`s: one letter with half a
/// million combining accents is a single `Character` of a megabyte. The cut falls between two
/// Unicode scalars, never inside one (it may fall inside a grapheme: that is the point), and is
/// marked with the size of the whole, such as `"file:///a…"… (1048584 bytes)`.
public enum OutsideText {
    /// Bytes of outside text, as written (escapes included), quoted in one error message or log line.
    public static let quotedBytes = 200

    /// Bytes of a whole message that comes from outside or quotes it (a D-Bus error message, sent
    /// or received; a problem logged as one line), mark included: passed to `escaped(_:maximumBytes:)`
    /// so that neither a handler that quotes too much nor a peer that answers with a megabyte
    /// reaches a log or the bus whole.
    public static let messageBytes = 1024

    /// `text` in double quotes, escaped: whole if it fits in `quotedBytes` bytes, else its start,
    /// then `… (N bytes)` with the size of the whole.
    public static func quoted(_ text: some StringProtocol) -> String {
        render(text.unicodeScalars.lazy.map(Piece.scalar), size: text.utf8.count, quoting: true, maximumBytes: quotedBytes)
    }

    /// `text` as is when it is short and holds nothing to escape (a path, a key, a bus name, as
    /// the user wrote it), else `quoted(text)`.
    public static func bareOrQuoted(_ text: some StringProtocol) -> String {
        let plain = !text.isEmpty && text.utf8.count <= quotedBytes
            && text.unicodeScalars.allSatisfy { $0 != "\"" && $0 != "\\" && escape($0, quoting: true, afterBoundary: false) == nil }
        return plain ? String(text) : quoted(text)
    }

    /// `text` without quotes, for a whole message from outside (a peer's error message): control
    /// characters escaped, and cut after `maximumBytes` bytes with `… (N bytes)`.
    /// The result, mark included, has at most `maximumBytes` bytes, so a message cut once is not
    /// cut again when it passes the same bound a second time.
    public static func escaped(_ text: some StringProtocol, maximumBytes: Int) -> String {
        let pieces = text.unicodeScalars.lazy.map(Piece.scalar)
        let size = text.utf8.count
        let whole = render(pieces, size: size, quoting: false, maximumBytes: maximumBytes)
        guard whole.utf8.count > maximumBytes else { return whole }
        return render(pieces, size: size, quoting: false, maximumBytes: max(0, maximumBytes - mark(size).utf8.count))
    }

    /// The longest start of `text` that has at most `maximumBytes` bytes of UTF-8 and ends
    /// between two Unicode scalars.
    public static func prefix(_ text: Substring, maximumBytes: Int) -> Substring {
        let utf8 = text.utf8
        guard utf8.count > maximumBytes else { return text }
        var end = utf8.index(utf8.startIndex, offsetBy: max(0, maximumBytes))
        // Back up past continuation bytes (10xxxxxx) to the start of the scalar the limit falls in.
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        return text[..<end]
    }

    /// One piece of outside text: a Unicode scalar, or a byte that is not part of valid UTF-8.
    enum Piece {
        case scalar(Unicode.Scalar)
        case invalid(UInt8)
    }

    /// Writes `pieces` escaped, in quotes if `quoting`, whole if the escaped text fits in
    /// `maximumBytes`, else cut before the first piece that does not fit and marked with `size`.
    static func render(_ pieces: some Sequence<Piece>, size: Int, quoting: Bool, maximumBytes: Int) -> String {
        var body = ""
        var afterBoundary = true
        var whole = true
        for piece in pieces {
            let written: String
            switch piece {
            case .scalar(let scalar):
                if let escaped = escape(scalar, quoting: quoting, afterBoundary: afterBoundary) {
                    written = escaped
                    afterBoundary = true
                } else {
                    written = String(scalar)
                    afterBoundary = false
                }
            case .invalid(let byte):
                written = "\\x" + hex(UInt32(byte))
                afterBoundary = true
            }
            guard body.utf8.count + written.utf8.count <= maximumBytes else {
                whole = false
                break
            }
            body += written
        }
        let quote = quoting ? "\"" : ""
        return quote + body + quote + (whole ? "" : mark(size))
    }

    /// What follows a cut: `… (N bytes)`, the size of the whole.
    private static func mark(_ size: Int) -> String { "… (\(size) bytes)" }

    /// The escape for `scalar`, or nil if it is written as is. Escaped: the quote and the
    /// backslash (when `quoting`), control characters (C0, DEL and C1, which terminals read as
    /// escapes), line and paragraph separators, bidirectional controls (which reorder what
    /// follows on screen), and a combining scalar `afterBoundary` (at the opening quote or after
    /// an escape, where it would join the character before it).
    static func escape(_ scalar: Unicode.Scalar, quoting: Bool, afterBoundary: Bool) -> String? {
        switch scalar {
        case "\"" where quoting: return "\\\""
        case "\\" where quoting: return "\\\\"
        case "\0": return "\\0"
        case "\t": return "\\t"
        case "\n": return "\\n"
        case "\r": return "\\r"
        default: break
        }
        let properties = scalar.properties
        let hidden: Bool
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: hidden = true
        default: hidden = properties.isBidiControl || (afterBoundary && properties.isGraphemeExtend)
        }
        return hidden ? "\\u{" + hex(scalar.value) + "}" : nil
    }

    /// `value` in uppercase hexadecimal, at least two digits.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}
