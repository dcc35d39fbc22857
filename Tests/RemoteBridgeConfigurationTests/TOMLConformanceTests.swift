// SPDX-License-Identifier: Apache-2.0
import Foundation
import RemoteBridgeConfiguration
import Testing

/// toml-test's cases (github.com/toml-lang/toml-test, MIT, see toml-test/LICENSE) for TOML 1.0,
/// kept to the subset the parser supports: every invalid document, and the valid ones without
/// dates or arrays of tables, which no configuration key takes and the parser refuses by design.
@Suite("TOML conformance (toml-test)")
struct TOMLConformanceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("toml-test")

    static func cases(_ kind: String) -> [String] {
        let base = root.appendingPathComponent(kind)
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".toml") }.sorted()
    }

    /// The document as toml-test's tagged JSON: `{"type": …, "value": …}` for each scalar.
    static func tagged(_ value: TOMLValue) -> Any {
        switch value {
        case .string(let text): ["type": "string", "value": text]
        case .integer(let number): ["type": "integer", "value": String(number)]
        case .float(let number): ["type": "float", "value": number]
        case .boolean(let flag): ["type": "bool", "value": flag ? "true" : "false"]
        case .array(let values): values.map(tagged)
        case .table(let table): tagged(table)
        }
    }

    static func tagged(_ table: TOMLTable) -> [String: Any] {
        Dictionary(table.entries.map { ($0.key, tagged($0.value)) }, uniquingKeysWith: { _, last in last })
    }

    /// Compares our tagged JSON with toml-test's; floats by value (toml-test writes them as text).
    static func same(_ ours: Any, _ expected: Any) -> Bool {
        switch (ours, expected) {
        case (let a as [String: Any], let b as [String: Any]):
            if a["type"] as? String == "float", b["type"] as? String == "float", let x = a["value"] as? Double, let text = b["value"] as? String {
                let y = text == "inf" || text == "+inf" ? Double.infinity : text == "-inf" ? -.infinity : text.hasSuffix("nan") ? .nan : Double(text)
                guard let y else { return false }
                return (x.isNaN && y.isNaN) || (x == y && x.sign == y.sign)
            }
            return Set(a.keys) == Set(b.keys) && a.allSatisfy { key, value in same(value, b[key]!) }
        case (let a as [Any], let b as [Any]):
            return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case (let a as String, let b as String):
            return a == b
        default:
            return false
        }
    }

    @Test("enough cases are here to mean something")
    func corpus() {
        #expect(Self.cases("valid").count >= 150)
        #expect(Self.cases("invalid").count >= 450)
    }

    @Test("every valid document parses to exactly what toml-test expects", arguments: cases("valid"))
    func valid(_ name: String) throws {
        let file = Self.root.appendingPathComponent("valid").appendingPathComponent(name)
        let text = try #require(String(data: try Data(contentsOf: file), encoding: .utf8))
        let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: file.deletingPathExtension().appendingPathExtension("json")))
        let table = try TOMLParser.parse(text)
        #expect(Self.same(Self.tagged(table), expected), "\(name)")
    }

    @Test("every invalid document is refused with a line number", arguments: cases("invalid"))
    func invalid(_ name: String) throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("invalid").appendingPathComponent(name))
        // Not UTF-8 at all: the loader refuses it before the parser (ConfigurationFile.read).
        guard let text = String(data: data, encoding: .utf8) else { return }
        #expect(throws: TOMLError.self, "\(name)") { try TOMLParser.parse(text) }
    }
}
