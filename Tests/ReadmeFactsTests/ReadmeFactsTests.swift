// SPDX-License-Identifier: Apache-2.0
import Testing

/// README.md and the pages in `docs/` state numbers (limits, timings, schedules, defaults); each
/// comes from one constant (`ReadmeFacts`), and these tests read both, so that changing one
/// without the other fails, with a message that names the file's line and the constant. A
/// statement a file drops or rewords fails too: change the phrase in `ReadmeFacts` with it (and
/// its file, when it moves to another page).
@Suite("README.md and docs/ state the numbers the code has")
struct ReadmeFactsTests {
    @Test("what the programs do", arguments: ReadmeFacts.behaviour)
    func behaviour(_ fact: ReadmeFact) throws {
        try check(fact)
    }

    @Test("what the manifest, the Makefile, the units and the benchmarks hold", arguments: ReadmeFacts.files)
    func files(_ fact: ReadmeFact) throws {
        try check(fact)
    }

    /// Records an issue for each place the fact's file states `fact` with other values than the
    /// constants', and one if the file no longer states it.
    private func check(_ fact: ReadmeFact, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try fact.constants.map { try $0.value() }
        let statements = try ReadmeText.load(fact.file).statements(of: fact.phrase)
        let wanted = Self.filled(fact.phrase, with: expected)
        guard !statements.isEmpty else {
            Issue.record(
                "\(fact.file) no longer says “\(wanted)” (\(Self.constants(fact, expected))): state it again, or change this fact in ReadmeFacts (its phrase, or its file if it moved)",
                sourceLocation: sourceLocation)
            return
        }
        for statement in statements where statement.values != expected {
            let differences = zip(fact.constants, zip(statement.values, expected)).filter { $1.0 != $1.1 }.map { constant, values in
                "\(constant.name) is \(values.1), \(fact.file) says \(values.0)"
            }
            Issue.record(
                "\(fact.file):\(statement.line) says “\(statement.text)”, but \(differences.joined(separator: "; ")): it should say “\(wanted)”",
                sourceLocation: sourceLocation)
        }
    }

    /// `phrase` with its `{}` replaced by `values`, in order.
    private static func filled(_ phrase: String, with values: [String]) -> String {
        var pieces = phrase.components(separatedBy: "{}")
        for (index, value) in values.enumerated() where index + 1 < pieces.count {
            pieces[index] += value
        }
        return pieces.joined()
    }

    /// `QueueLimits.maximumEntries = 100 000, …`, for a message.
    private static func constants(_ fact: ReadmeFact, _ values: [String]) -> String {
        zip(fact.constants, values).map { "\($0.name) = \($1)" }.joined(separator: ", ")
    }
}
