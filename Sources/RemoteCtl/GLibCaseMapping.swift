/// `g_utf8_strdown` and `g_utf8_strup` of GLib 2.74, as `lc` and `uc` use them.
///
/// Only letters change: upper- and titlecase letters to lowercase, lower- and titlecase to
/// uppercase, with Unicode's full mappings (`ß` to `SS`, `İ` to `i̇`), so a Roman numeral or a
/// circled letter stays as it is. Σ becomes ς unless a letter follows, and U+0345 (combining
/// ypogegrammeni) becomes Ι after the marks that follow it. GLib's Turkic and Lithuanian
/// rules, which depend on the locale, are not followed (see docs/ARCHITECTURE.md).
enum GLibCaseMapping {
    /// `text` in lowercase, as `g_utf8_strdown`.
    static func lowercased(_ text: String) -> String {
        var result = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\u{03A3}" {
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                result += next.map(isLetter) == true ? "\u{03C3}" : "\u{03C2}"
                continue
            }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .titlecaseLetter:
                result += scalar.properties.lowercaseMapping
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` in uppercase, as `g_utf8_strup`.
    static func uppercased(_ text: String) -> String {
        var result = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\u{0345}" {
                while index < scalars.count, isMark(scalars[index]) {
                    result.unicodeScalars.append(scalars[index])
                    index += 1
                }
                result += "\u{0399}"
                continue
            }
            switch scalar.properties.generalCategory {
            case .lowercaseLetter, .titlecaseLetter:
                result += scalar.properties.uppercaseMapping
            default:
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
