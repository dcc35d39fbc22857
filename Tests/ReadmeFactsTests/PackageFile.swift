// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A file of the package that holds a fact the docs state but that is not a Swift constant
/// this package can import: `Package.swift`'s tools version, a Makefile variable, a systemd
/// unit's setting, and the constants of the benchmark package (`Benchmarks/`), which depends on
/// this one and so cannot be imported by its tests. Each is read as text, at the one place the
/// value is written.
struct PackageFile {
    /// Why a value could not be read: the file, and what was looked for.
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The path, from the package's folder.
    let path: String

    init(_ path: String) {
        self.path = path
    }

    /// The file's text.
    func text() throws -> String {
        try String(contentsOf: ReadmeText.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The groups of `pattern`'s first match, a regular expression over the file's text.
    func groups(_ pattern: String) throws -> [String] {
        let text = try text()
        let expression = try NSRegularExpression(pattern: pattern, options: .anchorsMatchLines)
        guard let match = expression.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)),
            match.numberOfRanges > 1
        else {
            throw Missing(description: "\(path) has nothing that matches \(pattern.debugDescription): the fact moved, and this test must read it where it is now")
        }
        return (1..<match.numberOfRanges).map { (text as NSString).substring(with: match.range(at: $0)) }
    }

    /// The first group of `pattern`'s first match.
    func value(_ pattern: String) throws -> String {
        try groups(pattern)[0]
    }

    /// The value of `key=` in a systemd unit file.
    func unitSetting(_ key: String) throws -> String {
        try value("^\(key)=(.+)$")
    }

    /// The value of `NAME := value` in a Makefile.
    func makeVariable(_ name: String) throws -> String {
        try value("^\(name) :?= *(.+)$")
    }

    /// The literal of `static let name = literal` (or `var name = literal`) in a Swift file.
    func swiftConstant(_ name: String) throws -> String {
        try value("(?:let|var) \(name)(?:: [A-Za-z]+)? = (.+)$")
    }

    /// `default:` and `minimum:` of a benchmark setting read from the environment, as
    /// `ScaleSettings` writes them: `number("SCALE_RUNS", in: environment, default: 11, minimum: 9)`.
    func environmentSetting(_ variable: String) throws -> (default: String, minimum: String) {
        let found = try groups("\"\(variable)\", in: environment, default: (.+?), minimum: ([0-9_]+)\\)")
        return (found[0], found[1])
    }
}

extension String {
    /// A Swift integer literal's value: `100_000`, `12 * 1024` and `64 << 10` included.
    var swiftInteger: Int? {
        let parts = split(separator: " ")
        if parts.count == 3, let left = Int(parts[0].replacingOccurrences(of: "_", with: "")),
            let right = Int(parts[2].replacingOccurrences(of: "_", with: ""))
        {
            switch parts[1] {
            case "*": return left * right
            case "<<": return left << right
            default: return nil
            }
        }
        return Int(replacingOccurrences(of: "_", with: ""))
    }

    /// A Swift array literal of integers: `[1_000, 10_000, 100_000]`.
    var swiftIntegers: [Int]? {
        let inside = trimmingCharacters(in: .whitespaces)
        guard inside.hasPrefix("["), let close = inside.firstIndex(of: "]") else { return nil }
        let values = inside[inside.index(after: inside.startIndex)..<close].split(separator: ",").map {
            String($0).trimmingCharacters(in: .whitespaces).swiftInteger
        }
        return values.contains(nil) ? nil : values.compactMap { $0 }
    }

    /// A Swift `Duration` literal's value: `.milliseconds(400)`, `.seconds(10)`.
    var swiftDuration: Duration? {
        let trimmed = trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(")") else { return nil }
        if trimmed.hasPrefix(".milliseconds(") {
            return String(trimmed.dropFirst(".milliseconds(".count).dropLast()).swiftInteger.map { .milliseconds($0) }
        }
        if trimmed.hasPrefix(".seconds(") {
            return String(trimmed.dropFirst(".seconds(".count).dropLast()).swiftInteger.map { .seconds($0) }
        }
        return nil
    }
}
