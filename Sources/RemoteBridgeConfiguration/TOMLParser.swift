// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeText

/// A TOML syntax error, with the line and a description.
public struct TOMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line (1-based).
    public var line: Int
    /// What is wrong.
    public var message: String

    /// "line N: message".
    public var description: String { "line \(line): \(message)" }
}

/// Parses the TOML that configuration files use: tables and dotted table headers, bare and
/// quoted keys, basic and literal strings (single-line and multi-line), integers (decimal, hex,
/// octal, binary, with `_`), floats (with `inf` and `nan`), booleans, arrays (over several lines)
/// and inline tables. Dates and arrays of tables are refused with a clear error: no configuration
/// key of ours takes them.
public struct TOMLParser {
    private var scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    /// How the document's tables came to be, which decides what may be added to them later.
    private var rules = DefinitionRules()

    private init(_ text: String) {
        // CRLF is a newline; a CR anywhere else is a control character, refused by `document`.
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if scalar == "\n", scalars.last == "\r" { scalars.removeLast() }
            scalars.append(scalar)
        }
        self.scalars = scalars
    }

    /// A control character, which TOML allows nowhere but as tab (and newline between lines).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || scalar.value == 0x7F
    }

    /// Parses a whole document into its root table.
    public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        var parser = TOMLParser(text)
        return try parser.document()
    }

    // MARK: Document

    private mutating func document() throws(TOMLError) -> TOMLTable {
        if let bad = scalars.firstIndex(where: Self.isControl) {
            let line = scalars[..<bad].count { $0 == "\n" } + 1
            let code = String(scalars[bad].value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
            throw TOMLError(line: line, message: "control character U+\(padded) is not allowed; in a basic string, write it as an escape")
        }
        var root = TOMLTable()
        var currentPath: [String] = []
        while true {
            skipWhitespaceAndComments(newlines: true)
            guard let scalar = peek else { break }
            if scalar == "[" {
                advance()
                if peek == "[" { throw error("arrays of tables ([[…]]) are not supported here") }
                skipSpaces()
                let path = try key()
                skipSpaces()
                try expect("]")
                try endOfLine()
                try rules.checkHeader(path, line: line)
                try ensureTable(at: path, in: &root, line: line)
                currentPath = path
            } else {
                let keyLine = line
                let path = try key()
                skipSpaces()
                try expect("=")
                skipSpaces()
                let value = try self.value()
                try endOfLine()
                try Self.assign(value, at: path, under: currentPath, in: &root, rules: &rules, line: keyLine)
            }
        }
        return root
    }

    private mutating func ensureTable(at path: [String], in table: inout TOMLTable, line: Int) throws(TOMLError) {
        guard let first = path.first else { return }
        var child: TOMLTable
        switch table[first]?.value {
        case .table(let existing)?: child = existing
        case nil:
            child = TOMLTable()
            child.line = line
        case let other?: throw TOMLError(line: line, message: "\(OutsideText.bareOrQuoted(first)) is already a \(other.typeName), not a table")
        }
        try ensureTable(at: Array(path.dropFirst()), in: &child, line: line)
        table.set(first, .table(child), line: table[first]?.line ?? line)
    }

    /// Sets `key` (dotted, under the table at `base`) to `value`, following TOML's rules for
    /// what dotted keys may add to (`DefinitionRules`).
    private static func assign(
        _ value: TOMLValue, at key: [String], under base: [String], in root: inout TOMLTable, rules: inout DefinitionRules, line: Int
    ) throws(TOMLError) {
        try rules.checkAssignment(key, under: base, line: line)
        try insert(value, at: base + key, in: &root, line: line)
        rules.assigned(value, at: key, under: base)
    }

    private static func insert(_ value: TOMLValue, at path: [String], in table: inout TOMLTable, line: Int) throws(TOMLError) {
        guard let first = path.first else { return }
        if path.count == 1 {
            if table[first] != nil { throw TOMLError(line: line, message: "key \(OutsideText.bareOrQuoted(first)) is defined twice") }
            table.set(first, value, line: line)
            return
        }
        var child: TOMLTable
        switch table[first]?.value {
        case .table(let existing)?: child = existing
        case nil:
            child = TOMLTable()
            child.line = line
        case let other?: throw TOMLError(line: line, message: "\(OutsideText.bareOrQuoted(first)) is a \(other.typeName), not a table")
        }
        try insert(value, at: Array(path.dropFirst()), in: &child, line: line)
        table.set(first, .table(child), line: table[first]?.line ?? line)
    }

    // MARK: Keys

    private mutating func key() throws(TOMLError) -> [String] {
        var parts = [try simpleKey()]
        while true {
            skipSpaces()
            guard peek == "." else { return parts }
            advance()
            skipSpaces()
            parts.append(try simpleKey())
        }
    }

    private mutating func simpleKey() throws(TOMLError) -> String {
        switch peek {
        case "\"", "'":
            if lookingAt("'''") || lookingAt("\"\"\"") { throw error("a key cannot be a multi-line string") }
            return peek == "'" ? try literalString() : try basicString()
        default:
            var key = ""
            while let scalar = peek, scalar.properties.isASCIIHexDigit || isBareKey(scalar) {
                key.unicodeScalars.append(scalar)
                advance()
            }
            guard !key.isEmpty else { throw error("expected a key, found \(describePeek)") }
            return key
        }
    }

    private func isBareKey(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "_"
            || scalar == "-"
    }

    // MARK: Values

    private mutating func value() throws(TOMLError) -> TOMLValue {
        switch peek {
        case "\"": return .string(try basicString())
        case "'": return .string(try literalString())
        case "[": return try array()
        case "{": return try inlineTable()
        case "t", "f": return try boolean()
        case nil: throw error("expected a value, found the end of the file")
        default: return try number()
        }
    }

    private mutating func boolean() throws(TOMLError) -> TOMLValue {
        let word = takeWord()
        switch word {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        default: throw error("expected a value, found \(OutsideText.quoted(word)) (strings need quotes)")
        }
    }

    private mutating func number() throws(TOMLError) -> TOMLValue {
        let word = takeWord()
        guard !word.isEmpty else { throw error("expected a value, found \(describePeek)") }
        if word.contains(":") || (word.count >= 10 && word.dropFirst(4).first == "-") {
            throw error("dates and times are not supported here: \(OutsideText.bareOrQuoted(word))")
        }
        guard TOMLNumberSyntax.isValid(word) else {
            throw error("not a valid value: \(OutsideText.quoted(word)) (strings need quotes; numbers have no leading zeros, and _ only between digits)")
        }
        let cleaned = word.replacingUnderscores()
        switch cleaned {
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where cleaned.hasPrefix(prefix) {
            guard let value = Int64(cleaned.dropFirst(2), radix: radix) else { throw error("not a valid number: \(OutsideText.bareOrQuoted(word))") }
            return .integer(value)
        }
        if let value = Int64(cleaned), !cleaned.hasPrefix("0") || cleaned == "0" || cleaned.hasPrefix("-") || cleaned.hasPrefix("+") {
            return .integer(value)
        }
        if cleaned.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let value = Double(cleaned) {
            return .float(value)
        }
        throw error("not a valid value: \(OutsideText.quoted(word)) (strings need quotes)")
    }

    private mutating func takeWord() -> String {
        var word = ""
        while let scalar = peek, !" \t\r\n,]}#=".unicodeScalars.contains(scalar) {
            word.unicodeScalars.append(scalar)
            advance()
        }
        return word
    }

    private mutating func array() throws(TOMLError) -> TOMLValue {
        try expect("[")
        var elements: [TOMLValue] = []
        while true {
            skipWhitespaceAndComments(newlines: true)
            if peek == "]" {
                advance()
                return .array(elements)
            }
            elements.append(try value())
            skipWhitespaceAndComments(newlines: true)
            if peek == "," {
                advance()
            } else if peek != "]" {
                throw error("expected , or ] in an array, found \(describePeek)")
            }
        }
    }

    private mutating func inlineTable() throws(TOMLError) -> TOMLValue {
        try expect("{")
        var table = TOMLTable()
        var inlineRules = DefinitionRules()
        table.line = line
        skipSpaces()
        if peek == "}" {
            advance()
            return .table(table)
        }
        while true {
            skipSpaces()
            let keyLine = line
            let path = try key()
            skipSpaces()
            try expect("=")
            skipSpaces()
            try Self.assign(try value(), at: path, under: [], in: &table, rules: &inlineRules, line: keyLine)
            skipSpaces()
            if peek == "," {
                advance()
            } else if peek == "}" {
                advance()
                return .table(table)
            } else {
                throw error("expected , or } in an inline table, found \(describePeek)")
            }
        }
    }

    // MARK: Strings

    private mutating func basicString() throws(TOMLError) -> String {
        let multiline = openString("\"")
        var result = ""
        while true {
            if let finished = try closing("\"", multiline: multiline, result) { return finished }
            guard let scalar = peek else { throw error("a string is not closed") }
            advance()
            if scalar == "\\" {
                if multiline, let next = peek, next == "\n" || next == " " || next == "\t" {
                    // A line-ending backslash: only spaces may come between it and the newline.
                    var ahead = index
                    while ahead < scalars.count, scalars[ahead] == " " || scalars[ahead] == "\t" { ahead += 1 }
                    guard ahead < scalars.count, scalars[ahead] == "\n" else { throw error("a backslash followed by spaces must end the line") }
                    skipWhitespaceAndComments(newlines: true, comments: false)
                    continue
                }
                result.unicodeScalars.append(try escape())
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }

    private mutating func escape() throws(TOMLError) -> Unicode.Scalar {
        guard let scalar = peek else { throw error("a string is not closed") }
        advance()
        switch scalar {
        case "b": return "\u{8}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{C}"
        case "r": return "\r"
        case "\"": return "\""
        case "\\": return "\\"
        case "u", "U":
            let digits = scalar == "u" ? 4 : 8
            var hex = ""
            for _ in 0..<digits {
                guard let digit = peek, digit.properties.isASCIIHexDigit else { throw error("\\\(scalar) needs \(digits) hex digits") }
                hex.unicodeScalars.append(digit)
                advance()
            }
            guard let code = UInt32(hex, radix: 16), let result = Unicode.Scalar(code) else {
                throw error("\\\(scalar)\(hex) is not a Unicode scalar value")
            }
            return result
        default:
            throw error("unknown escape \\\(scalar)")
        }
    }

    private mutating func literalString() throws(TOMLError) -> String {
        let multiline = openString("'")
        var result = ""
        while true {
            if let finished = try closing("'", multiline: multiline, result) { return finished }
            guard let scalar = peek else { throw error("a string is not closed") }
            result.unicodeScalars.append(scalar)
            advance()
        }
    }

    /// Opens a string at its quote (or three, for a multi-line string, whose first newline is
    /// dropped); says whether it is multi-line.
    private mutating func openString(_ quote: Unicode.Scalar) -> Bool {
        let multiline = lookingAt(String(repeating: Character(quote), count: 3))
        advance(multiline ? 3 : 1)
        if multiline, peek == "\n" { advance() }
        return multiline
    }

    /// The finished string when the scanner is at its closing quote (three for a multi-line
    /// string), nil to read on; throws when the file, or a single-line string's line, ends first.
    private mutating func closing(_ quote: Unicode.Scalar, multiline: Bool, _ result: String) throws(TOMLError) -> String? {
        guard let scalar = peek else { throw error("a string is not closed") }
        if multiline {
            return lookingAt(String(repeating: Character(quote), count: 3)) ? try closeMultiline(quote, appendingTo: result) : nil
        }
        if scalar == "\n" { throw error("a string is not closed before the end of the line") }
        guard scalar == quote else { return nil }
        advance()
        return result
    }

    /// Ends a multi-line string at its closing three quotes; up to two more quotes just before
    /// them belong to the string (`""""a""""` is `"a"`).
    private mutating func closeMultiline(_ quote: Unicode.Scalar, appendingTo result: String) throws(TOMLError) -> String {
        var quotes = 3
        while quotes < 6, index + quotes < scalars.count, scalars[index + quotes] == quote { quotes += 1 }
        guard quotes <= 5 else { throw error("too many quotes at the end of a multi-line string") }
        var result = result
        result.unicodeScalars.append(contentsOf: repeatElement(quote, count: quotes - 3))
        advance(quotes)
        return result
    }

    // MARK: Scanning

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private var describePeek: String {
        guard let peek else { return "the end of the file" }
        return peek == "\n" ? "the end of the line" : OutsideText.quoted(String(peek))
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < scalars.count {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }
    }

    private func lookingAt(_ text: String) -> Bool {
        let wanted = Array(text.unicodeScalars)
        return index + wanted.count <= scalars.count && Array(scalars[index..<index + wanted.count]) == wanted
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(TOMLError) {
        guard peek == scalar else { throw error("expected \(Character(scalar)), found \(describePeek)") }
        advance()
    }

    private mutating func skipSpaces() {
        while peek == " " || peek == "\t" { advance() }
    }

    private mutating func skipWhitespaceAndComments(newlines: Bool, comments: Bool = true) {
        while let scalar = peek {
            if scalar == " " || scalar == "\t" || (newlines && scalar == "\n") {
                advance()
            } else if comments, scalar == "#" {
                while let next = peek, next != "\n" { advance() }
            } else {
                return
            }
        }
    }

    private mutating func endOfLine() throws(TOMLError) {
        skipSpaces()
        if peek == "#" { while let next = peek, next != "\n" { advance() } }
        guard peek == nil || peek == "\n" else { throw error("expected the end of the line, found \(describePeek)") }
    }

    private func error(_ message: String) -> TOMLError {
        TOMLError(line: line, message: message)
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(unicodeScalars.filter { $0 != "_" })
    }
}
