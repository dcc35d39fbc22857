// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// playerctl's template functions (`helperfn_*`), with their arity and type rules and messages.
///
/// Every function but `default` turns a missing argument into an empty string; those that
/// work on text first print their argument as playerctl prints any value (so `lc(1)` is
/// `1.0`). Arity is checked before anything else, and a call with no arguments cannot be
/// written (playerctl's parser wants an expression after `(`).
enum TemplateFunction: String, Sendable {
    /// `lc(value)`: the value printed, in lowercase.
    case lc
    /// `uc(value)`: the value printed, in uppercase.
    case uc
    /// `duration(microseconds)`: `M:SS` or `H:MM:SS`.
    case duration
    /// `markup_escape(value)`: the value printed, escaped for Pango markup.
    case markupEscape = "markup_escape"
    /// `default(value, fallback)`: the fallback when the value is missing or an empty string.
    case `default`
    /// `emoji(status)` or `emoji(volume)`: a symbol.
    case emoji
    /// `trunc(value, length)`: the value printed, cut to `length` Unicode scalars, with `…`.
    case trunc

    /// How many arguments the function takes.
    var arity: Int {
        switch self {
        case .default, .trunc: 2
        default: 1
        }
    }

    /// playerctl's message for a call with `count` arguments instead of `arity`. `duration`'s
    /// names `uc`: playerctl's copy of the message says so, and remotectl prints the same.
    func arityMessage(_ count: Int) -> String {
        let name = self == .duration ? "uc" : rawValue
        return "function \(name) takes exactly \(arity == 1 ? "one argument" : "two arguments") (got \(count))"
    }

    /// The function applied to `values`, the expanded `arguments` (emoji looks at how its
    /// argument was written).
    func apply(_ values: [DBusValue?], arguments: [Template.Node]) throws(Template.Error) -> DBusValue? {
        guard values.count == arity else { throw Template.Error(arityMessage(values.count)) }
        if self == .default {
            // Nothing when both are missing; the fallback for a missing or empty string.
            guard let first = values[0], first != .string("") else { return values[1] }
            return first
        }
        guard let value = values[0] else { return .string("") }
        switch self {
        case .lc: return .string(GLibCaseMapping.lowercased(PlayerctlText.value(value)))
        case .uc: return .string(GLibCaseMapping.uppercased(PlayerctlText.value(value)))
        case .duration: return .string(try Self.duration(value))
        case .markupEscape: return .string(GLibText.markupEscaped(PlayerctlText.value(value)))
        case .emoji: return try Self.emoji(value, written: arguments[0])
        case .trunc: return try Self.truncated(value, to: values[1])
        case .default: return value
        }
    }

    /// Microseconds as `M:SS`, or `H:MM:SS` from an hour. An int64, a uint64 (read as an
    /// int64, as C converts it) or a double (cut to an int64 as x86-64 does); the parts keep C's
    /// signs, so -90 s is `-1:-30`.
    private static func duration(_ value: DBusValue) throws(Template.Error) -> String {
        let microseconds: Int64
        switch value {
        case .int64(let number): microseconds = number
        case .uint64(let number): microseconds = Int64(truncatingIfNeeded: number)
        case .double(let number): microseconds = CConversion.int64(number)
        default: throw Template.Error("function duration can only be called on track position values")
        }
        let seconds = microseconds / 1_000_000 % 60
        let minutes = microseconds / 1_000_000 / 60 % 60
        let hours = microseconds / 1_000_000 / 60 / 60
        func twoDigits(_ number: Int64) -> String { (0..<10).contains(number) ? "0\(number)" : "\(number)" }
        return hours != 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))" : "\(minutes):\(twoDigits(seconds))"
    }

    /// `status` as ▶️ ⏸️ ⏹️ (any letter case) and `volume` (a double) as 🔈 🔉 🔊; any other
    /// value as it is. The argument must be written as a variable.
    private static func emoji(_ value: DBusValue, written argument: Template.Node) throws(Template.Error) -> DBusValue {
        guard case .variable(let key) = argument else {
            throw Template.Error("the emoji function can only be called with a variable")
        }
        switch (key, value) {
        case ("status", .string(let status)):
            // strcasecmp: ASCII letters only.
            switch String(decoding: status.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self) {
            case "playing": return .string("▶️")
            case "stopped": return .string("⏹️")
            case "paused": return .string("⏸️")
            default: return value
            }
        case ("volume", .double(let volume)):
            return .string(volume < 0.3333 ? "🔈" : volume < 0.6666 ? "🔉" : "🔊")
        default:
            return value
        }
    }

    /// The value printed and cut to `length` Unicode scalars, with `…` when cut. The length
    /// must be a double, as every number written in a template is; it is cut to an integer as
    /// x86-64 does. As in playerctl: -1 keeps everything, a length below -1 keeps nothing, and
    /// whether it was cut is judged on the first 256 bytes alone, so a text cut after more
    /// than 256 bytes gets no `…`.
    private static func truncated(_ value: DBusValue, to length: DBusValue?) throws(Template.Error) -> DBusValue {
        guard let length else { return .string("") }
        guard case .double(let count) = length else {
            throw Template.Error("function trunc's length parameter can only be called with an int")
        }
        let original = PlayerctlText.value(value)
        let limit = CConversion.int64(count)
        let kept: Substring =
            switch limit {
            case -1: Substring(original)
            case ..<(-1): ""
            default: GLibText.prefix(original, scalars: limit)
            }
        let window = 256
        let cut = GLibText.scalarCount(kept, withinBytes: window) < GLibText.scalarCount(original, withinBytes: window)
        return .string(kept + (cut ? "…" : ""))
    }
}

/// C's conversions of a double, as x86-64 does them.
enum CConversion {
    /// `(gint64)number`: cut toward zero; NaN and anything outside the int64 range give the
    /// smallest int64 (the processor's "integer indefinite"), where Swift would trap.
    static func int64(_ number: Double) -> Int64 {
        guard number >= -0x1p63, number < 0x1p63 else { return .min }
        return Int64(number.rounded(.towardZero))
    }
}
