// SPDX-License-Identifier: Apache-2.0

/// A length of time as people write it, read in one place for the config file, the command
/// line and D-Bus: a number of seconds (`45`, `2.5`), or numbers each with a unit, largest
/// first (`90s`, `20m`, `20min`, `1h30m`, `1.5h`, `3d`).
public enum DurationText {
    /// The units, each with its seconds and its rank (largest first; `m` and `min` are one
    /// unit); `min` before `m`, which it starts with.
    static let units: [(name: String, seconds: Double, rank: Int)] = [
        ("d", 86_400, 0), ("h", 3_600, 1), ("min", 60, 2), ("m", 60, 2), ("s", 1, 3),
    ]

    /// The length `text` writes, to the millisecond; nil when it is not one (empty, negative, a
    /// unit unknown or repeated out of order, a number with no unit after a unit), or longer
    /// than `Duration.milliseconds(rounding:)` holds.
    public static func parse(_ text: some StringProtocol) -> Duration? {
        let trimmed = text.utf8.count <= 64 ? String(text) : ""
        guard !trimmed.isEmpty else { return nil }
        var total = 0.0
        var rest = Substring(trimmed)
        var lastUnit = -1
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard let value = decimal(number) else { return nil }
            rest = rest.dropFirst(number.count)
            // A number alone, at the end, is seconds (`45`, `2.5`); only the whole text may be one.
            if rest.isEmpty, lastUnit < 0 { return Duration.milliseconds(rounding: value) }
            guard let unit = units.indices.first(where: { rest.hasPrefix(units[$0].name) }) else { return nil }
            // Largest first, each once.
            guard units[unit].rank > lastUnit else { return nil }
            lastUnit = units[unit].rank
            rest = rest.dropFirst(units[unit].name.count)
            total += value * units[unit].seconds
        }
        return Duration.milliseconds(rounding: total)
    }

    /// Plain decimal digits with at most one point and a digit on each side of it (`45`, `2.5`):
    /// not `Double`'s hexadecimal, exponents, signs, `nan` or `inf`.
    private static func decimal(_ text: Substring) -> Double? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// `duration` as `parse` reads it back, in the largest units that fit: `1h30m`, `20m`, `45s`,
    /// `2.5s`, `0s`.
    public static func format(_ duration: Duration) -> String {
        var milliseconds = max(0, duration.milliseconds)
        guard milliseconds > 0 else { return "0s" }
        var text = ""
        for (name, seconds) in [("d", 86_400), ("h", 3_600), ("m", 60)] as [(String, Int64)] where milliseconds >= seconds * 1000 {
            text += "\(milliseconds / (seconds * 1000))\(name)"
            milliseconds %= seconds * 1000
        }
        if milliseconds > 0 { text += Duration.milliseconds(milliseconds).secondsText + "s" }
        return text
    }
}
