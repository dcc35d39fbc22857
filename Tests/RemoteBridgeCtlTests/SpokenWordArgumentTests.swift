// SPDX-License-Identifier: Apache-2.0
@testable import RemoteBridgeCtl
import Testing

/// The arguments of `rate`, `chapter` and `sleep`, read before anything is sent.
@Suite("remotectl rate, chapter and sleep: their arguments")
struct SpokenWordArgumentTests {
    @Test("sleep: the words, lengths DurationText reads and +lengths pass as given; anything else is named with the forms")
    func sleepArgument() {
        for good in ["off", "end-of-track", "end-of-chapter", "20m", "1h30m", "90s", "45", "2.5", "20min", "+15m", "+1h", "+90"] {
            #expect(SleepArgument.check(good) == .success(good), "\(good)")
        }
        for bad in ["", "20 minutes", "soon", "-5m", "++15m", "15m+", "m", "+", "End-of-track", "1m1h", "inf"] {
            guard case .failure(let error) = SleepArgument.check(bad) else {
                Issue.record("accepted \(bad.debugDescription)")
                continue
            }
            #expect(error.message.contains("\"\(bad)\""), "\(error.message)")
            #expect(error.message.contains("end-of-chapter") && error.message.contains("+15m"), "\(error.message)")
        }
        // No time at all is not a timer: off says it.
        for zero in ["0", "0s", "+0m"] {
            guard case .failure(let error) = SleepArgument.check(zero) else {
                Issue.record("accepted \(zero)")
                continue
            }
            #expect(error.message.contains("use off"), "\(error.message)")
        }
    }

    @Test("rate: a plain number, or one with + or - after it to move by it; nothing else")
    func rateArgument() {
        #expect(RateArgument("1.5") == RateArgument("1.5"))
        #expect(RateArgument("1.5")?.rate(from: 1) == 1.5)
        #expect(RateArgument("0.25+")?.rate(from: 1) == 1.25)
        #expect(RateArgument("0.25-")?.rate(from: 1) == 0.75)
        #expect(RateArgument("2")?.direction == 0)
        for bad in ["", "+", "fast", "inf", "nan", "1e3", "0x2", "-1", "1.5x", "1,5", "1+5"] {
            #expect(RateArgument(bad) == nil, "\(bad)")
        }
    }

    @Test("rate: 0, a negative or non-finite rate, and one outside MinimumRate to MaximumRate are refused with the range")
    func rateRange() {
        #expect(RateArgument.problem(with: 1.5, minimum: 0.5, maximum: 2) == nil)
        #expect(RateArgument.problem(with: 2, minimum: 0.5, maximum: 2) == nil)
        #expect(RateArgument.problem(with: 3, minimum: nil, maximum: nil) == nil)
        #expect(RateArgument.problem(with: 0, minimum: 0.5, maximum: 2)?.contains("more than 0") == true)
        #expect(RateArgument.problem(with: -0.5, minimum: nil, maximum: nil)?.contains("more than 0") == true)
        #expect(RateArgument.problem(with: .infinity, minimum: nil, maximum: nil)?.contains("more than 0") == true)
        #expect(RateArgument.problem(with: 3, minimum: 0.5, maximum: 2) == "rate 3 is outside what it plays: 0.5 to 2 (MinimumRate to MaximumRate)")
        #expect(RateArgument.problem(with: 0.25, minimum: 0.5, maximum: nil) == "rate 0.25 is outside what it plays: 0.5 or more (MinimumRate to MaximumRate)")
    }

    @Test("chapter: nothing, list, next, previous, or a number from 0; nothing else")
    func chapterArgument() {
        #expect(ChapterArgument([]) == .current)
        #expect(ChapterArgument(["list"]) == .list)
        #expect(ChapterArgument(["next"]) == .next)
        #expect(ChapterArgument(["previous"]) == .previous)
        #expect(ChapterArgument(["0"]) == .index(0))
        #expect(ChapterArgument(["12"]) == .index(12))
        for bad in [["-1"], ["+1"], ["1.0"], ["first"], ["99999999999"], ["next", "2"], [""]] {
            #expect(ChapterArgument(bad) == nil, "\(bad)")
        }
    }

    @Test("times as chapter list and sleep print them")
    func clocks() {
        #expect(RemoteCtl.clock(microseconds: 754_900_000) == "12:34")
        #expect(RemoteCtl.clock(microseconds: 3_723_000_000) == "1:02:03")
        #expect(RemoteCtl.clock(microseconds: 754_000_000, hours: true) == "0:12:34")
        #expect(RemoteCtl.clock(microseconds: -5) == "0:00")
        #expect(RemoteCtl.sleepLine(kind: "off", remaining: -1) == "off")
        #expect(RemoteCtl.sleepLine(kind: "time", remaining: 1_198_000_000) == "time, 19:58 left")
        #expect(RemoteCtl.sleepLine(kind: "end-of-track", remaining: 754_000_000) == "end-of-track, 12:34 left")
        #expect(RemoteCtl.sleepLine(kind: "end-of-chapter", remaining: -1) == "end-of-chapter")
    }
}

/// The three verbs in the one table: help, the man page and --json.
@Suite("remotectl rate, chapter and sleep: in the verb table")
struct SpokenWordVerbTableTests {
    @Test("they are remotectl's own, listed by --help and the man page, and take --json but not --format")
    func table() throws {
        for name in ["rate", "chapter", "sleep"] {
            let verb = try #require(Verb.named(name))
            #expect(!verb.fromPlayerctl && !verb.takesFormat && verb.followed == nil, "\(name)")
            #expect(CommandLineOption.json.verbs.contains(name), "\(name)")
            #expect(HelpText.text.contains("  \(name) \(verb.arguments)"), "\(name)")
            #expect(PackagingFiles.manual.contains("\\fB\(name)\\fR"), "\(name)")
        }
        #expect(HelpText.text.contains("playerctl has no verb for the playback rate"))
    }

    @Test("--json goes with them; --hold does not")
    func options() throws {
        #expect(try Invocation(arguments: ["rate", "--json"]).json)
        #expect(try Invocation(arguments: ["sleep", "--json"]).json)
        #expect(throws: Invocation.UsageError.self) { try Invocation(arguments: ["chapter", "--hold", "1"]) }
    }
}
