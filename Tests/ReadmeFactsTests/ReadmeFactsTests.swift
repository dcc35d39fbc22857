import Testing

/// README.md states numbers (limits, timings, schedules, defaults); each comes from one
/// constant (`ReadmeFacts`), and these tests read both, so that changing one without the other
/// fails, with a message that names README's line and the constant. A statement README drops
/// or rewords fails too: change the phrase in `ReadmeFacts` with it.
@Suite("README.md states the numbers the code has")
struct ReadmeFactsTests {
    @Test("what the programs do", arguments: ReadmeFacts.behaviour)
    func behaviour(_ fact: ReadmeFact) throws {
        try check(fact)
    }

    @Test("what the manifest, the Makefile, the units and the benchmarks hold", arguments: ReadmeFacts.files)
    func files(_ fact: ReadmeFact) throws {
        try check(fact)
    }

    /// Records an issue for each place README states `fact` with other values than the
    /// constants', and one if README no longer states it.
    private func check(_ fact: ReadmeFact, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try fact.constants.map { try $0.value() }
        let statements = try ReadmeText.load().statements(of: fact.phrase)
        let wanted = Self.filled(fact.phrase, with: expected)
        guard !statements.isEmpty else {
            Issue.record(
                "README.md no longer says “\(wanted)” (\(Self.constants(fact, expected))): state it again, or change this fact in ReadmeFacts",
                sourceLocation: sourceLocation)
            return
        }
        for statement in statements where statement.values != expected {
            let differences = zip(fact.constants, zip(statement.values, expected)).filter { $1.0 != $1.1 }.map { constant, values in
                "\(constant.name) is \(values.1), README says \(values.0)"
            }
            Issue.record(
                "README.md:\(statement.line) says “\(statement.text)”, but \(differences.joined(separator: "; ")): it should say “\(wanted)”",
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
