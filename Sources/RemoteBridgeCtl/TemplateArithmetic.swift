// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// The template operators, with playerctl's arithmetic (`infixfn_add` and the others).
///
/// Operands are numbers of three D-Bus types: int64 (`x`, MPRIS lengths and positions),
/// uint64 (`t`, some players' workaround) and double (`d`, every number written in a template).
/// Two int64s give an int64, checked for overflow, and divide as integers; any other pair of
/// numbers gives a double. Anything else is refused with the operand's D-Bus type in the message
/// (`'(null)'` for a missing variable, as C's printf prints a null string).
enum TemplateOperator: Sendable, Equatable {
    /// `+`, binary or unary.
    case add
    /// `-`, binary or unary.
    case subtract
    /// `*`.
    case multiply
    /// `/`.
    case divide

    /// The operator written as `byte`, or nil.
    init?(byte: UInt8) {
        switch byte {
        case UInt8(ascii: "+"): self = .add
        case UInt8(ascii: "-"): self = .subtract
        case UInt8(ascii: "*"): self = .multiply
        case UInt8(ascii: "/"): self = .divide
        default: return nil
        }
    }

    /// The operator as written.
    var symbol: String {
        switch self {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        case .divide: "/"
        }
    }

    /// The result for `operands`: one for unary `+` and `-`, else two.
    func apply(_ operands: [DBusValue?]) throws(Template.Error) -> DBusValue? {
        if operands.count == 1 { return try unary(operands[0]) }
        let (left, right) = (operands[0], operands[1])
        // playerctl checks for a missing operand of + and - (only), with its own message.
        if self == .add || self == .subtract, left == nil || right == nil {
            throw Template.Error("Got unsupported operand type for \(symbol): NULL")
        }
        guard let left, let right, Self.isNumber(left), Self.isNumber(right) else {
            throw Template.Error("Got unsupported operand types for \(symbol): '\(Self.typeName(left))' and '\(Self.typeName(right))'")
        }
        if case .int64(let a) = left, case .int64(let b) = right { return .int64(try integer(a, b)) }
        let (a, b) = (Self.double(left), Self.double(right))
        switch self {
        case .add: return .double(a + b)
        case .subtract: return .double(a - b)
        case .multiply: return .double(a * b)
        case .divide:
            guard b != 0 else { throw Template.Error("Divide by zero error") }
            return .double(a / b)
        }
    }

    /// Unary `+` (a number as it is) and `-` (an int64 or a double negated; playerctl refuses
    /// a uint64 here).
    private func unary(_ operand: DBusValue?) throws(Template.Error) -> DBusValue? {
        switch (self, operand) {
        case (.add, let value?) where Self.isNumber(value): return value
        // C's `value * -1` wraps for the smallest int64, as it does there.
        case (.subtract, .int64(let value)?): return .int64(value &* -1)
        case (.subtract, .double(let value)?): return .double(value * -1)
        default: throw Template.Error("Got unsupported operand type for unary \(symbol): '\(Self.typeName(operand))'")
        }
    }

    /// Two int64s: playerctl's overflow check for `+` and `-`, a true one for `*` and `/`
    /// (playerctl's `*` calls nearly every product an overflow, and its smallest-int64 `/ -1`
    /// kills it with SIGFPE; see docs/remotectl.md, "Deliberate differences in templates").
    private func integer(_ a: Int64, _ b: Int64) throws(Template.Error) -> Int64 {
        let overflow = Template.Error("Numeric overflow detected")
        switch self {
        case .add:
            let sum = a &+ b
            if (a > 0 && b > 0 && sum < 0) || (a < 0 && b < 0 && sum > 0) { throw overflow }
            return sum
        case .subtract:
            let difference = a &- b
            if (a > 0 && b < 0 && difference < 0) || (a < 0 && b > 0 && difference > 0) { throw overflow }
            return difference
        case .multiply:
            let (product, overflowed) = a.multipliedReportingOverflow(by: b)
            if overflowed { throw overflow }
            return product
        case .divide:
            guard b != 0 else { throw Template.Error("Divide by zero error") }
            let (quotient, overflowed) = a.dividedReportingOverflow(by: b)
            if overflowed { throw overflow }
            return quotient
        }
    }

    /// Whether playerctl does arithmetic on `value`: an int64, a uint64 or a double.
    static func isNumber(_ value: DBusValue) -> Bool {
        switch value {
        case .int64, .uint64, .double: true
        default: false
        }
    }

    /// `value` as a double (it is a number).
    private static func double(_ value: DBusValue) -> Double {
        switch value {
        case .int64(let number): Double(number)
        case .uint64(let number): Double(number)
        case .double(let number): number
        default: 0
        }
    }

    /// The D-Bus type string playerctl names in its message, or `(null)` for a missing value.
    static func typeName(_ value: DBusValue?) -> String {
        value?.signature ?? "(null)"
    }
}
