// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A Markdown file of the package (README.md, or a page in `docs/`), searched for a fact's
/// phrase: where each statement of it is (the line), and the values it states there.
struct ReadmeText {
    /// One place the file makes the statement.
    struct Statement {
        /// The line the first value is on, counted from 1.
        let line: Int
        /// The whole statement, its whitespace made single spaces.
        let text: String
        /// The values it states, in the phrase's order, their whitespace made single spaces.
        let values: [String]
    }

    /// The package's folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// The file's path from the package's folder, for messages.
    let path: String
    /// The file's text.
    let text: String

    /// `path` (from the package's folder: `README.md`, `docs/state-file.md`) as it is now.
    static func load(_ path: String = "README.md") throws -> ReadmeText {
        ReadmeText(path: path, text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
    }

    /// Every place the file says `phrase`, whatever values stand for its `{}`: a value is up to
    /// 40 characters and may be wrapped.
    func statements(of phrase: String) throws -> [Statement] {
        let pattern = phrase.components(separatedBy: "{}").map { words in
            NSRegularExpression.escapedPattern(for: words).replacingOccurrences(of: " ", with: "\\s+")
        }.joined(separator: "((?:[^\\n]|\\n\\s*){1,40}?)")
        let expression = try NSRegularExpression(pattern: pattern)
        let whole = text as NSString
        return expression.matches(in: text, range: NSRange(location: 0, length: whole.length)).map { match in
            let values = (1..<match.numberOfRanges).map { Self.singleSpaced(whole.substring(with: match.range(at: $0))) }
            let start = match.numberOfRanges > 1 ? match.range(at: 1).location : match.range.location
            let line = whole.substring(to: start).reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            return Statement(line: line, text: Self.singleSpaced(whole.substring(with: match.range)), values: values)
        }
    }

    /// `text` with each run of whitespace (a line break and the next line's indent) one space.
    static func singleSpaced(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
