// SPDX-License-Identifier: Apache-2.0
/// `g_utf8_strdown` and `g_utf8_strup` of GLib 2.74, as `lc` and `uc` use them.
///
/// Only letters change: upper- and titlecase letters to lowercase, lower- and titlecase to
/// uppercase, with Unicode's full mappings (`ß` to `SS`, `İ` to `i̇`), so a Roman numeral or a
/// circled letter stays as it is. Σ becomes ς unless a letter follows, and U+0345 (combining
/// ypogegrammeni) becomes Ι after the marks that follow it. GLib's Turkic and Lithuanian
/// rules, which depend on the locale, are not followed (see docs/remotectl.md, "Deliberate differences in templates").
enum GLibCaseMapping {
    /// `text` in lowercase, as `g_utf8_strdown`.
    static func lowercased(_ text: String) -> String {
        mapped(text, changing: [.uppercaseLetter, .titlecaseLetter], to: \.lowercaseMapping) { scalar, scalars, index, result in
            guard scalar == "\u{03A3}" else { return false }
            result += index < scalars.count && isLetter(scalars[index]) ? "\u{03C3}" : "\u{03C2}"
            return true
        }
    }

    /// `text` in uppercase, as `g_utf8_strup`.
    static func uppercased(_ text: String) -> String {
        mapped(text, changing: [.lowercaseLetter, .titlecaseLetter], to: \.uppercaseMapping) { scalar, scalars, index, result in
            guard scalar == "\u{0345}" else { return false }
            while index < scalars.count, isMark(scalars[index]) {
                result.unicodeScalars.append(scalars[index])
                index += 1
            }
            result += "\u{0399}"
            return true
        }
    }

    /// `text` with each scalar of `categories` replaced by its `mapping`, and the rest kept;
    /// `special` handles a scalar itself first when it returns true (reading on from `index`,
    /// which points after the scalar, and moving it past what it used).
    private static func mapped(
        _ text: String, changing categories: Set<Unicode.GeneralCategory>, to mapping: KeyPath<Unicode.Scalar.Properties, String>,
        special: (Unicode.Scalar, [Unicode.Scalar], inout Int, inout String) -> Bool
    ) -> String {
        var result = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if special(scalar, scalars, &index, &result) { continue }
            if categories.contains(scalar.properties.generalCategory) {
                result += scalar.properties[keyPath: mapping]
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// GLib's ISALPHA: a letter of any kind (Lu, Ll, Lt, Lm, Lo).
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    /// GLib's ISMARK: a combining mark (Mn, Mc, Me).
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
