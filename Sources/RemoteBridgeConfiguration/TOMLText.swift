// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations

/// Setting values written as TOML text, for the schema's defaults (and so the example file).
enum TOMLText {
    /// A string, quoted; the defaults hold no quote or backslash.
    static func string(_ value: String) -> String { "\"\(value)\"" }

    /// An array of strings.
    static func strings(_ values: [String]) -> String { "[" + values.map(string).joined(separator: ", ") + "]" }

    /// `true` or `false`.
    static func bool(_ value: Bool) -> String { value ? "true" : "false" }

    /// A number as TOML writes it: a whole one without a fraction (`0`, `-15`), else a float.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A length of time in the largest whole unit that `ConfigurationSection.duration` reads:
    /// `"3d"`, `"12h"`, `"90min"`, `"45s"`; zero is `0`.
    static func duration(_ value: Duration) -> String {
        let seconds = Int(value.inSeconds.rounded())
        guard seconds != 0 else { return "0" }
        for (suffix, unit) in [("d", 86_400), ("h", 3600), ("min", 60)] where seconds % unit == 0 {
            return string("\(seconds / unit)\(suffix)")
        }
        return string("\(seconds)s")
    }
}
