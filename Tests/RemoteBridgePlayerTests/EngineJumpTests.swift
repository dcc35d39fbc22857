// SPDX-License-Identifier: Apache-2.0
import RemoteBridgeEngineProtocol
import Testing

@testable import RemoteBridgePlayer

/// Which position reports a seek holds back: those mpv made before it ran. On instants given.
@Suite("EngineJump: the reports read while a seek is under way")
struct EngineJumpTests {
    let start = ContinuousClock.now
    func report(_ seconds: Double, after milliseconds: Int) -> EnginePosition {
        EnginePosition(timePos: seconds, heard: seconds, at: start + .milliseconds(milliseconds))
    }

    @Test("held until mpv says seek after the answer, then playback-restart: the report between them is taken, the old ones never")
    func seekDone() {
        var jump = EngineJump(askedAt: start, cause: .seek(serial: 7))
        let step1 = jump.holds(report(3.0, after: 1))
        #expect(step1, "made before the seek ran")
        let step2 = jump.take(.playbackRestart)
        #expect(step2 == .underWay, "a restart before mpv said it jumped is an earlier one's")
        let step3 = jump.take(.seek)
        #expect(step3 == .underWay)
        let step4 = jump.holds(report(3.1, after: 2))
        #expect(step4)
        let step5 = jump.take(.playbackRestart)
        #expect(step5 == .underWay, "a seek read before the answer may be an earlier seek's")
        jump.answer(6)
        #expect(!jump.answered, "another request's answer")
        jump.answer(7)
        let step6 = jump.take(.seek)
        #expect(step6 == .underWay)
        #expect(jump.held == nil, "what was held before mpv jumped is dropped")
        let step7 = jump.holds(report(42.0, after: 5))
        #expect(step7)
        let step8 = jump.take(.playbackRestart)
        #expect(step8 == .done(report(42.0, after: 5)))
    }

    @Test("a file handed over at a position: done at its own entry's start-file then playback-restart; another entry's start, a seek or an answer do not count")
    func fileStarted() {
        var jump = EngineJump(askedAt: start, cause: .load(key: 4))
        jump.answer(1)
        #expect(!jump.answered, "a load is not waited for by its answer")
        let step9 = jump.holds(report(7.0, after: 1))
        #expect(step9)
        let others: [MPVEvent] = [.startFile(entryID: 3), .fileLoaded(duration: 30, metadata: .none), .seek, .playbackRestart]
        for event in others {
            let step = jump.take(event)
            #expect(step == .underWay, "\(event) is the old file's")
        }
        let step10 = jump.take(.startFile(entryID: 4))
        #expect(step10 == .underWay)
        #expect(jump.held == nil, "the old file's report is dropped")
        let step11 = jump.take(.playbackRestart)
        #expect(step11 == .done(nil), "no report after it jumped: nothing to take")
    }

    @Test("past the limit the next report is taken whatever it says (a seek mpv refused, a file that did not open)")
    func limit() {
        var jump = EngineJump(askedAt: start, cause: .seek(serial: 1))
        let last = Int(EngineJump.limit.components.seconds * 1000)
        let step12 = jump.holds(report(1.0, after: last - 1))
        #expect(step12)
        let step13 = jump.holds(report(1.2, after: last))
        #expect(!step13)
    }
}
