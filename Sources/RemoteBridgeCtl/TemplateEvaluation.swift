// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeDBus

/// Expands one parsed node against a context, as playerctl's `expand_token` does.
///
/// A missing variable is nil, not an error: each function and operator decides what nil means.
/// A call's arguments are all expanded first, so an error in an argument wins over an unknown
/// function name, which is only noticed here, when the call is reached.
struct TemplateEvaluation {
    /// The variables: metadata keys and playerctl's shortcuts.
    let context: [String: DBusValue]

    /// The value of `node`, or nil for nothing.
    func value(of node: Template.Node) throws(Template.Error) -> DBusValue? {
        switch node {
        case .text(let text):
            return .string(text)
        case .number(let number):
            return .double(number)
        case .variable(let name):
            return context[name]
        case .call(let name, let arguments):
            let values = try self.values(of: arguments)
            guard let function = TemplateFunction(rawValue: name) else {
                throw Template.Error("unknown template function: \(name)")
            }
            return try function.apply(values, arguments: arguments)
        case .operation(let operation, let operands):
            return try operation.apply(try values(of: operands))
        }
    }

    /// The values of `nodes`, in order; the first error stops it.
    private func values(of nodes: [Template.Node]) throws(Template.Error) -> [DBusValue?] {
        var values: [DBusValue?] = []
        for node in nodes { values.append(try value(of: node)) }
        return values
    }
}
