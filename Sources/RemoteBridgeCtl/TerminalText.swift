// SPDX-License-Identifier: Apache-2.0
/// Text from players made safe for a terminal: a title is data, and must not be able to move
/// the cursor, retitle the window or rewrite the screen with escape sequences.
enum TerminalText {
    /// `text` with every control character shown in caret notation (`ESC` as `^[`, a newline as
    /// `^J`) and C1 controls (U+0080–U+009F, which some terminals obey too) as U+FFFD.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20: result += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            case 0x7F: result += "^?"
            case 0x80..<0xA0: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }
}
