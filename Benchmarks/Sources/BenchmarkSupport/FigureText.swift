// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How a figure is shown.
public enum FigureUnit: Sendable {
    case seconds, milliseconds, mebibytes, bytes

    /// `value` (in this unit) as the tables show it.
    public func format(_ value: Double) -> String {
        switch self {
        case .seconds: String(format: "%.3f s", value)
        case .milliseconds: String(format: value < 1 ? "%.3f ms" : "%.1f ms", value)
        case .mebibytes: String(format: "%.1f MiB", value)
        case .bytes: String(format: "%.0f B", value)
        }
    }
}

/// The benchmarks' figures as their markdown tables write them.
public enum FigureText {
    /// `value` in `unit`, or "n/a" when it was not measured.
    public static func show(_ value: Double?, _ unit: FigureUnit) -> String {
        value.map(unit.format) ?? "n/a"
    }

    /// remote-playerd's figure ÷ the peer's, as "1.23×"; "–" unless both are known.
    public static func ratio(_ remote: Double?, _ mpv: Double?) -> String {
        guard let remote, let mpv, mpv > 0 else { return "–" }
        return String(format: "%.2f×", remote / mpv)
    }

    /// 100000 as "100 000".
    public static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(" ") }
            text.append(digit)
        }
        return text
    }

    /// A duration in seconds.
    public static func seconds(_ duration: Duration?) -> Double? {
        duration.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }
    }

    /// A duration in milliseconds.
    public static func milliseconds(_ duration: Duration?) -> Double? {
        seconds(duration).map { $0 * 1000 }
    }
}
