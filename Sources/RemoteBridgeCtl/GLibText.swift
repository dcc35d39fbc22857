// SPDX-License-Identifier: Apache-2.0
/// The GLib text functions playerctl's templates rely on, as GLib 2.74 does them.
///
/// They count Unicode scalars (GLib's "characters"), not Swift `Character`s, and bytes where
/// GLib counts bytes.
enum GLibText {
    /// `g_markup_escape_text`: `& < > ' "` as entities, and the C0 and C1 control characters
    /// that XML cannot hold (all but tab, newline, carriage return and U+0085) as `&#x…;`.
    static func markupEscaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "'": escaped += "&apos;"
            case "\"": escaped += "&quot;"
            case "\u{01}"..."\u{08}", "\u{0B}"..."\u{0C}", "\u{0E}"..."\u{1F}", "\u{7F}"..."\u{84}", "\u{86}"..."\u{9F}":
                escaped += "&#x" + String(scalar.value, radix: 16) + ";"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The first `count` scalars of `text`, or all of it when it has fewer
    /// (`g_utf8_substring(text, 0, count)` for a count of 0 or more).
    static func prefix(_ text: String, scalars count: Int64) -> Substring {
        let scalars = text.unicodeScalars
        let end = scalars.index(scalars.startIndex, offsetBy: Int(count), limitedBy: scalars.endIndex) ?? scalars.endIndex
        return Substring(scalars[..<end])
    }

    /// `g_utf8_strlen(text, bytes)`: how many scalars end within the first `bytes` bytes.
    static func scalarCount(_ text: some StringProtocol, withinBytes bytes: Int) -> Int {
        var count = 0
        var used = 0
        for scalar in text.unicodeScalars {
            used += UTF8.width(scalar)
            guard used <= bytes else { break }
            count += 1
        }
        return count
    }

    /// `g_ascii_dtostr` as `g_variant_print` uses it: `%.17g` in the C locale, with `.0`
    /// added when that shows no point, exponent, `inf` or `nan` (`1.0`, `0.10000000000000001`,
    /// `1e+22`).
    static func double(_ number: Double) -> String {
        let text = String(printf: "%.17g", number)
        return text.contains(where: { ".enN".contains($0) }) ? text : text + ".0"
    }
}
