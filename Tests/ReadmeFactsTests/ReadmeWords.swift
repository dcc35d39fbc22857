// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDurations

/// Values written as README.md and the pages in `docs/` write them, so that a constant and the
/// docs' words compare as text.
enum ReadmeWords {
    /// A count, in groups of three digits from 1 000 up: `64`, `4 096`, `100 000`.
    static func count(_ value: Int) -> String {
        guard value.magnitude >= 1000 else { return String(value) }
        let digits = String(value.magnitude)
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (value < 0 ? "-" : "") + groups.joined(separator: " ")
    }

    /// A number without a needless `.0`: `3`, `0.4`, `1.15`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A duration in seconds: `5`, `0.4`.
    static func seconds(_ duration: Duration) -> String {
        number(duration.inSeconds)
    }

    /// A duration in whole minutes and their fraction: `5` for 300 s.
    static func minutes(_ duration: Duration) -> String {
        number(duration.inSeconds / 60)
    }

    /// A duration in milliseconds: `250`.
    static func milliseconds(_ duration: Duration) -> String {
        number(duration.inSeconds * 1000)
    }

    /// How often something happens, as in "every second" or "every 5 s".
    static func interval(_ duration: Duration) -> String {
        duration == .seconds(1) ? "second" : seconds(duration) + " s"
    }

    /// Bytes in KiB: `64` for 65 536; a size that is not whole KiB keeps its fraction.
    static func kibibytes(_ bytes: Int) -> String {
        number(Double(bytes) / 1024)
    }

    /// Bytes in MiB: `256` for 268 435 456.
    static func mebibytes(_ bytes: Int) -> String {
        number(Double(bytes) / 1024 / 1024)
    }

    /// Names as a sentence lists them, in backticks: `` `file`, `http` and `https` ``.
    static func list(_ names: [String]) -> String {
        let quoted = names.map { "`\($0)`" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Numbers as a sentence lists them: `1 000, 10 000 and 100 000`.
    static func counts(_ values: [Int]) -> String {
        let written = values.map(count)
        guard let last = written.last, written.count > 1 else { return written.first ?? "" }
        return written.dropLast().joined(separator: ", ") + " and " + last
    }

    /// A period a unit file states in seconds, as the docs say it: `a minute` for 60.
    static func period(seconds: Int) -> String {
        seconds == 60 ? "a minute" : "every \(seconds) s"
    }
}
