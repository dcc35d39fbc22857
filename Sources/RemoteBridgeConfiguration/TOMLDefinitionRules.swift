// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeText

/// What TOML lets a document add to a table, by how the table came to be:
///
/// - a `[header]` defines its table once; a table made by dotted keys (`a.b = 1`) cannot be
///   defined again by a header, though its sub-tables can;
/// - dotted keys add only to tables that dotted keys made, not to ones a header made;
/// - an inline table (`a = { … }`) and an array are complete: nothing is added to them later.
struct DefinitionRules {
    /// Tables defined by a `[header]`, and the ones a header made on its way.
    private var byHeader: Set<[String]> = []
    private var explicitHeaders: Set<[String]> = []
    /// Tables dotted keys made.
    private var byDottedKeys: Set<[String]> = []
    /// Inline tables and arrays.
    private var complete: Set<[String]> = []

    /// Checks a `[header]` before its table is made.
    mutating func checkHeader(_ path: [String], line: Int) throws(TOMLError) {
        let name = OutsideText.bareOrQuoted(path.joined(separator: "."))
        for end in 1...path.count where complete.contains(Array(path[..<end])) {
            throw TOMLError(line: line, message: "[\(name)] adds to \(OutsideText.bareOrQuoted(path[..<end].joined(separator: "."))), which is an inline table or array and complete")
        }
        guard !explicitHeaders.contains(path) else { throw TOMLError(line: line, message: "table [\(name)] is defined twice") }
        guard !byDottedKeys.contains(path) else {
            throw TOMLError(line: line, message: "table [\(name)] is already defined by dotted keys")
        }
        explicitHeaders.insert(path)
        for end in 1...path.count { byHeader.insert(Array(path[..<end])) }
    }

    /// Checks `key = …` under the table at `base` before the value is stored.
    func checkAssignment(_ key: [String], under base: [String], line: Int) throws(TOMLError) {
        for end in 1..<max(1, key.count) {
            let table = base + key[..<end]
            let name = OutsideText.bareOrQuoted(table.joined(separator: "."))
            if complete.contains(table) { throw TOMLError(line: line, message: "\(name) is an inline table or array; nothing can be added to it") }
            if byHeader.contains(table) { throw TOMLError(line: line, message: "dotted keys cannot add to [\(name)], which a header defines") }
        }
        if complete.contains(base + key) { throw TOMLError(line: line, message: "key \(OutsideText.bareOrQuoted(key.joined(separator: "."))) is defined twice") }
    }

    /// Records what an assignment made.
    mutating func assigned(_ value: TOMLValue, at key: [String], under base: [String]) {
        for end in 1..<max(1, key.count) { byDottedKeys.insert(base + key[..<end]) }
        switch value {
        case .table, .array: complete.insert(base + key)
        default: break
        }
    }
}
