// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeDBus

/// The interface files in `dbus/interfaces/`, for tests that compare them with declarations
/// and with what running objects introspect as.
public enum InterfaceXML {
    /// `dbus/interfaces/` in this checkout.
    public static var directory: URL {
        BuiltProduct.packageRoot.appendingPathComponent("dbus/interfaces")
    }

    /// The file of interface `name`.
    public static func file(_ name: String) -> URL { directory.appendingPathComponent("\(name).xml") }

    /// What the file of `declaration` must hold: one `<node>` with the interface alone.
    public static func document(for declaration: DBusInterfaceDeclaration) -> String {
        Introspection.doctype + "\n<node>\n" + Introspection.xml(for: declaration) + "</node>\n"
    }

    /// The `<interface name="…">…</interface>` block of `name` in `xml`, with layout whitespace removed.
    public static func block(_ name: String, in xml: String) -> String? {
        guard let start = xml.range(of: "<interface name=\"\(name)\">") else { return nil }
        guard let end = xml.range(of: "</interface>", range: start.upperBound..<xml.endIndex) else { return nil }
        return normalize(String(xml[start.lowerBound..<end.upperBound]))
    }

    /// The interface names in an introspection document, in order.
    public static func interfaceNames(in xml: String) -> [String] {
        xml.components(separatedBy: "<interface name=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    /// The block of `name` as its file has it.
    public static func fileBlock(_ name: String) throws -> String? {
        block(name, in: try String(contentsOf: file(name), encoding: .utf8))
    }

    static func normalize(_ xml: String) -> String {
        xml.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
