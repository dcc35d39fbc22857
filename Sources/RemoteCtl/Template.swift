import RemoteBridgeDBus
import RemoteBridgeText

/// playerctl's format templates: `{{var}}` and `{{function(argument, …)}}` in plain text.
///
/// Variables are metadata keys (`xesam:title`, `mpris:length`) and the shortcuts `artist`,
/// `album`, `title`, `playerName`, `status`, `volume` and `position`. Functions: `lc`, `uc`,
/// `duration` (µs → `m:ss` or `h:mm:ss`), `default(value, fallback)`, `trunc(value, length)`
/// and `emoji` (for status and volume). Arguments are variables, "strings" or numbers.
public struct Template: Sendable {
    /// A template that could not be parsed, with the reason and where.
    public struct Error: Swift.Error, CustomStringConvertible, Equatable {
        /// What is wrong with the template.
        public let description: String
    }

    indirect enum Expression: Sendable {
        case variable(String)
        case string(String)
        case number(Double)
        case call(String, [Expression])
    }

    enum Piece: Sendable {
        case text(String)
        case expression(Expression)
    }

    let pieces: [Piece]
    static let functions = ["lc", "uc", "duration", "default", "trunc", "emoji"]

    /// Parses `source`; throws with the offending part named.
    public init(_ source: String) throws(Error) {
        var pieces: [Piece] = []
        var rest = Substring(source)
        while let open = rest.firstRange(of: "{{") {
            if open.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
                throw Error(description: "a {{ is not closed: \(OutsideText.quoted(rest[open.lowerBound...]))")
            }
            var parser = ExpressionParser(text: Array(rest[open.upperBound..<close.lowerBound]))
            pieces.append(.expression(try parser.parseAll()))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        self.pieces = pieces
    }

    /// Fills the template from `values` (metadata keys and shortcuts, already unwrapped).
    public func render(_ values: [String: DBusValue]) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .expression(let expression): Self.text(Self.evaluate(expression, values))
            }
        }.joined()
    }

    static func evaluate(_ expression: Expression, _ values: [String: DBusValue]) -> DBusValue? {
        switch expression {
        case .variable(let name): return values[name]
        case .string(let text): return .string(text)
        case .number(let number): return .double(number)
        case .call(let name, let arguments):
            let evaluated = arguments.map { evaluate($0, values) }
            switch name {
            case "lc": return evaluated.first.flatMap { $0 }.map { .string(text($0).lowercased()) }
            case "uc": return evaluated.first.flatMap { $0 }.map { .string(text($0).uppercased()) }
            case "duration":
                guard let microseconds = evaluated.first.flatMap({ $0 })?.doubleValue else { return nil }
                let seconds = Int(microseconds / 1_000_000)
                let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
                return .string(hours > 0 ? String(printf: "%ld:%02ld:%02ld", hours, minutes, rest) : String(printf: "%ld:%02ld", minutes, rest))
            case "default":
                if let value = evaluated.first.flatMap({ $0 }), !text(value).isEmpty { return value }
                return evaluated.count > 1 ? evaluated[1] : nil
            case "trunc":
                guard let value = evaluated.first.flatMap({ $0 }), evaluated.count > 1, let length = evaluated[1]?.doubleValue else { return nil }
                let string = text(value)
                let limit = max(0, Int(length))
                return .string(string.count > limit ? String(string.prefix(limit)) + "…" : string)
            case "emoji":
                guard let value = evaluated.first.flatMap({ $0 }) else { return nil }
                switch value.unwrapped {
                case .string("Playing"): return .string("▶️")
                case .string("Paused"): return .string("⏸️")
                case .string("Stopped"): return .string("⏹️")
                case .double(let volume): return .string(volume < 0.33 ? "🔈" : volume < 0.66 ? "🔉" : "🔊")
                default: return value
                }
            default: return nil
            }
        }
    }

    static func text(_ value: DBusValue?) -> String {
        guard let value else { return "" }
        switch value.unwrapped {
        case .string(let text), .objectPath(let text): return text
        case .array(_, let values): return values.map { text($0) }.joined(separator: ", ")
        case .double(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: return value.int64Value.map(String.init) ?? ""
        }
    }
}

/// Parses the inside of one `{{…}}`.
private struct ExpressionParser {
    let text: [Character]
    var index = 0

    init(text: [Character]) {
        self.text = text
    }

    mutating func parseAll() throws(Template.Error) -> Template.Expression {
        let expression = try parse()
        skipSpaces()
        guard index == text.count else { throw error("unexpected \(OutsideText.quoted(String(text[index...])))") }
        return expression
    }

    mutating func parse() throws(Template.Error) -> Template.Expression {
        skipSpaces()
        guard index < text.count else { throw error("an empty {{ }}") }
        if text[index] == "\"" {
            index += 1
            var string = ""
            while index < text.count, text[index] != "\"" {
                string.append(text[index])
                index += 1
            }
            guard index < text.count else { throw error("a string is not closed") }
            index += 1
            return .string(string)
        }
        var word = ""
        while index < text.count, text[index].isLetter || text[index].isNumber || ":_-.".contains(text[index]) {
            word.append(text[index])
            index += 1
        }
        guard !word.isEmpty else { throw error("expected a name, a \"string\" or a number at \(OutsideText.quoted(String(text[index...])))") }
        skipSpaces()
        if index < text.count, text[index] == "(" {
            guard Template.functions.contains(word) else {
                throw error("unknown function \(OutsideText.bareOrQuoted(word)); the functions are \(Template.functions.joined(separator: ", "))")
            }
            index += 1
            var arguments: [Template.Expression] = []
            skipSpaces()
            while index < text.count, text[index] != ")" {
                arguments.append(try parse())
                skipSpaces()
                if index < text.count, text[index] == "," { index += 1 }
            }
            guard index < text.count else { throw error("\(OutsideText.bareOrQuoted(word))( is not closed") }
            index += 1
            return .call(word, arguments)
        }
        if let number = Double(word), word.first?.isNumber == true { return .number(number) }
        return .variable(word)
    }

    mutating func skipSpaces() {
        while index < text.count, text[index] == " " { index += 1 }
    }

    func error(_ message: String) -> Template.Error {
        Template.Error(description: "bad format template: \(message)")
    }
}
