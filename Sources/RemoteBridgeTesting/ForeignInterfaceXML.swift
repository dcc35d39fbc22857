// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus

/// The interface files in `dbus/foreign/`: other projects' interfaces as their owners publish
/// them. A declaration of such an interface lists only what RemoteBridge uses, so it is checked
/// to be part of the file, not equal to it.
public enum ForeignInterfaceXML {
    /// `dbus/foreign/` in this checkout.
    public static var directory: URL {
        BuiltProduct.packageRoot.appendingPathComponent("dbus/foreign")
    }

    /// Where `declaration` and the owner's file of its interface disagree: a member the file lacks,
    /// or arguments or a property type of other types. Empty when every declared member is in the
    /// file as declared. A signal the file lists without arguments is checked by name only.
    public static func disagreements(of declaration: DBusInterfaceDeclaration) throws -> [String] {
        let file = directory.appendingPathComponent("\(declaration.name).xml")
        let xml = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "'", with: "\"")
        guard let block = InterfaceXML.block(declaration.name, in: xml) else { return ["\(file.lastPathComponent) has no interface \(declaration.name)"] }
        var problems: [String] = []
        for method in declaration.methods {
            guard let element = element("method", method.name, in: block) else {
                problems.append("\(method.interface).\(method.name) is not in the file")
                continue
            }
            let arguments = arguments(of: element)
            let inputs = arguments.filter { $0.direction != "out" }.map(\.type).joined()
            let outputs = arguments.filter { $0.direction == "out" }.map(\.type).joined()
            if inputs != method.inputSignature || outputs != method.outputSignature {
                problems.append("\(method.interface).\(method.name) is '\(inputs)' → '\(outputs)' in the file, declared '\(method.inputSignature)' → '\(method.outputSignature)'")
            }
        }
        for signal in declaration.signals {
            guard let element = element("signal", signal.name, in: block) else {
                problems.append("\(signal.interface).\(signal.name) is not in the file")
                continue
            }
            let types = arguments(of: element).map(\.type).joined()
            if element.contains("<arg "), types != signal.signature {
                problems.append("\(signal.interface).\(signal.name) is '\(types)' in the file, declared '\(signal.signature)'")
            }
        }
        for property in declaration.properties {
            guard let element = element("property", property.name, in: block) else {
                problems.append("\(property.interface).\(property.name) is not in the file")
                continue
            }
            let type = attribute("type", in: element[...]) ?? ""
            if type != property.signature {
                problems.append("\(property.interface).\(property.name) is '\(type)' in the file, declared '\(property.signature)'")
            }
        }
        return problems
    }

    /// The element `<kind name="name" …>…</kind>` (or self-closed) in `block`.
    static func element(_ kind: String, _ name: String, in block: String) -> String? {
        guard let start = block.range(of: "<\(kind) name=\"\(name)\"") else { return nil }
        let rest = block[start.upperBound...]
        guard let close = rest.firstIndex(of: ">") else { return nil }
        if rest[..<close].hasSuffix("/") { return String(block[start.lowerBound...close]) }
        guard let end = rest.range(of: "</\(kind)>") else { return nil }
        return String(block[start.lowerBound..<end.upperBound])
    }

    /// The type and direction of each `<arg>` in `element`, in order.
    static func arguments(of element: String) -> [(type: String, direction: String?)] {
        element.components(separatedBy: "<arg ").dropFirst().map { piece in
            let tag = " " + piece.prefix { $0 != ">" }
            return (attribute("type", in: tag[...]) ?? "", attribute("direction", in: tag[...]))
        }
    }

    /// The value of attribute `name` in the first tag of `text`.
    static func attribute(_ name: String, in text: Substring) -> String? {
        let tag = text.prefix { $0 != ">" }
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        let value = tag[start.upperBound...]
        return value.firstIndex(of: "\"").map { String(value[..<$0]) }
    }
}
