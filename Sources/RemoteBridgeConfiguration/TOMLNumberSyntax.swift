// SPDX-License-Identifier: Apache-2.0
/// TOML 1.0's number grammar, checked on the text as written: no leading zeros, `_` only
/// between two digits, a digit on both sides of the decimal point, signs only on decimal numbers.
enum TOMLNumberSyntax {
    /// Whether `word` is an integer or a float as TOML writes them.
    static func isValid(_ word: String) -> Bool {
        var text = Substring(word)
        for prefix in ["0x", "0o", "0b"] where text.hasPrefix(prefix) {
            let digits: (Character) -> Bool =
                switch prefix {
                case "0x": { $0.isHexDigit }
                case "0o": { ("0"..."7").contains($0) }
                default: { $0 == "0" || $0 == "1" }
                }
            return isDigitRun(text.dropFirst(2), digits)
        }
        if text.first == "+" || text.first == "-" { text = text.dropFirst() }
        if text == "inf" || text == "nan" { return true }
        // The integer part, then an optional fraction, then an optional exponent.
        let integerEnd = text.firstIndex { $0 == "." || $0 == "e" || $0 == "E" } ?? text.endIndex
        let integer = text[..<integerEnd]
        guard isDigitRun(integer, \.isASCIIDigit), integer == "0" || integer.first != "0" else { return false }
        var rest = text[integerEnd...]
        if rest.first == "." {
            let fractionEnd = rest.firstIndex { $0 == "e" || $0 == "E" } ?? rest.endIndex
            guard isDigitRun(rest[rest.index(after: rest.startIndex)..<fractionEnd], \.isASCIIDigit) else { return false }
            rest = rest[fractionEnd...]
        }
        if let marker = rest.first, marker == "e" || marker == "E" {
            var exponent = rest.dropFirst()
            if exponent.first == "+" || exponent.first == "-" { exponent = exponent.dropFirst() }
            return isDigitRun(exponent, \.isASCIIDigit)
        }
        return rest.isEmpty
    }

    /// One or more digits, with single underscores only between two of them.
    private static func isDigitRun(_ text: Substring, _ isDigit: (Character) -> Bool) -> Bool {
        guard let first = text.first, let last = text.last, isDigit(first), isDigit(last) else { return false }
        var previousWasUnderscore = false
        for character in text {
            if character == "_" {
                if previousWasUnderscore { return false }
                previousWasUnderscore = true
            } else {
                guard isDigit(character) else { return false }
                previousWasUnderscore = false
            }
        }
        return true
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
