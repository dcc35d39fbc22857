// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// A playerctl 2.4.1 format template (`--format`), parsed and expanded as playerctl does.
///
/// Text outside `{{ }}` is kept as written. Inside, an expression: a variable (`title`,
/// `xesam:title`, `mpris:length`), a "string" (no escapes), a number (digits and dots), the
/// operators `+ - * /` (with `*` and `/` first, left to right, and unary `+` and `-`),
/// parentheses, and the functions `lc`, `uc`, `duration`, `markup_escape`, `default`, `emoji`
/// and `trunc`. Parsing and expansion follow playerctl's own tokenizer and evaluator step by
/// step, so the same template gives the same text, and the same error message, as playerctl
/// (`Error.description` is the text playerctl prints after `Could not execute command: `).
/// The deliberate differences are listed in docs/remotectl.md, "Deliberate differences in templates".
public struct Template: Sendable {
    /// Why a template could not be parsed or expanded, in playerctl's words.
    public struct Error: Swift.Error, CustomStringConvertible, Equatable, Sendable {
        /// playerctl's message, such as `unknown template function: x`.
        public let description: String

        /// Makes an error with playerctl's message.
        init(_ description: String) {
            self.description = description
        }
    }

    /// One parsed piece: playerctl's tokens, with its operators told apart from its functions.
    indirect enum Node: Sendable, Equatable {
        /// Text outside `{{ }}`, or a "string" inside.
        case text(String)
        /// A number; playerctl keeps every number as a double.
        case number(Double)
        /// A name looked up in the context when expanding.
        case variable(String)
        /// A named function call; the name is only checked when expanding, as playerctl does.
        case call(String, [Node])
        /// An operator with one operand (unary) or two.
        case operation(TemplateOperator, [Node])
    }

    /// The pieces, in order.
    let nodes: [Node]

    /// Parses `source` as playerctl does; throws playerctl's message for a malformed template
    /// (`expecting "}}" (position 7)`) or one of 1028 bytes or more.
    public init(_ source: String) throws(Error) {
        nodes = try TemplateParser(source).parse()
    }

    /// Expands the template with `context` (see `context(metadata:player:)`): each `{{ }}`
    /// becomes its value printed as playerctl prints it, and one whose value is missing becomes
    /// nothing. The first error stops it, with playerctl's message (`Divide by zero error`).
    public func render(_ context: [String: DBusValue]) throws(Error) -> String {
        var text = ""
        for node in nodes {
            if let value = try TemplateEvaluation(context: context).value(of: node) {
                text += PlayerctlText.value(value)
            }
        }
        return text
    }

    /// Whether the template names `variable` anywhere, inside calls and operations too
    /// (playerctl's `playerctl_formatter_contains_key`): `--follow` asks it whether to follow a
    /// property, and whether to redraw every second for `position`.
    public func mentions(_ variable: String) -> Bool {
        nodes.contains { $0.mentions(variable) }
    }
}

extension Template.Node {
    /// Whether this node or one of its arguments is the variable `name`.
    func mentions(_ name: String) -> Bool {
        switch self {
        case .text, .number: false
        case .variable(let variable): variable == name
        case .call(_, let arguments), .operation(_, let arguments): arguments.contains { $0.mentions(name) }
        }
    }
}
