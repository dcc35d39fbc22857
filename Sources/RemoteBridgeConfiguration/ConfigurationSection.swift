// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations
import RemoteBridgeText

/// Reads one table of a configuration file, key by key, with types checked and unknown keys
/// refused, so a typo never passes silently.
public struct ConfigurationSection {
    /// The file, for errors.
    public let file: String
    /// The section's name (empty for the root table).
    public let name: String
    private let table: TOMLTable
    private var read: Set<String> = []

    /// Wraps `table`, the section `name` of `file`.
    public init(_ table: TOMLTable, name: String, file: String) {
        self.table = table
        self.name = name
        self.file = file
    }

    /// Parses `text` and returns its root section.
    public static func parse(_ text: String, file: String) throws(ConfigurationError) -> ConfigurationSection {
        do throws(TOMLError) {
            return ConfigurationSection(try TOMLParser.parse(text), name: "", file: file)
        } catch {
            throw ConfigurationError(file: file, line: error.line, key: "", message: error.message)
        }
    }

    /// `key` as errors name it: `[section] key`, the key bare when plain, else quoted and bounded.
    private func label(_ key: String) -> String {
        let shown = OutsideText.bareOrQuoted(key)
        return name.isEmpty ? shown : "[\(name)] \(shown)"
    }

    private func fail(_ key: String, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: table[key]?.line ?? table.line, key: label(key), message: message)
    }

    private mutating func value(_ key: String) -> TOMLValue? {
        read.insert(key)
        return table[key]?.value
    }

    /// A string, if present.
    public mutating func string(_ key: String) throws(ConfigurationError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else { throw fail(key, "expected a string in quotes, found \(value.typeName)") }
        return text
    }

    /// A string that must be one of `allowed`, if present.
    public mutating func string(_ key: String, oneOf allowed: [String]) throws(ConfigurationError) -> String? {
        guard let text = try string(key) else { return nil }
        guard allowed.contains(text) else {
            throw fail(key, "\(OutsideText.quoted(text)) is not one of: \(allowed.joined(separator: ", "))")
        }
        return text
    }

    /// A boolean, if present.
    public mutating func bool(_ key: String) throws(ConfigurationError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .boolean(let flag) = value else { throw fail(key, "expected true or false, found \(value.typeName)") }
        return flag
    }

    /// An array of strings, if present.
    public mutating func strings(_ key: String) throws(ConfigurationError) -> [String]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else { throw fail(key, "expected an array of strings, found \(value.typeName)") }
        var result: [String] = []
        for element in elements {
            guard case .string(let text) = element else {
                throw fail(key, "expected an array of strings, but it holds a \(element.typeName)")
            }
            result.append(text)
        }
        return result
    }

    /// A number (integer or float) within `range`, if present; `unit` names it in errors.
    public mutating func number(_ key: String, in range: ClosedRange<Double>, unit: String) throws(ConfigurationError) -> Double? {
        guard let value = value(key) else { return nil }
        let number: Double
        switch value {
        case .integer(let integer): number = Double(integer)
        case .float(let float): number = float
        default: throw fail(key, "expected a number of \(unit), found \(value.typeName)")
        }
        guard number.isFinite, range.contains(number) else {
            throw fail(key, "\(number) \(unit) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        return number
    }

    /// A number of seconds (integer or float) within `range`, if present.
    public mutating func seconds(_ key: String, in range: ClosedRange<Double>) throws(ConfigurationError) -> Duration? {
        guard let number = try number(key, in: range, unit: "seconds") else { return nil }
        guard let duration = Duration.milliseconds(rounding: number) else { throw fail(key, "\(number) seconds is too long") }
        return duration
    }

    /// A length of time: a number of seconds, or text of a number and a unit (`"45s"`, `"90min"`,
    /// `"12h"`, `"3d"`), within `range`.
    public mutating func duration(_ key: String, in range: ClosedRange<Duration>) throws(ConfigurationError) -> Duration? {
        guard let value = value(key) else { return nil }
        let seconds: Double
        switch value {
        case .integer(let integer): seconds = Double(integer)
        case .float(let float): seconds = float
        case .string(let text):
            guard let length = DurationText.parse(text) else {
                throw fail(key, "\(OutsideText.quoted(text)) is not a length of time; write a number of seconds, or one such as \"45s\", \"90min\", \"1h30m\", \"12h\" or \"3d\"")
            }
            seconds = length.inSeconds
        default: throw fail(key, "expected a number of seconds or a text such as \"3d\", found \(value.typeName)")
        }
        guard seconds.isFinite, let duration = Duration.milliseconds(rounding: seconds), range.contains(duration) else {
            throw fail(key, "\(seconds) seconds is outside \(range.lowerBound.inSeconds)…\(range.upperBound.inSeconds) seconds")
        }
        return duration
    }

    /// A length of time as `duration(_:in:)` reads it, or `"off"`: `.some(nil)` for off, nil
    /// when the key is absent.
    public mutating func durationOrOff(_ key: String, in range: ClosedRange<Duration>) throws(ConfigurationError) -> Duration?? {
        if case .string("off") = table[key]?.value {
            _ = value(key)
            return .some(nil)
        }
        guard let length = try duration(key, in: range) else { return nil }
        return .some(length)
    }

    /// A sub-table, if present.
    public mutating func section(_ key: String) throws(ConfigurationError) -> ConfigurationSection? {
        guard let value = value(key) else { return nil }
        guard case .table(let child) = value else { throw fail(key, "expected a table, found \(value.typeName)") }
        return ConfigurationSection(child, name: name.isEmpty ? key : "\(name).\(key)", file: file)
    }

    /// Every key of the section, in file order, for free-form tables (such as gesture bindings).
    public var keys: [String] { table.entries.map(\.key) }

    /// The line of `key`.
    public func line(of key: String) -> Int { table[key]?.line ?? table.line }

    /// Throws for the first key that was never read: it is unknown here.
    public func rejectUnknownKeys(known: [String]) throws(ConfigurationError) {
        for entry in table.entries where !read.contains(entry.key) {
            let hint = known.isEmpty ? "" : "; known keys here: \(known.joined(separator: ", "))"
            throw ConfigurationError(file: file, line: entry.line, key: label(entry.key), message: "unknown key\(hint)")
        }
    }
}
