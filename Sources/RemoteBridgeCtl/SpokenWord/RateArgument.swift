// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeText

/// `remotectl rate`'s argument, as `volume` takes its level: `1.5` sets the rate, `0.25+` and
/// `0.25-` move it by that much from where it is.
struct RateArgument: Equatable {
    /// The number given.
    let value: Double
    /// +1 or -1 to move by `value`, 0 to set it.
    let direction: Int

    /// Reads `text`; nil when it is not a finite number, with an optional `+` or `-` after it.
    init?(_ text: String) {
        var number = Substring(text)
        switch number.last {
        case "+": direction = 1
        case "-": direction = -1
        default: direction = 0
        }
        if direction != 0 { number = number.dropLast() }
        // Digits and a point only (no "inf", "nan", hex or exponent tricks): a rate is written plainly.
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number), value.isFinite else {
            return nil
        }
        self.value = value
    }

    /// The rate to set, given the player's `current` one.
    func rate(from current: Double) -> Double {
        direction == 0 ? value : current + Double(direction) * value
    }

    /// Why `rate` cannot be set on a player whose rates go from `minimum` to `maximum` (either
    /// nil when the player does not say); nil when it can.
    static func problem(with rate: Double, minimum: Double?, maximum: Double?) -> String? {
        guard rate.isFinite, rate > 0 else {
            return "a rate must be more than 0 (1.0 is normal speed); \(RateArgument.text(rate)) is not"
        }
        let low = minimum ?? 0
        let high = maximum ?? .infinity
        guard rate >= low, rate <= high else {
            let range = maximum == nil ? "\(text(low)) or more" : "\(text(low)) to \(text(high))"
            return "rate \(text(rate)) is outside what it plays: \(range) (MinimumRate to MaximumRate)"
        }
        return nil
    }

    /// A rate as messages show it: `1.5`, `0.25`, `2`.
    static func text(_ rate: Double) -> String {
        guard rate.isFinite else { return "\(rate)" }
        var shown = String(printf: "%.6f", rate)
        while shown.hasSuffix("0") { shown.removeLast() }
        if shown.hasSuffix(".") { shown.removeLast() }
        return shown
    }
}
