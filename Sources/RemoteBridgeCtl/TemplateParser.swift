// SPDX-License-Identifier: Apache-2.0
import Glibc

/// playerctl's template tokenizer (`tokenize_format` and `tokenize_expression`), step by step.
///
/// It works on the template's UTF-8 bytes, as the C does, because its error messages give byte
/// positions and because its quirks follow from that loop: a number ends one byte early when it
/// reaches the second-to-last byte of the template, only spaces (not tabs) are skipped, and a
/// name is ASCII letters, digits, `_` and `:`. Past the end, a byte reads as 0, as C's
/// terminating NUL does.
struct TemplateParser {
    /// playerctl refuses a template of this many bytes or more (its buffers hold 1028).
    static let maximumBytes = 1028
    /// playerctl refuses a call with more arguments than this.
    static let maximumArguments = 32

    /// How much of what follows an operand belongs to it (`parse_level`).
    enum Level {
        /// A whole expression: `+ -` and `* /`.
        case full
        /// One operand alone: a unary operator's, or the right side of `*` and `/`.
        case nextIdentifier
        /// The right side of `+` and `-`: `*` and `/` bind to it, `+` and `-` end it.
        case multiplyDivide
    }

    /// What the expression loop is reading (`parser_state`).
    private enum State {
        /// Before an expression: spaces, `(`, a unary operator, or the start of an operand.
        case expression
        /// In a name: a variable, or a function if `(` follows at once.
        case identifier
        /// In a "string", up to the next `"` (there are no escapes).
        case string
        /// In a number: digits and dots.
        case number
    }

    /// The template's bytes.
    private let format: [UInt8]
    /// How many there are (C's `strlen`).
    private var length: Int { format.count }

    /// Prepares to parse `source`.
    init(_ source: String) {
        format = Array(source.utf8)
    }

    /// The byte at `index`, or 0 past the end (C's terminating NUL).
    private func byte(_ index: Int) -> UInt8 {
        index >= 0 && index < length ? format[index] : 0
    }

    /// The whole template: literal text and `{{ }}` expressions (`tokenize_format`).
    func parse() throws(Template.Error) -> [Template.Node] {
        guard length < Self.maximumBytes else { throw Template.Error("the maximum format string length is 1028") }
        var nodes: [Template.Node] = []
        var text: [UInt8] = []
        var index = 0
        while index < length {
            if format[index] == UInt8(ascii: "{") && byte(index + 1) == UInt8(ascii: "{") {
                if !text.isEmpty {
                    nodes.append(.text(String(decoding: text, as: UTF8.self)))
                    text = []
                }
                var end = 0
                nodes.append(try expression(from: index + 2, end: &end, level: .full))
                index = end
                while index < length && format[index] == UInt8(ascii: " ") { index += 1 }
                guard index < length, byte(index) == UInt8(ascii: "}"), byte(index + 1) == UInt8(ascii: "}") else {
                    throw Template.Error("expecting \"}}\" (position \(index))")
                }
                index += 1
            } else {
                text.append(format[index])
            }
            index += 1
        }
        if !text.isEmpty { nodes.append(.text(String(decoding: text, as: UTF8.self))) }
        return nodes
    }

    /// One expression from `position`; `end` is left on the first byte after it and its
    /// spaces (`tokenize_expression`).
    func expression(from position: Int, end: inout Int, level: Level) throws(Template.Error) -> Template.Node {
        guard position <= length - 1 else { throw Template.Error("unexpected end of expression") }
        var state = State.expression
        var buffer: [UInt8] = []
        var node: Template.Node?
        var index = position
        scan: while index < length {
            let character = format[index]
            switch state {
            case .expression:
                if character == UInt8(ascii: " ") {
                    break
                } else if character == UInt8(ascii: "(") {
                    let inner = try expression(from: index + 1, end: &end, level: .full)
                    guard end <= length - 1, byte(end) == UInt8(ascii: ")") else {
                        throw Template.Error("expected \")\" (position  \(end))")
                    }
                    end += 1
                    node = inner
                    break scan
                } else if let unary = TemplateOperator(byte: character), unary == .add || unary == .subtract {
                    let operand = try expression(from: index + 1, end: &end, level: .nextIdentifier)
                    node = .operation(unary, [operand])
                    break scan
                } else if character == UInt8(ascii: "\"") {
                    state = .string
                } else if Self.isNumeric(character) {
                    state = .number
                    buffer.append(character)
                } else if Self.isIdentifierStart(character) {
                    state = .identifier
                    buffer.append(character)
                } else {
                    throw Template.Error(bytes: Array("unexpected \"".utf8) + [character] + Array("\", expected expression (position  \(index))".utf8))
                }
            case .string:
                if character == UInt8(ascii: "\"") {
                    node = .text(String(decoding: buffer, as: UTF8.self))
                    end = skipSpaces(from: index + 1)
                    break scan
                }
                buffer.append(character)
            case .number:
                if !Self.isNumeric(character) || index == length - 2 {
                    node = .number(try Self.number(buffer, position: index))
                    end = skipSpaces(from: index)
                    break scan
                }
                buffer.append(character)
            case .identifier:
                if character == UInt8(ascii: "(") {
                    node = .call(String(decoding: buffer, as: UTF8.self), try arguments(from: index + 1, end: &end))
                    break scan
                } else if !Self.isIdentifier(character) {
                    node = .variable(String(decoding: buffer, as: UTF8.self))
                    end = skipSpaces(from: index)
                    break scan
                }
                buffer.append(character)
            }
            index += 1
        }
        guard let node else { throw Template.Error("unexpected end of expression") }
        end = skipSpaces(from: end)
        if level == .nextIdentifier || end >= length - 1 { return node }
        return try infix(after: node, end: &end, level: level)
    }

    /// A call's arguments, from the byte after `(` to past `)`.
    private func arguments(from position: Int, end: inout Int) throws(Template.Error) -> [Template.Node] {
        var arguments: [Template.Node] = []
        var index = position
        while true {
            // playerctl counts an argument before it looks at whether it parsed, so the 33rd
            // is refused for being one too many even when it is malformed too.
            var failure: Template.Error?
            do throws(Template.Error) {
                arguments.append(try expression(from: index, end: &end, level: .full))
            } catch {
                failure = error
                arguments.append(.text(""))
            }
            if arguments.count > Self.maximumArguments {
                throw Template.Error("maximum args of \(Self.maximumArguments) exceeded")
            }
            if let failure { throw failure }
            end = skipSpaces(from: end)
            if byte(end) == UInt8(ascii: ")") {
                end += 1
                return arguments
            } else if byte(end) == UInt8(ascii: ",") {
                index = end + 1
            } else {
                throw Template.Error("expecting \")\" (position \(end))")
            }
        }
    }

    /// The operators after a first operand `node`, `*` and `/` binding first, each side left
    /// to right; at `.multiplyDivide`, a `+` or `-` ends the operand.
    private func infix(after node: Template.Node, end: inout Int, level: Level) throws(Template.Error) -> Template.Node {
        var node = node
        var next = TemplateOperator(byte: byte(end))
        while let infix = next {
            var pending: TemplateOperator? = infix
            while let product = pending, product == .multiply || product == .divide {
                let operand = try expression(from: end + 1, end: &end, level: .nextIdentifier)
                node = .operation(product, [node, operand])
                pending = TemplateOperator(byte: byte(end))
            }
            if level == .multiplyDivide { return node }
            next = pending
            if let sum = pending, sum == .add || sum == .subtract {
                let operand = try expression(from: end + 1, end: &end, level: .multiplyDivide)
                node = .operation(sum, [node, operand])
                next = TemplateOperator(byte: byte(end))
            }
        }
        return node
    }

    /// The first index from `index` that is not a space.
    private func skipSpaces(from index: Int) -> Int {
        var index = index
        while index < length && format[index] == UInt8(ascii: " ") { index += 1 }
        return index
    }

    /// The number in `digits` as C's `strtod` reads it; playerctl refuses it unless every
    /// byte is used (`1.2.3`, `.`).
    private static func number(_ digits: [UInt8], position: Int) throws(Template.Error) -> Double {
        let text = String(decoding: digits, as: UTF8.self)
        let parsed: Double? = text.withCString { start in
            var stop: UnsafeMutablePointer<CChar>?
            let value = strtod(start, &stop)
            guard let stop, stop.pointee == 0 else { return nil }
            return value
        }
        guard let parsed else { throw Template.Error("invalid number: \"\(text)\" (position \(position))") }
        return parsed
    }

    /// `g_ascii_isdigit` or a dot.
    static func isNumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
    }

    /// An ASCII letter or `_`.
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// An ASCII letter or digit, `_` or `:`.
    static func isIdentifier(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ":")
    }
}

extension Template.Error {
    /// A message built from bytes, as playerctl's `%c` of one byte of a multi-byte character
    /// makes; such a lone byte becomes U+FFFD, since a Swift string is valid UTF-8.
    init(bytes: [UInt8]) {
        self.init(String(decoding: bytes, as: UTF8.self))
    }
}
